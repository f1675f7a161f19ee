--[[
  Drops a queue from the registry if nobody registered it for a while (the caller found it
  empty in every state first). A registration since then keeps it.

  KEYS[1] <prefix>:queues  zset, queue name -> last registered at (ms)
  ARGV[1] queue name
  ARGV[2] how long it must have gone unregistered, in ms
  Reply: 1 dropped, 0 kept
]]
local unseen = tonumber(ARGV[2])
if not unseen then
  return redis.error_reply('forget_queue: ARGV[2] must be a number of ms')
end
local seen = redis.call('ZSCORE', KEYS[1], ARGV[1])
if seen and tonumber(seen) <= now_ms() - unseen then
  redis.call('ZREM', KEYS[1], ARGV[1])
  return 1
end
return 0
