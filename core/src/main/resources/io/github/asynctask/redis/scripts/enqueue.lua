--[[
  Records one task: pending, or scheduled when it has a run-at in the future. With a bizId
  the dedup key is claimed with SET NX PX in the same script, so a duplicate never creates
  a task. Re-sending an id that exists changes nothing.

  KEYS[1] <prefix>:{q}:t          tasks hash
  KEYS[2] <prefix>:{q}:pending    list
  KEYS[3] <prefix>:{q}:scheduled  zset
  KEYS[4] <prefix>:{q}:u:<name>:<bizId>  dedup key (a placeholder in the slot when none)
  ARGV[1] task id
  ARGV[2] task name
  ARGV[3] payload
  ARGV[4] max retries
  ARGV[5] delay in ms (0: none)
  ARGV[6] run-at in epoch ms (-1: none); wins over the delay
  ARGV[7] dedup ttl in ms (0: no dedup)
  ARGV[8] wake channel (published when pending goes from empty to one)
  ARGV[9] due channel (published when this task becomes the earliest scheduled)
  Reply: { code, id } with code 1 enqueued, 2 scheduled, 0 duplicate (id: the holder), 3 already exists
]]
local tasks, pending, scheduled, unique = KEYS[1], KEYS[2], KEYS[3], KEYS[4]
local id = ARGV[1]
if redis.call('HEXISTS', tasks, id) == 1 then
  return { 3, id }
end
local dedup_ttl = tonumber(ARGV[7])
if dedup_ttl > 0 and not redis.call('SET', unique, id, 'NX', 'PX', dedup_ttl) then
  return { 0, redis.call('GET', unique) or '' }
end
local now = now_ms()
local run_at = now + tonumber(ARGV[5])
if tonumber(ARGV[6]) >= 0 then
  run_at = tonumber(ARGV[6])
end
local meta = { v = 1, n = ARGV[2], s = 'p', a = 0, k = 0, m = tonumber(ARGV[4]), c = now, t = now }
if run_at > now then
  meta.s = 's'
  write_task(tasks, id, meta, ARGV[3])
  redis.call('ZADD', scheduled, run_at, id)
  wake_if_first(scheduled, id, ARGV[9])
  return { 2, id }
end
write_task(tasks, id, meta, ARGV[3])
if redis.call('LPUSH', pending, id) == 1 then
  redis.call('PUBLISH', ARGV[8], '')
end
return { 1, id }
