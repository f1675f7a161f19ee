--[[
  Registers queue names for the console and endpoint, and lists every registered one.

  KEYS[1] <prefix>:queues  set
  ARGV[1..] queue names to add (none: only list)
  Reply: array of every registered queue name
]]
if #ARGV > 0 then
  redis.call('SADD', KEYS[1], unpack(ARGV))
end
return redis.call('SMEMBERS', KEYS[1])
