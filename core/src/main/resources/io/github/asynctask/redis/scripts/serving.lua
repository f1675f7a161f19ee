--[[
  Marks one instance as serving a queue until ttl from now (or unmarks it), forgets the
  instances whose mark ran out, and counts the live ones: what spreads the queue's periodic
  work over the instances that serve it, with one call per queue per heartbeat. The key
  expires with the last mark, so a queue nobody serves any more leaves nothing behind.

  KEYS[1] <prefix>:{q}:workers  zset, instance id -> serves until (ms)
  ARGV[1] instance id
  ARGV[2] ttl in ms; 0 to unmark (the instance stops cleanly)
  Reply: number of live instances serving the queue
]]
local workers = KEYS[1]
local ttl = tonumber(ARGV[2])
if not ttl or ttl < 0 then
  return redis.error_reply('serving: ttl must be a non-negative number of ms but was ' .. tostring(ARGV[2]))
end
local now = now_ms()
-- removes only marks that ran out: amortized O(1) per instance that ever served
redis.call('ZREMRANGEBYSCORE', workers, '-inf', now)
if ttl == 0 then
  redis.call('ZREM', workers, ARGV[1])
  return redis.call('ZCARD', workers)
end
redis.call('ZADD', workers, now + ttl, ARGV[1])
local longest = tonumber(redis.call('ZRANGE', workers, -1, -1, 'WITHSCORES')[2])
redis.call('PEXPIREAT', workers, longest)
return redis.call('ZCARD', workers)
