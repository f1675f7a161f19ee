--[[
  Acknowledges successful deliveries, one or many per call (the worker groups the acks that
  arrive while a call is in flight): each task is dropped, or kept as completed for a
  retention. A delivery that is no longer current (its lease was recovered, or another
  token holds the task) is refused, but the success is remembered on the task, so a later
  delivery finishes it without running the body again.

  KEYS[1] <prefix>:{q}:t          tasks hash (meta)
  KEYS[2] <prefix>:{q}:active     zset
  KEYS[3] <prefix>:{q}:lease      hash, id -> fencing token
  KEYS[4] <prefix>:{q}:completed  zset, id -> expires at (ms)
  KEYS[5] <prefix>:{q}:p          payloads hash
  KEYS[6] <prefix>:{q}:done       zset, id -> completed at (ms), for the completed-ids window
  KEYS[7] <prefix>:{q}:fwi        zset, flows: conditions "i:<id>" with waiters (optional)
  KEYS[8] <prefix>:{q}:frel       zset, flows: owed releases (optional, with KEYS[7])
  ARGV[1] completed retention in ms (0: drop at once)
  ARGV[2] completed-ids window in ms (0: remember none)
  ARGV[3], ARGV[4], ... pairs of task id and fencing token of the delivery
  Reply: one code per pair, in order: 1 applied, 0 stale (success remembered),
         -1 no readable data for the id; 2 and 3 as 1 and 0, and tasks waiting for this
         one (flows, per-call after) were moved to the owed releases
  A task with waiters registered by id (flows) gets the drain entry ["i:<id>"] in the owed
  releases when its body succeeded (applied or stale): the caller moves its waiters there in
  batches (flow_drain.lua) and releases them in their own slots.
  With no retention a current delivery's data is deleted unread: its body ran, so even
  data damaged since the fetch has nothing left to tell.
]]
local tasks, active, leases, completed, payloads, done = KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5], KEYS[6]
local retention = whole_arg(ARGV[1])
local window = whole_arg(ARGV[2])
if not retention or not window then
  return redis.error_reply('complete: ARGV[1] and ARGV[2] must be whole numbers of ms, at least 0')
end
local now = now_ms()
local watchers, owed = KEYS[7], KEYS[8]

-- A current delivery's end without retention, the common case, is done for the whole call
-- with one command per step (HMGET of the leases, ZREM, HDEL, the completed-ids window)
-- rather than several per task; only the HDEL of its data stays per task, as its reply
-- tells whether the data was still there. Every other pair (stale, retention, an id met
-- twice) goes through the general path after that, one at a time as before.
local pairs_sent = math.floor((#ARGV - 2) / 2)
local codes, current, rest = {}, {}, {}
-- current: the ids whose first pair names their current delivery, in order; is_current[id]
-- true until that pair is answered
local is_current = {}
if retention == 0 and pairs_sent > 0 then
  local ids = {}
  for n = 1, pairs_sent do
    ids[n] = ARGV[1 + 2 * n]
  end
  local tokens = hmget_all(leases, ids)
  for n, id in ipairs(ids) do
    if tokens[n] == ARGV[2 + 2 * n] and not is_current[id] then
      is_current[id] = true
      current[#current + 1] = id
    else
      rest[#rest + 1] = n
    end
  end
else
  for n = 1, pairs_sent do
    rest[#rest + 1] = n
  end
end
if #current > 0 then
  call_with_all('ZREM', active, current)
  call_with_all('HDEL', leases, current)
  call_with_all('HDEL', payloads, current)
  remember_all_done(done, current, now, window, retention)
  for n = 1, pairs_sent do
    local id = ARGV[1 + 2 * n]
    if is_current[id] then
      is_current[id] = false
      codes[n] = (redis.call('HDEL', tasks, id) == 1) and 1 or -1
    end
  end
end

-- every other pair, one at a time; the helpers only they need are made only then (a function
-- is made on every call that runs its definition, a lookup per variable it captures)
if #rest > 0 then
  -- lib.lua: the helpers only this block calls are defined here
  for _, n in ipairs(rest) do
    local id = ARGV[1 + 2 * n]
    local meta, code = take_active(tasks, active, leases, id, ARGV[2 + 2 * n])
    if meta then
      finish(tasks, payloads, completed, id, meta, now, retention)
      remember_done(done, id, now, window, retention)
      codes[n] = 1
    elseif code == 0 then
      codes[n] = remember_success(tasks, payloads, id)
    else
      codes[n] = code
    end
  end
  -- lib.lua: end of the block
end

-- Tasks whose body succeeded (applied or stale) that others wait for (flows): their drain
-- entries go to the owed releases, code + 2; the caller moves the waiters there in batches
-- and releases them in their own slots. One ZMSCORE per call, none while no task of the
-- queue is waited for by id (the index then does not exist).
if watchers and #codes > 0 and redis.call('EXISTS', watchers) == 1 then
  local conditions = {}
  for n = 1, #codes do
    conditions[n] = 'i:' .. ARGV[1 + 2 * n]
  end
  local found = read_all('ZMSCORE', watchers, conditions)
  local released = {}
  for n = 1, #codes do
    if found[n] and (codes[n] == 1 or codes[n] == 0) and not released[conditions[n]] then
      released[conditions[n]] = true
      redis.call('ZADD', owed, 'NX', now, cjson.encode({ conditions[n] }))
      redis.call('ZREM', watchers, conditions[n])
      codes[n] = codes[n] + 2
    end
  end
end
return codes
