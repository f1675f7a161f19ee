--[[
  A page of one of the batch listings, newest first: the index of recent batches
  (batch_index.lua, a zset) or a batch's dead children (batch_report.lua, a list).

  KEYS[1] <prefix>:{batches}:recent  zset, batch id -> created (ms)
       or <prefix>:{b:<batch id>}:d  list, '<queue> <task id>'
  ARGV[1] offset, ARGV[2] count (1 to 1000)
  Reply: { entries in all, entry, entry, ... } ({ 0 } for a missing key)
]]
local offset, count = whole_arg(ARGV[1]), whole_arg(ARGV[2])
if not offset or not count or count < 1 or count > 1000 then
  return redis.error_reply('batch_page: ARGV[1] (offset) and ARGV[2] (count, 1 to 1000) must be whole numbers')
end
local kind = redis.call('TYPE', KEYS[1]).ok
local reply, entries = { 0 }, {}
if kind == 'zset' then
  reply[1] = redis.call('ZCARD', KEYS[1])
  entries = redis.call('ZREVRANGE', KEYS[1], offset, offset + count - 1)
elseif kind == 'list' then
  reply[1] = redis.call('LLEN', KEYS[1])
  entries = redis.call('LRANGE', KEYS[1], offset, offset + count - 1)
end
for _, entry in ipairs(entries) do
  reply[#reply + 1] = entry
end
return reply
