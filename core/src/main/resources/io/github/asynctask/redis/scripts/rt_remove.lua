--[[
  Removes one run-time schedule of a queue (its call, state, next look and problem report).
  Tasks its ticks created stay.

  KEYS[1] <prefix>:{q}:rts   ZSET  (see rt_put.lua)
  KEYS[2] <prefix>:{q}:rtc   HASH
  KEYS[3] <prefix>:{q}:rtst  HASH
  KEYS[4] <prefix>:{q}:rtp   HASH
  ARGV[1] schedule id
  Reply: 1 removed, 0 there was none of that id
]]
local id = ARGV[1]
local removed = redis.call('HDEL', KEYS[2], id)
redis.call('ZREM', KEYS[1], id)
redis.call('HDEL', KEYS[3], id)
redis.call('HDEL', KEYS[4], id)
return removed
