--[[
  Pauses or resumes one schedule for every instance: while paused, its due ticks pass over
  without a run (tick.lua counts them missed). An unreadable state is dropped first (the
  next tick would reset it anyway).

  KEYS[1] <prefix>:{q}:schedule:<name>  hash (see tick.lua)
  ARGV[1] 1 pause, 0 resume
  ARGV[2] how long the state outlives the last call, in ms (as tick.lua's ARGV[9])
  Reply: 1
]]
local state = KEYS[1]
local retention = tonumber(ARGV[2])
if (ARGV[1] ~= '1' and ARGV[1] ~= '0') or not finite(retention) or retention < 1 then
  return redis.error_reply('schedule_pause: bad arguments for schedule ' .. state)
end
local kind = redis.call('TYPE', state)['ok']
if kind ~= 'hash' and kind ~= 'none' then
  redis.call('DEL', state)
end
redis.call('HSET', state, 'paused', ARGV[1])
redis.call('PEXPIRE', state, retention)
return 1
