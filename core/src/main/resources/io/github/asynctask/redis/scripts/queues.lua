--[[
  Registers queue names for the console, endpoint, metrics and janitors, each with when it
  was last registered, and lists every registered one. A registry written as a plain set
  (before last-seen times were kept) is converted first, its names seen now.

  KEYS[1] <prefix>:queues  zset, queue name -> last registered at (ms)
  ARGV[1..] queue names to register (none: only list)
  Reply: array of every registered queue name
]]
local queues = KEYS[1]
local now = now_ms()
if redis.call('TYPE', queues)['ok'] == 'set' then
  local names = redis.call('SMEMBERS', queues)
  redis.call('DEL', queues)
  for _, name in ipairs(names) do
    redis.call('ZADD', queues, now, name)
  end
end
for _, name in ipairs(ARGV) do
  redis.call('ZADD', queues, now, name)
end
return redis.call('ZRANGE', queues, 0, -1)
