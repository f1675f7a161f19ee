--[[
  The most recent batches of the index (batch_index.lua), newest first, a page at a time.

  KEYS[1] <prefix>:{batches}:recent  zset, batch id -> created (ms)
  ARGV[1] offset, ARGV[2] count (1 to 500)
  Reply: { listed in all, id, id, ... }
]]
local offset, count = whole_arg(ARGV[1]), whole_arg(ARGV[2])
if not offset or not count or count < 1 or count > 500 then
  return redis.error_reply('batch_recent: ARGV[1] (offset) and ARGV[2] (count, 1 to 500) must be whole numbers')
end
local reply = { redis.call('ZCARD', KEYS[1]) }
for _, id in ipairs(redis.call('ZREVRANGE', KEYS[1], offset, offset + count - 1)) do
  reply[#reply + 1] = id
end
return reply
