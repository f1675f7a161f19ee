--[[
  Pauses or resumes a queue: while paused, dequeue hands out nothing on any instance. A
  resume of a queue with pending tasks leaves a wake-up token, so an idle worker fetches at
  once (and wakes the next while tasks remain) instead of at its next poll.

  KEYS[1] <prefix>:{q}:paused   string
  KEYS[2] <prefix>:{q}:pending  list
  KEYS[3] <prefix>:{q}:wake     list, wake-up token
  ARGV[1] 1 to pause, 0 to resume
  Reply: 1
]]
if ARGV[1] == '1' then
  redis.call('SET', KEYS[1], '1')
elseif redis.call('DEL', KEYS[1]) == 1 and redis.call('LLEN', KEYS[2]) > 0 then
  wake(KEYS[3])
end
return 1
