--[[
  Claims a free instance number for short task ids: the first candidate number whose key
  is free is set to this instance's id under a lease. Its id horizon (the last millisecond
  up to which a holder may make ids with it) moves past the previous holder's, so ids made
  under the number never repeat one an earlier holder made, even if that holder's clock
  ran ahead of this one's. O(candidates).

  KEYS[1]   <prefix>:{instances}:id-horizons  hash, number -> horizon (Unix ms, holder's clock)
  KEYS[2..] <prefix>:{instances}:n:<k>        string, instance id holding number k (PX lease)
  ARGV[1]   instance id
  ARGV[2]   lease in ms
  ARGV[3]   the instance's clock now (Unix ms)
  ARGV[4..] the number k of each KEYS[2..], in the same order
  Reply: {k, previous horizon (0: none), new horizon}, or {-1, 0, 0} when every candidate
         is held
]]
local horizons = KEYS[1]
local instance_id, lease, now = ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[3])
if not lease or lease <= 0 or not now then
  return redis.error_reply('id_claim: lease and now must be numbers of ms but were '
    .. tostring(ARGV[2]) .. ', ' .. tostring(ARGV[3]))
end
for i = 2, #KEYS do
  if redis.call('SET', KEYS[i], instance_id, 'NX', 'PX', lease) then
    local k = ARGV[i + 2]
    local previous = tonumber(redis.call('HGET', horizons, k) or '0')
    -- ids start after the previous horizon; the new holder may go a lease past that or
    -- past its own clock, whichever is later
    local horizon = math.max(previous + 1, now) + lease
    redis.call('HSET', horizons, k, string.format('%.0f', horizon))
    return { tonumber(k), previous, horizon }
  end
end
return { -1, 0, 0 }
