--[[
  A page of a batch's dead children, newest first, as batch_report.lua keeps them.

  KEYS[1] <prefix>:{b:<batch id>}:d  list, '<queue> <task id>'
  ARGV[1] offset, ARGV[2] count (1 to 1000)
  Reply: { kept in all, child, child, ... }
]]
local offset, count = whole_arg(ARGV[1]), whole_arg(ARGV[2])
if not offset or not count or count < 1 or count > 1000 then
  return redis.error_reply('batch_dead: ARGV[1] (offset) and ARGV[2] (count, 1 to 1000) must be whole numbers')
end
local reply = { redis.call('LLEN', KEYS[1]) }
for _, child in ipairs(redis.call('LRANGE', KEYS[1], offset, offset + count - 1)) do
  reply[#reply + 1] = child
end
return reply
