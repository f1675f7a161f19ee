--[[
  Cancels one task (AsyncTaskTemplate.cancel, the console's kill). A task that has not run
  yet or waits for its next attempt (pending, scheduled, retry, waiting for a flow) leaves
  its set and goes to dead with the reason, so it never runs and its result futures fail
  with a cancellation. An active one is only marked (meta x): its worker sees the mark at its
  next heartbeat (running.lua), stops the body, and every end of that delivery sends it to
  dead rather than running it again (retry.lua, requeue.lua, recover.lua, hand_back.lua).
  Completed, dead and unknown tasks are left alone. Everything is checked before the first
  write. O(1) except a pending task, which LREM finds in the pending list (a scan in Redis,
  from the oldest end: an explicit action, not a hot path); a pending task parked behind its
  concurrency key (meta ck, not in the list) is dropped instead, as delete.lua does, and
  the next fetch forgets its parked entry.

  KEYS[1] <prefix>:{q}:t          tasks hash
  KEYS[2] <prefix>:{q}:pending    list
  KEYS[3] <prefix>:{q}:scheduled  zset
  KEYS[4] <prefix>:{q}:retry      zset
  KEYS[5] <prefix>:{q}:active     zset
  KEYS[6] <prefix>:{q}:dead       zset, id -> died at (ms)
  KEYS[7] <prefix>:{q}:p          payloads hash
  KEYS[8] <prefix>:{q}:waiting    zset (flows)
  KEYS[9] <prefix>:{q}:wait       hash (flows)
  KEYS[10] <prefix>:{q}:lease     hash, id -> fencing token
  KEYS[11] <prefix>:{q}:bown  zset, batch reports owed by this queue's tasks (lib.lua
          owe_batch_report; optional)
  ARGV[1] task id
  ARGV[2] reason, stored as the task's last error (at most 512 bytes)
  ARGV[3] '1': a running task goes to dead at once and its lease is taken away (the
          console's kill: its worker finds the lease lost at the next heartbeat and
          interrupts the body, whose late failure is not reported); '0': it is marked
  Reply: 1 removed (dead, or dropped when parked by its key), 2 marked while running,
         3 already marked, 0 nothing to cancel (unknown, completed, dead or unreadable)
]]
local owed_refused = owed_key_wrong('cancel', KEYS[11])
if owed_refused then
  return owed_refused
end
local tasks, pending, scheduled, retry, active, dead, payloads = KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5],
  KEYS[6], KEYS[7]
local id, reason = ARGV[1], ARGV[2]
if not id or id == '' or not reason or reason == '' or #reason > 512 or (ARGV[3] ~= '0' and ARGV[3] ~= '1') then
  return redis.error_reply("cancel: ARGV[1] task id, ARGV[2] reason (1 to 512 bytes) and ARGV[3] '0' or '1' are"
    .. ' required')
end
local meta, _, err = read_task(tasks, id)
if err then
  return 0
end
local now = now_ms()
if meta.s == 'a' or redis.call('ZSCORE', active, id) then
  if ARGV[3] == '1' then
    redis.call('ZREM', active, id)
    redis.call('HDEL', KEYS[10], id)
    owe_batch_report(KEYS[11], tasks, payloads, id, now)
    park(tasks, payloads, dead, id, meta, 'd', reason, now, now)
    return 1
  end
  if meta.x then
    return 3
  end
  meta.x = reason
  write_task(tasks, payloads, id, meta)
  return 2
end
if meta.s == 'p' then
  if redis.call('LREM', pending, -1, id) == 0 and meta.ck then
    owe_batch_report(KEYS[11], tasks, payloads, id, now)
    drop_task(tasks, payloads, id)
    return 1
  end
elseif meta.s == 's' then
  redis.call('ZREM', scheduled, id)
elseif meta.s == 'r' then
  redis.call('ZREM', retry, id)
elseif meta.s == 'w' then
  redis.call('ZREM', KEYS[8], id)
  redis.call('HDEL', KEYS[9], id)
else
  return 0
end
owe_batch_report(KEYS[11], tasks, payloads, id, now)
park(tasks, payloads, dead, id, meta, 'd', reason, now, now)
return 1
