--[[
  Batch reports owed by a queue were delivered to their batches: forgets them. O(entries).

  KEYS[1] <prefix>:{q}:bown  zset, "<batch id>:<child index>" -> owed since (ms)
  ARGV[1..] the entries delivered
  Reply: how many were forgotten
]]
if #ARGV == 0 or redis.call('TYPE', KEYS[1]).ok ~= 'zset' then
  return 0
end
return redis.call('ZREM', KEYS[1], unpack(ARGV))
