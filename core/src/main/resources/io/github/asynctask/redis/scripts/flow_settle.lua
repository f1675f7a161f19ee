--[[
  Forgets owed releases that were carried out (or that are unreadable and were dropped).

  KEYS[1] <prefix>:{q}:frel  zset, "<condition>\n<queue>\n<id>" -> owed since (ms)
  ARGV[1..] the entries
  Reply: how many were forgotten
]]
if #ARGV == 0 then
  return 0
end
return redis.call('ZREM', KEYS[1], unpack(ARGV))
