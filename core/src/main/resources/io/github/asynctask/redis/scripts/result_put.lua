--[[
  Keeps the result of a task (a body returning CompletableFuture<T>) for the results
  retention and tells every instance's result waiters that it is there. Written before the
  task's ack: a crash in between runs the task again, which writes it again.

  KEYS[1] <prefix>:{q}:r:<id>  string, the result JSON (PX retention)
  ARGV[1] the result JSON
  ARGV[2] retention in ms (> 0)
  ARGV[3] results channel (<prefix>:results)
  ARGV[4] message, "<queue>\n<id>"
  Reply: 1
]]
local ttl = tonumber(ARGV[2])
if not finite(ttl) or ttl <= 0 then
  return redis.error_reply('result_put: ARGV[2] must be a positive number of ms')
end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ttl)
redis.call('PUBLISH', ARGV[3], ARGV[4])
return 1
