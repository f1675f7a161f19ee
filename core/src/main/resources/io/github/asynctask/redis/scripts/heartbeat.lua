--[[
  Registers or refreshes one instance for the console, and forgets a few instances that
  stopped heartbeating (so the registry stays bounded when nobody lists it; O(batch)). Given
  the serving sets of its queues, it also marks the instance as serving each of them and
  counts the live instances serving each, in this one call however many queues (the
  instance's periodic agents space their rounds by these counts); with a ttl of 0 it
  unregisters the instance and unmarks it instead (a clean stop).

  KEYS[1] <prefix>:{instances}:seen           zset, instance id -> expires at (ms)
  KEYS[2] <prefix>:{instances}:info           hash, instance id -> info JSON
  KEYS[3..] <prefix>:{instances}:serving:<q>  zset, instance id -> serves q until (ms); optional
  ARGV[1] instance id
  ARGV[2] info JSON
  ARGV[3] ttl in ms; 0 to unregister
  Reply: 1 without serving sets; else { live instances, live instances serving KEYS[3], ... }
]]
local seen, info = KEYS[1], KEYS[2]
local ttl = whole_arg(ARGV[3])
if not ttl then
  return redis.error_reply('heartbeat: ARGV[3] (ttl in ms) must be a whole number of at least 0 but was '
    .. tostring(ARGV[3]))
end
local now = now_ms()
for _, id in ipairs(redis.call('ZRANGEBYSCORE', seen, '-inf', now, 'LIMIT', 0, 10)) do
  redis.call('ZREM', seen, id)
  redis.call('HDEL', info, id)
end
if ttl == 0 then
  redis.call('ZREM', seen, ARGV[1])
  redis.call('HDEL', info, ARGV[1])
else
  redis.call('ZADD', seen, now + ttl, ARGV[1])
  redis.call('HSET', info, ARGV[1], ARGV[2])
end
if #KEYS < 3 then
  return 1
end
local counts = { redis.call('ZCOUNT', seen, '(' .. now, '+inf') }
for i = 3, #KEYS do
  local serving = KEYS[i]
  -- removes only marks that ran out: amortized O(1) per instance that ever served
  redis.call('ZREMRANGEBYSCORE', serving, '-inf', now)
  if ttl == 0 then
    redis.call('ZREM', serving, ARGV[1])
  else
    redis.call('ZADD', serving, now + ttl, ARGV[1])
    redis.call('PEXPIREAT', serving, tonumber(redis.call('ZRANGE', serving, -1, -1, 'WITHSCORES')[2]))
  end
  counts[#counts + 1] = redis.call('ZCARD', serving)
end
return counts
