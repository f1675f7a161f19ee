--[[
  Moves the next waiters of a met condition to the owed releases (the drain entry
  ["<condition>"] of flow_done.lua): at most ARGV[2] per call, so a condition with any
  number of waiters is released in calls of bounded work. Idempotent: a waiter is moved
  once (SPOP), and a drain of an empty set only forgets the drain entry. O(ARGV[2]).

  KEYS[1] <prefix>:{q}:fw:<condition>  set, waiter refs (see flow_watch.lua)
  KEYS[2] <prefix>:{q}:frel   zset, owed entries (see flow_done.lua)
  KEYS[3] <prefix>:{q}:fwi    zset, task-id conditions with waiters (see flow_watch.lua)
  ARGV[1] condition
  ARGV[2] most waiters to move (> 0)
  Reply: the owed entries this call added, the drain entry last when waiters are left
]]
local condition, batch = ARGV[1], tonumber(ARGV[2])
if not condition or condition == '' or not finite(batch) or batch < 1 then
  return redis.error_reply('flow_drain: ARGV[1] condition non-empty and ARGV[2] a positive number')
end
return drain_waiters(KEYS[1], KEYS[2], KEYS[3], condition, math.floor(batch), now_ms())
