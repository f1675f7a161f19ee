--[[
  Hands back a delivery whose task name the fetching instance does not define (an older
  instance during a rolling deploy, or another application on the same key prefix), so
  that an instance that defines it runs it: to retry after a delay, the delivery not
  counted as an attempt. When this first happened is kept in the meta ('u'); once the grace
  has passed since then, the task goes to dead with the reason instead. 'u' is cleared when
  a delivery of the task ends on an instance that knows it (retry.lua, requeue.lua, and
  recover.lua for a lease that ran out while the body ran) and on every retry from dead
  (retry_dead.lua, bulk.lua), so each
  deploy that meets the task again gets a whole grace. The delay grows
  with the time since then (a quarter of it, between ARGV[3] and ARGV[4]), so instances that
  keep meeting the task do not keep fetching it.

  KEYS[1] <prefix>:{q}:t       tasks hash
  KEYS[2] <prefix>:{q}:active  zset
  KEYS[3] <prefix>:{q}:lease   hash, id -> fencing token
  KEYS[4] <prefix>:{q}:retry   zset, id -> next attempt (ms)
  KEYS[5] <prefix>:{q}:dead    zset, id -> died at (ms)
  KEYS[6] <prefix>:{q}:p       payloads hash
  KEYS[7] <prefix>:{q}:bown  zset, batch reports owed by this queue's tasks (lib.lua
          owe_batch_report; optional)
  ARGV[1] task id
  ARGV[2] fencing token of the delivery
  ARGV[3] shortest delay before it is fetched again, in ms
  ARGV[4] longest delay, in ms
  ARGV[5] grace in ms, counted from the first hand-back
  ARGV[6] error text kept while it is handed back
  ARGV[7] reason kept when it goes to dead
  ARGV[8] due channel (published when this retry becomes the earliest)
  Reply: 1 handed back, 2 dead (grace over), 0 stale, -1 no readable data for the id
]]
local owed_refused = owed_key_wrong('hand_back', KEYS[7])
if owed_refused then
  return owed_refused
end
local tasks, active, leases, retry, dead, payloads = KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5], KEYS[6]
local id = ARGV[1]
local min_delay, max_delay, grace = tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5])
if not min_delay or not max_delay or not grace then
  return redis.error_reply('hand_back: delays and grace must be numbers of ms')
end
local meta, code = take_active(tasks, active, leases, id, ARGV[2])
if not meta then
  return code
end
local now = now_ms()
meta.a = math.max(meta.a - 1, 0)
if meta.u == nil then
  meta.u = now
end
local waited = now - meta.u
if meta.x then
  -- cancelled (cancel.lua) before an instance that knows it could run it
  owe_batch_report(KEYS[7], tasks, payloads, id, now)
  park(tasks, payloads, dead, id, meta, 'd', meta.x, now, now)
  return 2
end
if waited >= grace then
  owe_batch_report(KEYS[7], tasks, payloads, id, now)
  park(tasks, payloads, dead, id, meta, 'd', ARGV[7], now, now)
  return 2
end
local delay = math.min(math.max(min_delay, math.floor(waited / 4)), max_delay)
park(tasks, payloads, retry, id, meta, 'r', ARGV[6], now + delay, now)
wake_if_first(retry, id, ARGV[8])
return 1
