--[[
  Holds back a run-time schedule this instance cannot fire (its task method is not
  registered here, its arguments cannot be read, its stored call is unreadable): records the
  problem for listings and moves its next look to ARGV[3], unless it moved on meanwhile (an
  instance that can fire it, or a replace). Nothing is deleted.

  KEYS[1] <prefix>:{q}:rts   ZSET  (see rt_put.lua)
  KEYS[2] <prefix>:{q}:rtp   HASH
  ARGV[1] schedule id
  ARGV[2] its next look as the caller read it (ms)
  ARGV[3] the next look to set (ms)
  ARGV[4] the problem
  Reply: 1 held, 0 it moved on (or is gone) meanwhile
]]
local seen, until_ms = tonumber(ARGV[2]), tonumber(ARGV[3])
if not finite(seen) or not finite(until_ms) or ARGV[4] == '' then
  return redis.error_reply('rt_hold: bad arguments for run-time schedule ' .. ARGV[1])
end
if tonumber(redis.call('ZSCORE', KEYS[1], ARGV[1])) ~= seen then
  return 0
end
redis.call('ZADD', KEYS[1], 'XX', until_ms, ARGV[1])
redis.call('HSET', KEYS[2], ARGV[1], ARGV[4])
return 1
