--[[
  Forgets the registration of a waiting task that ended without being released (its wait
  timed out, it was deleted): the awaited condition's set and the index stay bounded by the
  waiters that still wait. Idempotent. O(1).

  KEYS[1] <prefix>:{q}:fw:<condition>  set, waiter refs (see flow_watch.lua)
  KEYS[2] <prefix>:{q}:fwi    zset, task-id conditions with waiters (see flow_watch.lua)
  ARGV[1] condition
  ARGV[2] queue of the waiting task
  ARGV[3] id of the waiting task
  Reply: 1 forgotten, 0 not registered
]]
local waiters, index = KEYS[1], KEYS[2]
if redis.call('TYPE', waiters)['ok'] ~= 'set' then
  return 0
end
local removed = redis.call('SREM', waiters, cjson.encode({ ARGV[2], ARGV[3] }))
if redis.call('EXISTS', waiters) == 0 then
  redis.call('ZREM', index, ARGV[1])
end
return removed
