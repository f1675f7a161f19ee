--[[
  Takes back up to N deliveries whose lease expired (their worker died or froze): each goes
  to retry, or to dead when its deliveries used up its retries or it was cancelled while it
  ran (meta x, cancel.lua). Atomic, so two instances
  never recover the same delivery; the old token stops being valid at once. A first
  hand-back time ('u', hand_back.lua) is cleared: a lease runs out on an instance that ran
  the body (one that does not know the task hands it back at once), so it knew the task.

  KEYS[1] <prefix>:{q}:t          tasks hash
  KEYS[2] <prefix>:{q}:active     zset, id -> lease deadline (ms)
  KEYS[3] <prefix>:{q}:lease      hash, id -> fencing token
  KEYS[4] <prefix>:{q}:retry      zset
  KEYS[5] <prefix>:{q}:dead       zset
  KEYS[6] <prefix>:{q}:completed  zset
  KEYS[7] <prefix>:{q}:p          payloads hash
  KEYS[8] <prefix>:{q}:done       zset, id -> completed at (ms), for the completed-ids window
  KEYS[9] <prefix>:{q}:bown  zset, batch reports owed by this queue's tasks (lib.lua
          owe_batch_report; optional)
  ARGV[1] max deliveries to recover
  ARGV[2] delay before the retry in ms
  ARGV[3] completed retention in ms
  ARGV[4] due channel
  ARGV[5] completed-ids window in ms (0: remember none)
  Reply: { deliveries recovered, earliest lease deadline left in ms or -1 when none is
         active, Redis now in ms }, so the recoverer can sleep until the next lease ends
]]
local owed_refused = owed_key_wrong('recover', KEYS[9])
if owed_refused then
  return owed_refused
end
local tasks, active, leases, retry, dead, completed = KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5], KEYS[6]
local payloads, done, owed = KEYS[7], KEYS[8], KEYS[9]
local limit, delay = whole_arg(ARGV[1]), whole_arg(ARGV[2])
local retention, window = whole_arg(ARGV[3]), whole_arg(ARGV[5])
if not limit or limit < 1 or not delay or not retention or not window then
  return redis.error_reply('recover: ARGV[1] (deliveries, at least 1) and ARGV[2], ARGV[3], ARGV[5] (ms) must be'
    .. ' whole numbers of at least 0')
end
local now = now_ms()
local ids = redis.call('ZRANGEBYSCORE', active, '-inf', now, 'LIMIT', 0, limit)
-- read before the removals, so a read that fails leaves the batch where it was
local raws = (#ids > 0) and hmget_all(tasks, ids) or {}
if #ids > 0 then
  -- the earliest deadlines are the lowest ranks: one removal of each kind for the batch
  redis.call('ZREMRANGEBYRANK', active, 0, #ids - 1)
  call_with_all('HDEL', leases, ids)
end
-- the common end, back to retry or to dead, is written for the whole batch: one HSET of the
-- metas, one of the payloads leaving the one-field form, one ZADD per set
local values, moved, to_retry, to_dead = {}, {}, {}, {}
-- the scores as text, formatted once per call: redis.call formats a number argument anew
-- for every task (a printf each); '%d' keeps every digit of a time past 14 digits
local retry_at, dead_at = string.format('%d', now + delay), string.format('%d', now)
for i, id in ipairs(ids) do
  local meta, raw, err = decode_task(id, raws[i])
  if err then
    bury(tasks, payloads, dead, id, raw, 'unreadable task data: ' .. err, now)
    owe_batch_report(owed, tasks, payloads, id, now)
  elseif meta.ok then
    finish(tasks, payloads, completed, id, meta, now, retention)
    remember_done(done, id, now, window, retention)
  else
    local reason = 'lease expired on delivery ' .. meta.a .. ' (worker lost)'
    meta.t = now
    meta.u = nil
    if meta.x then
      -- cancelled while it ran (cancel.lua): never run again
      meta.s = 'd'
      meta.e = meta.x
      meta.x = nil
      owe_batch_report(owed, tasks, payloads, id, now)
      to_dead[#to_dead + 1] = dead_at
      to_dead[#to_dead + 1] = id
    elseif meta.a > meta.m then
      meta.s = 'd'
      meta.e = reason .. ' and no retries are left'
      owe_batch_report(owed, tasks, payloads, id, now)
      to_dead[#to_dead + 1] = dead_at
      to_dead[#to_dead + 1] = id
    else
      meta.s = 'r'
      meta.e = reason
      to_retry[#to_retry + 1] = retry_at
      to_retry[#to_retry + 1] = id
    end
    add_converted(values, moved, id, meta)
  end
end
call_with_all('HSET', tasks, values)
call_with_all('HSET', payloads, moved)
call_with_all('ZADD', retry, to_retry)
call_with_all('ZADD', dead, to_dead)
if #ids > 0 then
  redis.call('PUBLISH', ARGV[4], '')
end
local next_deadline = redis.call('ZRANGE', active, 0, 0, 'WITHSCORES')[2]
return { #ids, next_deadline and tonumber(next_deadline) or -1, now }
