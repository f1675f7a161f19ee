--[[
  Whether a queue holds nothing: no task in any state, no completed id remembered, not
  paused.

  KEYS[1] <prefix>:{q}:t       tasks hash (every task of the queue, whatever its state)
  KEYS[2] <prefix>:{q}:done    zset of completed ids
  KEYS[3] <prefix>:{q}:paused  string
  Reply: 1 idle, 0 not
]]
if redis.call('HLEN', KEYS[1]) == 0 and redis.call('ZCARD', KEYS[2]) == 0 and redis.call('EXISTS', KEYS[3]) == 0 then
  return 1
end
return 0
