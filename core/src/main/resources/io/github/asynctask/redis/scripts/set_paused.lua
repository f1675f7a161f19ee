--[[
  Pauses or resumes a queue: while paused, dequeue hands out nothing on any instance. A
  resume of a queue with pending tasks publishes a wake-up, so workers fetch at once
  instead of at their next poll.

  KEYS[1] <prefix>:{q}:paused   string
  KEYS[2] <prefix>:{q}:pending  list
  ARGV[1] 1 to pause, 0 to resume
  ARGV[2] wake channel
  Reply: 1
]]
if ARGV[1] == '1' then
  redis.call('SET', KEYS[1], '1')
elseif redis.call('DEL', KEYS[1]) == 1 and redis.call('LLEN', KEYS[2]) > 0 then
  redis.call('PUBLISH', ARGV[2], '')
end
return 1
