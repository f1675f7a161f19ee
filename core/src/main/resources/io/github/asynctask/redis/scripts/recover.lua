--[[
  Takes back up to N deliveries whose lease expired (their worker died or froze): each goes
  to retry, or to dead when its deliveries used up its retries. Atomic, so two instances
  never recover the same delivery; the old token stops being valid at once.

  KEYS[1] <prefix>:{q}:t          tasks hash
  KEYS[2] <prefix>:{q}:active     zset, id -> lease deadline (ms)
  KEYS[3] <prefix>:{q}:lease      hash, id -> fencing token
  KEYS[4] <prefix>:{q}:retry      zset
  KEYS[5] <prefix>:{q}:dead       zset
  KEYS[6] <prefix>:{q}:completed  zset
  KEYS[7] <prefix>:{q}:p          payloads hash
  KEYS[8] <prefix>:{q}:done       zset, id -> completed at (ms), for the completed-ids window
  ARGV[1] max deliveries to recover
  ARGV[2] delay before the retry in ms
  ARGV[3] completed retention in ms
  ARGV[4] due channel
  ARGV[5] completed-ids window in ms (0: remember none)
  Reply: { deliveries recovered, earliest lease deadline left in ms or -1 when none is
         active, Redis now in ms }, so the recoverer can sleep until the next lease ends
]]
local tasks, active, leases, retry, dead, completed = KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5], KEYS[6]
local payloads, done = KEYS[7], KEYS[8]
local retention, window = tonumber(ARGV[3]), tonumber(ARGV[5])
if not retention or not window then
  return redis.error_reply('recover: ARGV[3] and ARGV[5] must be numbers of ms')
end
local now = now_ms()
local ids = redis.call('ZRANGEBYSCORE', active, '-inf', now, 'LIMIT', 0, tonumber(ARGV[1]))
if #ids > 0 then
  -- the earliest deadlines are the lowest ranks: one removal of each kind for the batch
  redis.call('ZREMRANGEBYRANK', active, 0, #ids - 1)
  call_with_all('HDEL', leases, ids)
end
for _, id in ipairs(ids) do
  local meta, raw, err = read_task(tasks, id)
  if err then
    bury(tasks, payloads, dead, id, raw, 'unreadable task data: ' .. err, now)
  elseif meta.ok then
    finish(tasks, payloads, completed, id, meta, now, retention)
    remember_done(done, id, now, window, retention)
  else
    local reason = 'lease expired on delivery ' .. meta.a .. ' (worker lost)'
    if meta.a > meta.m then
      park(tasks, payloads, dead, id, meta, 'd', reason .. ' and no retries are left', now, now)
    else
      park(tasks, payloads, retry, id, meta, 'r', reason, now + tonumber(ARGV[2]), now)
    end
  end
end
if #ids > 0 then
  redis.call('PUBLISH', ARGV[4], '')
end
local next_deadline = redis.call('ZRANGE', active, 0, 0, 'WITHSCORES')[2]
return { #ids, next_deadline and tonumber(next_deadline) or -1, now }
