--[[
  Shared helpers, loaded in front of every script of this folder (a fixed file, never
  assembled from runtime values).

  A task's data is one field of the queue's tasks hash: "<meta JSON>\n<payload>".
  The payload is written by the Java codec and never parsed here. The meta JSON keys:
    v  format version (1)        n  task name            s  state code p|s|a|r|d|c
    a  deliveries so far         k  last fencing token   m  max retries
    c  created at (ms)           t  state changed at (ms)
    e  last error (optional)     ok 1 once a body succeeded (optional)
  Every time value is Redis TIME in milliseconds.
]]
cjson.encode_number_precision(14)

local function now_ms()
  local t = redis.call('TIME')
  return tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
end

-- Returns meta, payload, err. err is nil when the task is readable, else says why not
-- ('missing' when there is no data at all).
local function read_task(tasks, id)
  local raw = redis.call('HGET', tasks, id)
  if not raw then
    return nil, nil, 'missing'
  end
  local nl = string.find(raw, '\n', 1, true)
  if not nl then
    return nil, raw, 'no meta line'
  end
  local ok, meta = pcall(cjson.decode, string.sub(raw, 1, nl - 1))
  if not ok or type(meta) ~= 'table' then
    return nil, raw, 'unreadable meta'
  end
  if meta.v ~= 1 then
    return nil, raw, 'unknown format version ' .. tostring(meta.v)
  end
  if type(meta.a) ~= 'number' or type(meta.k) ~= 'number' or type(meta.m) ~= 'number' then
    return nil, raw, 'meta lacks numeric a/k/m'
  end
  return meta, string.sub(raw, nl + 1), nil
end

local function write_task(tasks, id, meta, payload)
  local value = cjson.encode(meta) .. '\n' .. payload
  redis.call('HSET', tasks, id, value)
  return value
end

-- Moves an unreadable task to dead, keeping whatever bytes it had for inspection.
local function bury(tasks, dead, id, raw, reason, now)
  local meta = { v = 1, n = '', s = 'd', a = 0, k = 0, m = 0, c = now, t = now, e = reason }
  write_task(tasks, id, meta, raw or '')
  redis.call('ZADD', dead, now, id)
end

-- Ends a task whose body already succeeded: kept as completed for a retention, else dropped.
local function finish(tasks, completed, id, meta, payload, now, retention)
  if retention > 0 then
    meta.s = 'c'
    meta.t = now
    meta.ok = 1
    write_task(tasks, id, meta, payload)
    redis.call('ZADD', completed, now + retention, id)
  else
    redis.call('HDEL', tasks, id)
  end
end

-- Parks a task in a sorted set (retry, dead) with a new state and error.
local function park(tasks, zset, id, meta, payload, state, error, score, now)
  meta.s = state
  meta.t = now
  meta.e = error
  write_task(tasks, id, meta, payload)
  redis.call('ZADD', zset, score, id)
end

-- Leaves one wake-up token in a queue's wake list (never more than one waits there); Redis
-- hands it to the one idle fetcher blocked longest on the list with BLPOP, so a new task
-- wakes one instance, not all. A fetcher's fallback poll covers a token nobody took.
local function wake(list)
  if redis.call('LLEN', list) == 0 then
    redis.call('RPUSH', list, '1')
  end
end

-- Publishes on channel when id is the earliest member of the sorted set.
local function wake_if_first(zset, id, channel)
  local first = redis.call('ZRANGE', zset, 0, 0)
  if first[1] == id then
    redis.call('PUBLISH', channel, '')
  end
end

-- Releases an active delivery if token is its current fencing token.
-- Returns meta, payload on success; nil, code otherwise: 0 stale, -1 unreadable data, which
-- stays active so the recoverer moves it to dead with the reason once its lease ends.
local function take_active(tasks, active, leases, id, token)
  if redis.call('HGET', leases, id) ~= token then
    return nil, 0
  end
  local meta, payload, err = read_task(tasks, id)
  if err then
    return nil, -1
  end
  redis.call('ZREM', active, id)
  redis.call('HDEL', leases, id)
  return meta, payload
end

-- Marks a task whose stale delivery succeeded anyway, so no later delivery runs the body again.
local function remember_success(tasks, id)
  local meta, payload, err = read_task(tasks, id)
  if err then
    return -1
  end
  if not meta.ok then
    meta.ok = 1
    write_task(tasks, id, meta, payload)
  end
  return 0
end
