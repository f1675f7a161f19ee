--[[
  An operator runs a scheduled or retrying task now: it moves to the front of pending
  (the next fetch takes it), its delivery count kept.

  KEYS[1] <prefix>:{q}:t          tasks hash
  KEYS[2] <prefix>:{q}:scheduled  zset
  KEYS[3] <prefix>:{q}:retry      zset
  KEYS[4] <prefix>:{q}:pending    list (RPOP end is the front)
  KEYS[5] <prefix>:{q}:p          payloads hash
  KEYS[6] <prefix>:{q}:wake       list, wake-up token
  ARGV[1] task id
  Reply: 1 moved, 0 neither scheduled nor retrying, -1 unreadable data (left in place)
]]
local tasks, id = KEYS[1], ARGV[1]
local source
if redis.call('ZSCORE', KEYS[2], id) then
  source = KEYS[2]
elseif redis.call('ZSCORE', KEYS[3], id) then
  source = KEYS[3]
else
  return 0
end
local meta = movable_task(tasks, id)
if not meta then
  return -1
end
redis.call('ZREM', source, id)
set_pending(tasks, KEYS[5], id, meta, now_ms())
redis.call('RPUSH', KEYS[4], id)
wake(KEYS[6])
return 1
