--[[
  Takes, keeps or gives back a queue's agent turn. The instance holding it does the queue's
  periodic work on time (forwards at each due time, recovers just after each lease deadline);
  the others only look now and then, so what the fleet costs a queue stays flat however many
  instances serve it. The turn expires by itself when its holder stops renewing it.

  KEYS[1] <prefix>:{q}:turn  string, id of the instance holding the turn (expires with it)
  ARGV[1] instance id
  ARGV[2] turn length in ms; 0 gives the turn back if this instance holds it (a clean stop)
  Reply: { 1 when this instance holds the turn now else 0, ms left of the holder's turn (0
         when nobody holds it) }
]]
local turn, me = KEYS[1], ARGV[1]
local length = whole_arg(ARGV[2])
if not length then
  return redis.error_reply('turn: ARGV[2] (turn length in ms) must be a whole number of at least 0 but was '
    .. tostring(ARGV[2]))
end
local holder = redis.call('GET', turn)
if length == 0 then
  if holder == me then
    redis.call('DEL', turn)
    return { 0, 0 }
  end
  return { 0, holder and redis.call('PTTL', turn) or 0 }
end
if not holder or holder == me then
  redis.call('SET', turn, me, 'PX', length)
  return { 1, length }
end
return { 0, redis.call('PTTL', turn) }
