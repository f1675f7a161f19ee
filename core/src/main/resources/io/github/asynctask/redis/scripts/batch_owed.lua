--[[
  The oldest batch reports a queue owes (owe_batch_report in lib.lua): children that ended
  without their worker reporting them. The caller reports each to its batch
  (batch_report.lua, idempotent) and then settles it (batch_settle.lua). O(limit).

  KEYS[1] <prefix>:{q}:bown  zset, "<batch id>:<child index>" -> owed since (ms)
  ARGV[1] most entries to return (at least 1)
  Reply: the entries, oldest first
]]
local limit = whole_arg(ARGV[1])
if not limit or limit < 1 then
  return redis.error_reply('batch_owed: ARGV[1] (most entries) must be a whole number of at least 1')
end
if redis.call('TYPE', KEYS[1]).ok ~= 'zset' then
  return {}
end
return redis.call('ZRANGE', KEYS[1], 0, limit - 1)
