--[[
  Hands a delivery back to the front of pending without counting the attempt
  (graceful shutdown ran out of time). The instance ran it, so it knows the task: a first
  hand-back time ('u', hand_back.lua) is cleared.

  KEYS[1] <prefix>:{q}:t        tasks hash
  KEYS[2] <prefix>:{q}:active   zset
  KEYS[3] <prefix>:{q}:lease    hash, id -> fencing token
  KEYS[4] <prefix>:{q}:pending  list (RPOP end is the front)
  KEYS[5] <prefix>:{q}:p        payloads hash
  KEYS[6] <prefix>:{q}:wake     list, wake-up token
  ARGV[1] task id
  ARGV[2] fencing token of the delivery
  KEYS[7] <prefix>:{q}:dead     zset, optional: a task cancelled while it ran (meta x,
          cancel.lua) goes there with its cancel reason instead of back to pending
  KEYS[8] <prefix>:{q}:bown  zset, batch reports owed by this queue's tasks (lib.lua
          owe_batch_report; optional)
  Reply: 1 applied, 0 stale, -1 no readable data for the id
]]
local owed_refused = owed_key_wrong('requeue', KEYS[8])
if owed_refused then
  return owed_refused
end
local tasks, active, leases, pending = KEYS[1], KEYS[2], KEYS[3], KEYS[4]
local id = ARGV[1]
local meta, code = take_active(tasks, active, leases, id, ARGV[2])
if not meta then
  return code
end
if meta.x and KEYS[7] then
  local now = now_ms()
  owe_batch_report(KEYS[8], tasks, KEYS[5], id, now)
  park(tasks, KEYS[5], KEYS[7], id, meta, 'd', meta.x, now, now)
  return 1
end
meta.s = 'p'
meta.t = now_ms()
meta.a = math.max(meta.a - 1, 0)
meta.u = nil
write_task(tasks, KEYS[5], id, meta)
if redis.call('RPUSH', pending, id) == 1 then
  wake(KEYS[6])
end
return 1
