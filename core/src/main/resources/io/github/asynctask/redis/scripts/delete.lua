--[[
  Deletes a task that is not active (an active one finishes or is recovered first).
  Removing a pending id walks the pending list (LREM): an operator action, not a hot path.

  KEYS[1] <prefix>:{q}:t          tasks hash
  KEYS[2] <prefix>:{q}:pending    list
  KEYS[3] <prefix>:{q}:scheduled  zset
  KEYS[4] <prefix>:{q}:retry      zset
  KEYS[5] <prefix>:{q}:dead       zset
  KEYS[6] <prefix>:{q}:completed  zset
  KEYS[7] <prefix>:{q}:active     zset
  KEYS[8] <prefix>:{q}:p          payloads hash
  KEYS[9] <prefix>:{q}:bown  zset, batch reports owed by this queue's tasks (lib.lua
          owe_batch_report; optional)
  ARGV[1] task id
  Reply: 1 deleted, 0 no such task, -2 refused because the task is active
]]
local owed_refused = owed_key_wrong('delete', KEYS[9])
if owed_refused then
  return owed_refused
end
local tasks, id = KEYS[1], ARGV[1]
if redis.call('HEXISTS', tasks, id) == 0 then
  return 0
end
if redis.call('ZSCORE', KEYS[7], id) then
  return -2
end
local meta = read_task(tasks, id)
if not meta or (meta.s ~= 'c' and not meta.ok) then
  -- a batch child that never reported (a completed one did)
  owe_batch_report(KEYS[9], tasks, KEYS[8], id, now_ms())
end
if meta and meta.s == 'p' then
  redis.call('LREM', KEYS[2], 1, id)
end
for i = 3, 6 do
  redis.call('ZREM', KEYS[i], id)
end
drop_task(tasks, KEYS[8], id)
return 1
