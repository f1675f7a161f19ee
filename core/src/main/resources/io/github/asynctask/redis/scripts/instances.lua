--[[
  Forgets instances that stopped heartbeating and lists the live ones.

  KEYS[1] <prefix>:{instances}:seen  zset, instance id -> expires at (ms)
  KEYS[2] <prefix>:{instances}:info  hash, instance id -> info JSON
  Reply: flat array { id1, info1, id2, info2, ... }
]]
local seen, info = KEYS[1], KEYS[2]
local now = now_ms()
local expired = redis.call('ZRANGEBYSCORE', seen, '-inf', now, 'LIMIT', 0, 100)
for _, id in ipairs(expired) do
  redis.call('ZREM', seen, id)
  redis.call('HDEL', info, id)
end
local out = {}
for _, id in ipairs(redis.call('ZRANGE', seen, 0, -1)) do
  out[#out + 1] = id
  out[#out + 1] = redis.call('HGET', info, id) or '{}'
end
return out
