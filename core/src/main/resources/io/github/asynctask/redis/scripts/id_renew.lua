--[[
  Renews this instance's lease on its number for short task ids, and moves the number's
  id horizon up to what the instance asks (never down), while the number's key still
  holds the instance's id; a number lost (the lease ran out, maybe taken by another
  instance) is left alone.

  KEYS[1] <prefix>:{instances}:id-horizons  hash, number -> horizon (Unix ms, holder's clock)
  KEYS[2] <prefix>:{instances}:n:<k>        string, instance id holding number k (PX lease)
  ARGV[1] instance id
  ARGV[2] the number k (plain digits, as the key names it)
  ARGV[3] lease in ms
  ARGV[4] the horizon asked for (Unix ms)
  Reply: the number's horizon after the renewal, or 0 when the number is no longer held
         by the instance
  Every argument and the recorded horizon are checked before the first write.
]]
local horizons, holder = KEYS[1], KEYS[2]
local lease, asked = whole_arg(ARGV[3]), whole_arg(ARGV[4])
if not lease or lease == 0 or not asked then
  return redis.error_reply('id_renew: lease (ms, above 0) and horizon (ms) must be whole numbers, got '
    .. tostring(ARGV[3]) .. ', ' .. tostring(ARGV[4]))
end
if not canonical_whole(ARGV[2]) then
  return redis.error_reply('id_renew: the number ARGV[2] is ' .. ARGV[2]
    .. ', not a whole number in plain digits; nothing was written')
end
if redis.call('GET', holder) ~= ARGV[1] then
  return 0
end
-- an unreadable recorded horizon is replaced by the one asked: it can only have been ours
-- since our claim, and nothing else tells how far we went
local horizon = math.max(whole_arg(redis.call('HGET', horizons, ARGV[2]) or '0') or 0, asked)
redis.call('PEXPIRE', holder, lease)
redis.call('HSET', horizons, ARGV[2], string.format('%.0f', horizon))
return horizon
