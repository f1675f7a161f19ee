--[[
  Removes an instance that stops cleanly, so the console and the cluster spread forget it
  at once instead of after its heartbeat expires.

  KEYS[1] <prefix>:{instances}:seen  zset
  KEYS[2] <prefix>:{instances}:info  hash
  ARGV[1] instance id
  Reply: 1
]]
redis.call('ZREM', KEYS[1], ARGV[1])
redis.call('HDEL', KEYS[2], ARGV[1])
return 1
