--[[
  Releases owed by this queue's completed tasks that are older than a grace: the worker that
  owed them crashed or lost Redis before settling them. The caller releases each again
  (flow_release.lua is idempotent) and settles it (flow_settle.lua). O(limit).

  KEYS[1] <prefix>:{q}:frel  zset, "<condition>\n<queue>\n<id>" -> owed since (ms)
  ARGV[1] grace in ms: entries owed at least this long
  ARGV[2] most entries to return
  Reply: the entries
]]
local grace, limit = tonumber(ARGV[1]), tonumber(ARGV[2])
if not finite(grace) or not finite(limit) or limit < 1 then
  return redis.error_reply('flow_owed: ARGV[1] grace and ARGV[2] limit must be numbers, the limit positive')
end
return redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', now_ms() - grace, 'LIMIT', 0, limit)
