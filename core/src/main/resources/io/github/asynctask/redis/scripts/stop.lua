--[[
  An operator kills a running task: it moves to dead at once with the reason, and its lease
  is taken away, so the worker's next heartbeat finds the lease lost and interrupts the
  body (a late failure of that body is not reported; a late success is remembered on the
  task, see complete.lua).

  KEYS[1] <prefix>:{q}:t       tasks hash
  KEYS[2] <prefix>:{q}:active  zset, id -> lease deadline (ms)
  KEYS[3] <prefix>:{q}:lease   hash, id -> fencing token
  KEYS[4] <prefix>:{q}:dead    zset, id -> died at (ms)
  KEYS[5] <prefix>:{q}:p       payloads hash
  KEYS[6] <prefix>:{q}:bown  zset, batch reports owed by this queue's tasks (lib.lua
          owe_batch_report; optional)
  ARGV[1] task id
  ARGV[2] reason
  Reply: 1 killed, 0 not active, -1 unreadable data (buried in dead with the reason)
]]
local owed_refused = owed_key_wrong('stop', KEYS[6])
if owed_refused then
  return owed_refused
end
local tasks, active, leases, dead, payloads = KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5]
local id, reason = ARGV[1], ARGV[2]
if not redis.call('ZSCORE', active, id) then
  return 0
end
local meta, raw, err = read_task(tasks, id)
redis.call('ZREM', active, id)
redis.call('HDEL', leases, id)
local now = now_ms()
if err then
  bury(tasks, payloads, dead, id, raw, 'unreadable task data: ' .. err .. '; ' .. reason, now)
  owe_batch_report(KEYS[6], tasks, payloads, id, now)
  return -1
end
owe_batch_report(KEYS[6], tasks, payloads, id, now)
park(tasks, payloads, dead, id, meta, 'd', reason, now, now)
return 1
