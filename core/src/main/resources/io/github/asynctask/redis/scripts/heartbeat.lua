--[[
  Registers or refreshes one instance for the console, and forgets a few instances that
  stopped heartbeating (so the registry stays bounded when nobody lists it; O(batch)).
  Counting the instances that serve a queue is serving.lua's job, per queue.

  KEYS[1] <prefix>:{instances}:seen  zset, instance id -> expires at (ms)
  KEYS[2] <prefix>:{instances}:info  hash, instance id -> info JSON
  ARGV[1] instance id
  ARGV[2] info JSON
  ARGV[3] ttl in ms
  Reply: 1
]]
local seen, info = KEYS[1], KEYS[2]
local now = now_ms()
for _, id in ipairs(redis.call('ZRANGEBYSCORE', seen, '-inf', now, 'LIMIT', 0, 10)) do
  redis.call('ZREM', seen, id)
  redis.call('HDEL', info, id)
end
redis.call('ZADD', seen, now + tonumber(ARGV[3]), ARGV[1])
redis.call('HSET', info, ARGV[1], ARGV[2])
return 1
