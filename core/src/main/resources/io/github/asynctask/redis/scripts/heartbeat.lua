--[[
  Registers or refreshes one instance for the console and for spreading periodic work.

  KEYS[1] <prefix>:{instances}:seen  zset, instance id -> expires at (ms)
  KEYS[2] <prefix>:{instances}:info  hash, instance id -> info JSON
  ARGV[1] instance id
  ARGV[2] info JSON
  ARGV[3] ttl in ms
  Reply: 1
]]
redis.call('ZADD', KEYS[1], now_ms() + tonumber(ARGV[3]), ARGV[1])
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
return 1
