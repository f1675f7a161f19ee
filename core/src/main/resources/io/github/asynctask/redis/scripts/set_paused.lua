--[[
  Pauses or resumes a queue: while paused, dequeue hands out nothing on any instance.

  KEYS[1] <prefix>:{q}:paused  string
  ARGV[1] 1 to pause, 0 to resume
  Reply: 1
]]
if ARGV[1] == '1' then
  redis.call('SET', KEYS[1], '1')
else
  redis.call('DEL', KEYS[1])
end
return 1
