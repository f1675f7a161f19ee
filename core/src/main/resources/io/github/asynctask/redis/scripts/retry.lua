--[[
  Schedules the next attempt of a failed delivery, keeping the error. The instance that ran
  it knows the task, so a first hand-back time ('u', hand_back.lua) is cleared: an old
  instance meeting the task later starts a new unknown-task grace.

  KEYS[1] <prefix>:{q}:t       tasks hash
  KEYS[2] <prefix>:{q}:active  zset
  KEYS[3] <prefix>:{q}:lease   hash, id -> fencing token
  KEYS[4] <prefix>:{q}:retry   zset, id -> next attempt (ms)
  KEYS[5] <prefix>:{q}:p       payloads hash
  ARGV[1] task id
  ARGV[2] fencing token of the delivery
  ARGV[3] delay before the next attempt in ms
  ARGV[4] error text
  ARGV[5] due channel (published when this retry becomes the earliest)
  ARGV[6] optional: the attempt as a JSON document (start, end, instance, error), kept in
          the task's bounded history (lib.lua record_attempt); absent or "": none
  KEYS[6] <prefix>:{q}:dead    zset, optional: a task cancelled while it ran (meta x,
          cancel.lua) goes there with its cancel reason instead of being retried
  KEYS[7] <prefix>:{q}:bown  zset, batch reports owed by this queue's tasks (lib.lua
          owe_batch_report; optional)
  Reply: 1 applied, 0 stale, -1 no readable data for the id
]]
local owed_refused = owed_key_wrong('retry', KEYS[7])
if owed_refused then
  return owed_refused
end
local tasks, active, leases, retry = KEYS[1], KEYS[2], KEYS[3], KEYS[4]
local id = ARGV[1]
local meta, code = take_active(tasks, active, leases, id, ARGV[2])
if not meta then
  return code
end
local now = now_ms()
record_attempt(meta, ARGV[6])
meta.u = nil
if meta.x and KEYS[6] then
  owe_batch_report(KEYS[7], tasks, KEYS[5], id, now)
  park(tasks, KEYS[5], KEYS[6], id, meta, 'd', meta.x, now, now)
  return 1
end
park(tasks, KEYS[5], retry, id, meta, 'r', ARGV[4], now + tonumber(ARGV[3]), now)
wake_if_first(retry, id, ARGV[5])
return 1
