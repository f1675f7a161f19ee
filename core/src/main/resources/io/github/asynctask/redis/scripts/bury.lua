--[[
  Records a task whose submitted data cannot be read (an outbox row edited by hand, or
  written by an incompatible version) as dead with the reason, keeping the raw bytes as its
  payload for inspection. An id that exists, or that completed within the completed-ids
  window, is left alone: the task itself reached Redis before.

  KEYS[1] <prefix>:{q}:t     tasks hash
  KEYS[2] <prefix>:{q}:p     payloads hash
  KEYS[3] <prefix>:{q}:dead  zset, id -> died at (ms)
  KEYS[4] <prefix>:{q}:done  zset, ids completed within the completed-ids window
  KEYS[5] <prefix>:{q}:bown  zset, batch reports owed by this queue's tasks (lib.lua
          owe_batch_report; optional)
  ARGV[1] task id
  ARGV[2] the raw data as found
  ARGV[3] reason
  Reply: 1 recorded dead, 0 the id exists or completed recently
]]
local owed_refused = owed_key_wrong('bury', KEYS[5])
if owed_refused then
  return owed_refused
end
local tasks, payloads, dead, done = KEYS[1], KEYS[2], KEYS[3], KEYS[4]
local id, raw, reason = ARGV[1], ARGV[2], ARGV[3]
if not id or id == '' then
  return redis.error_reply('ERR bury: empty task id')
end
if not reason or reason == '' then
  return redis.error_reply('ERR bury: empty reason')
end
if redis.call('HEXISTS', tasks, id) == 1 or redis.call('ZSCORE', done, id) then
  return 0
end
local now = now_ms()
bury(tasks, payloads, dead, id, raw, reason, now)
owe_batch_report(KEYS[5], tasks, payloads, id, now)
return 1
