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
  KEYS[7] <prefix>:{q}:fw         hash, flows: condition "i:<id>" -> waiter refs (optional)
  KEYS[8] <prefix>:{q}:frel       zset, flows: owed releases (optional, with KEYS[7])
  ARGV[1] completed retention in ms (0: drop at once)
  ARGV[2] completed-ids window in ms (0: remember none)
  ARGV[3], ARGV[4], ... pairs of task id and fencing token of the delivery
  Reply: one code per pair, in order: 1 applied, 0 stale (success remembered),
         -1 no readable data for the id; 2 and 3 as 1 and 0, and tasks waiting for this
         one (flows, per-call after) were moved to the owed releases
  A task with waiters registered by id (flows) has them moved to the owed releases when its
  body succeeded (applied or stale): the caller releases them in their own slots.
  With no retention a current delivery's data is deleted unread: its body ran, so even
  data damaged since the fetch has nothing left to tell.
]]
local tasks, active, leases, completed, payloads, done = KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5], KEYS[6]
local retention = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
if not retention or not window then
  return redis.error_reply('complete: ARGV[1] and ARGV[2] must be numbers of ms')
end
local now = now_ms()
local watchers, owed = KEYS[7], KEYS[8]

-- Moves the tasks waiting for id (flows) to the owed releases; whether there were any.
local function owe(id)
  if not watchers then
    return false
  end
  local condition = 'i:' .. id
  local raw = redis.call('HGET', watchers, condition)
  if not raw then
    return false
  end
  local ok, refs = pcall(cjson.decode, raw)
  if ok and type(refs) == 'table' then
    for _, ref in ipairs(refs) do
      if type(ref) == 'string' then
        redis.call('ZADD', owed, 'NX', now, condition .. '\n' .. ref)
      end
    end
  end
  redis.call('HDEL', watchers, condition)
  return true
end

local function complete_one(id, token)
  if retention == 0 and redis.call('HGET', leases, id) == token then
    redis.call('ZREM', active, id)
    redis.call('HDEL', leases, id)
    remember_done(done, id, now, window, retention)
    local existed = redis.call('HDEL', tasks, id) == 1
    redis.call('HDEL', payloads, id)
    return existed and 1 or -1
  end
  local meta, code = take_active(tasks, active, leases, id, token)
  if meta then
    finish(tasks, payloads, completed, id, meta, now, retention)
    remember_done(done, id, now, window, retention)
    return 1
  end
  if code == 0 then
    return remember_success(tasks, payloads, id)
  end
  return code
end

local codes = {}
for i = 3, #ARGV, 2 do
  local code = complete_one(ARGV[i], ARGV[i + 1])
  if (code == 1 or code == 0) and owe(ARGV[i]) then
    code = code + 2
  end
  codes[#codes + 1] = code
end
return codes
