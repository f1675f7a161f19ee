--[[
  An awaited task's body succeeded: its condition is remembered as met (for the task's
  dedup ttl, so a waiter submitted later runs at once), and at most ARGV[3] of its
  registered waiters move to the queue's owed releases. The completing worker then releases
  each waiter in its own slot (flow_release.lua) and settles them (flow_settle.lua); when
  more waiters are left, the owed releases hold the drain entry that flow_drain.lua works
  off in batches, and a sweep releases what a crash left owed. Called before the task's
  complete.lua: a crash between them re-runs the task (at least once), and this call again
  changes nothing. O(ARGV[3]).

  KEYS[1] <prefix>:{q}:fw:<condition>  set, waiter refs (see flow_watch.lua)
  KEYS[2] <prefix>:{q}:fdone  zset, condition -> remembered until (ms)
  KEYS[3] <prefix>:{q}:frel   zset, owed entries -> owed since (ms): JSON
                              ["<condition>","<queue>","<id>"] a release,
                              ["<condition>"] waiters of the condition still to move here
  KEYS[4] <prefix>:{q}:fwi    zset, task-id conditions with waiters (see flow_watch.lua)
  ARGV[1] condition
  ARGV[2] how long to remember it met, ms (> 0)
  ARGV[3] most waiters to move (> 0)
  Reply: the owed entries this call added, the drain entry last when waiters are left;
         waiter refs that are not a pair of strings are dropped
]]
local condition, remember, batch = ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[3])
if not condition or condition == '' or not finite(remember) or remember <= 0 or not finite(batch) or batch < 1 then
  return redis.error_reply('flow_done: ARGV[1] condition non-empty, ARGV[2] a positive number of ms and ARGV[3] '
    .. 'a positive number')
end
local met = KEYS[2]
local now = now_ms()
redis.call('ZADD', met, now + remember, condition)
local expired = redis.call('ZRANGEBYSCORE', met, '-inf', now, 'LIMIT', 0, 2)
if #expired > 0 then
  redis.call('ZREM', met, unpack(expired))
end
return drain_waiters(KEYS[1], KEYS[3], KEYS[4], condition, math.floor(batch), now)
