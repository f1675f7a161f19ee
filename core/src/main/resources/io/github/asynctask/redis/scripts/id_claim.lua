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
  ARGV[4..] the number k of each KEYS[2..], in the same order (plain digits, as the key names it)
  Reply: {k, previous horizon (0: none), new horizon}, or {-1, 0, 0} when every candidate
         is held (or its horizon unreadable)
  Every argument and recorded horizon is checked before the first write.
]]
local horizons = KEYS[1]
local instance_id, lease, now = ARGV[1], whole_arg(ARGV[2]), whole_arg(ARGV[3])
if not lease or lease == 0 or not now or #ARGV ~= #KEYS + 2 then
  return redis.error_reply('id_claim: lease (ms, above 0) and now (ms) must be whole numbers, and one number per'
    .. ' candidate key; got lease ' .. tostring(ARGV[2]) .. ', now ' .. tostring(ARGV[3]) .. ', '
    .. (#KEYS - 1) .. ' keys and ' .. (#ARGV - 3) .. ' numbers')
end
for i = 4, #ARGV do
  if not canonical_whole(ARGV[i]) then
    return redis.error_reply('id_claim: candidate number ARGV[' .. i .. '] is ' .. ARGV[i]
      .. ', not a whole number in plain digits; nothing was written')
  end
end
-- every candidate's recorded horizon, read before the first write: a number whose horizon is
-- unreadable is passed over (how far its last holder went is unknown), never claimed blind
local numbers = {}
for i = 2, #KEYS do
  numbers[i - 1] = ARGV[i + 2]
end
local recorded = hmget_all(horizons, numbers)
for i, k in ipairs(numbers) do
  local previous = whole_arg(recorded[i] or '0')
  if previous and redis.call('SET', KEYS[i + 1], instance_id, 'NX', 'PX', lease) then
    -- ids start after the previous horizon; the new holder may go a lease past that or
    -- past its own clock, whichever is later
    local horizon = math.max(previous + 1, now) + lease
    redis.call('HSET', horizons, k, string.format('%.0f', horizon))
    return { tonumber(k), previous, horizon }
  end
end
return { -1, 0, 0 }
