--[[
  Pauses or resumes one run-time schedule for every instance: while paused its due ticks
  pass over without a run (rt_tick.lua counts them missed).

  KEYS[1] <prefix>:{q}:rtst  HASH  schedule id -> state JSON (see rt_put.lua)
  ARGV[1] schedule id
  ARGV[2] 1 pause, 0 resume
  Reply: 1 done, 0 no readable schedule of that id
]]
if ARGV[2] ~= '1' and ARGV[2] ~= '0' then
  return redis.error_reply('rt_pause: bad arguments for run-time schedule ' .. ARGV[1])
end
local state = rt_state(KEYS[1], ARGV[1])
if not state then
  return 0
end
state.paused = tonumber(ARGV[2])
redis.call('HSET', KEYS[1], ARGV[1], cjson.encode(state))
return 1
