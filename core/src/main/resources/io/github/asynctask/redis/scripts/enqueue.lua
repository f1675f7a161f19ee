--[[
  Records tasks of one queue, one or many per call (a transaction's submits go together):
  each is pending, or scheduled when it has a run-at in the future. With a bizId the dedup
  key is claimed with SET NX PX in the same script, so a duplicate never creates a task.
  Re-sending an id that exists, or that completed within the completed-ids window (its data
  may be gone already), changes nothing. Tasks are taken in order, so a later one
  in the same call sees what an earlier one did. Per call, not per task: one HMGET and one
  ZMSCORE look the ids up; each distinct number string is matched once, and a plain task's
  meta (packed, lib.lua) is built once per state, name and max retries (its value: that head
  and its payload); tasks without a bizId are written by one HSET into the tasks hash (meta
  and payload in one field), one ZADD and one LPUSH; a task with a bizId claims its key and
  is written at once.
  The call's size, every task's numbers (max retries within the stored range of lib.lua) and
  the type of every dedup key a task claims are checked before the first write, so a bad one refuses the whole call and nothing of it is
  written.

  KEYS[1] <prefix>:{q}:t          tasks hash (meta)
  KEYS[2] <prefix>:{q}:pending    list
  KEYS[3] <prefix>:{q}:scheduled  zset
  KEYS[4] <prefix>:{q}:p          payloads hash
  KEYS[5] <prefix>:{q}:wake       list, wake-up token (pushed when pending goes from empty to non-empty)
  KEYS[5 + i] <prefix>:{q}:u:<len>:<name>:<bizId>  dedup key of task i (a placeholder in the slot when none);
                  the bizId it names is stored in the task's meta (b, lib.lua with_biz_id)
  KEYS[6 + n] <prefix>:{q}:done   zset, id -> completed at (ms): ids that completed within the
                                  completed-ids window (after the dedup keys; n the number of tasks)
  KEYS[7 + n] <prefix>:{q}:retry  zset, only with a backlog limit (below): counted in the backlog
  ARGV[1] due channel (published when a task becomes the earliest scheduled)
  then 6 values per task i, from ARGV[2 + 6 * (i - 1)]:
    task id, task name, payload, max retries,
    run-at offset: "+<ms>" a delay from now (+0: none), or an epoch ms the user chose,
    dedup ttl in ms (0: no dedup)
  then, optional (sent only when a task of the call has one), 2 values per task i from
  ARGV[2 + 6 * n + 2 * (i - 1)], n the number of tasks: concurrency key ('' none), and how
  many tasks of that key may run at once (kept in the meta as ck and cm)
  then, optional and last (sent only for a queue with async-task.queues.<q>.max-backlog; the
  list above always has an odd length, so an even length says it is there): the most tasks
  pending + scheduled + retry may hold (the queue's backlog, active and waiting tasks not counted).
  A new task that would take the backlog past it is refused (code 4) and nothing of it is
  written; the backlog is read once per call (LLEN, ZCARD, ZCARD) and counted up as tasks go
  in. A duplicate or a re-sent id is answered as without a limit (no refusal): it adds nothing.
  Reply: flat { code1, id1, code2, id2, ... } with code 1 enqueued, 2 scheduled,
         0 duplicate (id: the holder), 3 already exists, 4 refused, the queue full
         (id: the backlog it had)
]]
local tasks, pending, scheduled, payloads, wake_list = KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5]
local due_channel = ARGV[1]
-- a backlog limit, when sent, is the last ARGV and the retry set the last key
local max_backlog = (#ARGV % 2 == 0) and ARGV[#ARGV] or nil
local done = max_backlog and KEYS[#KEYS - 1] or KEYS[#KEYS]
-- the placeholder in a dedup key's slot for a task without bizId (RedisKeys.noUnique):
-- '<prefix>:{q}:u:', the tasks hash's key with 'u:' for its last part 't'; only a shortcut
-- (biz_id_of finds no bizId in the placeholder either)
local no_unique = string.sub(tasks, 1, #tasks - 1) .. 'u:'
local count = #KEYS - (max_backlog and 7 or 6)
-- the writes unpack a call's ids into one ZADD and one LPUSH (Lua's unpack stops near 8,000
-- values): a bigger call is refused up front rather than failing after its HSET
local MAX_TASKS = 1000
if count > MAX_TASKS then
  return redis.error_reply('enqueue: at most ' .. MAX_TASKS .. ' tasks per call, got ' .. count
    .. '; nothing of this call was written')
end
local fixed_args = #ARGV - (max_backlog and 1 or 0)
local keyed = fixed_args == 1 + 8 * count
if not keyed and fixed_args ~= 1 + 6 * count then
  return redis.error_reply('enqueue: ' .. count .. ' tasks need 1 + 6 * n or 1 + 8 * n ARGV (and a backlog limit), got '
    .. #ARGV)
end
-- Whether s is a whole decimal number of at least 0 as JSON writes it (max retries goes into
-- the meta verbatim). A call's tasks mostly repeat the same few values ('25', '+0', '0'):
-- each is matched once.
local counts = {}
local function count_like(s)
  local known = counts[s]
  if known == nil then
    known = canonical_whole(s) ~= nil
    counts[s] = known
  end
  return known
end
-- Max retries: a count within the stored range (lib.lua), as it goes into the meta.
local retries = {}
local function max_retries_like(s)
  local known = retries[s]
  if known == nil then
    known = max_retries_arg(s) ~= nil
    retries[s] = known
  end
  return known
end
-- A run-at: "+" and a count, or a count.
local run_ats = {}
local function run_at_like(s)
  local known = run_ats[s]
  if known == nil then
    known = count_like((string.sub(s, 1, 1) == '+') and string.sub(s, 2) or s)
    run_ats[s] = known
  end
  return known
end
for i = 1, count do
  local a = 2 + 6 * (i - 1)
  local k = 2 + 6 * count + 2 * (i - 1)
  local bad = (not max_retries_like(ARGV[a + 3]) and 'max retries (at most ' .. MAX_STORED_RETRIES .. ')') or (not run_at_like(ARGV[a + 4]) and 'run-at')
      or (not count_like(ARGV[a + 5]) and 'dedup ttl')
      or (keyed and ARGV[k] ~= '' and not (count_like(ARGV[k + 1]) and tonumber(ARGV[k + 1]) >= 1)
        and 'concurrency limit (a concurrency key needs a limit of at least 1)')
  if bad then
    return redis.error_reply('enqueue: task ' .. i .. ' (' .. ARGV[a] .. ') has a bad ' .. bad
      .. ': whole numbers of at least 0 without leading zeros expected, nothing of this call was'
      .. ' written')
  end
  -- a dedup key of another type would fail the GET of its holder after earlier tasks were
  -- written: refused here, before the first write
  local kind = (ARGV[a + 5] ~= '0' and tonumber(ARGV[a + 5]) > 0) and redis.call('TYPE', KEYS[5 + i]).ok or 'none'
  if kind ~= 'none' and kind ~= 'string' then
    return redis.error_reply('enqueue: task ' .. i .. ' (' .. ARGV[a] .. '): its dedup key ' .. KEYS[5 + i]
      .. ' holds a ' .. kind .. ', not a task id; nothing of this call was written')
  end
end

if max_backlog and canonical_whole(max_backlog) == nil then
  return redis.error_reply('enqueue: bad backlog limit ' .. max_backlog
    .. ': a whole number of at least 0 expected, nothing of this call was written')
end

if count == 0 then
  return {}
end

-- the queue's backlog, read once per call and counted up as this call's tasks go in
local backlog = max_backlog and (redis.call('LLEN', pending) + redis.call('ZCARD', scheduled)
  + redis.call('ZCARD', KEYS[#KEYS])) or 0
max_backlog = max_backlog and tonumber(max_backlog)

local now = now_ms()
-- written into every new meta: formatted once
local now_text = tostring(now)
local now_36 = base36(now)
local out = {}
local pushed = {}
-- Tasks without a bizId are written together once every task was looked at (one HSET, one
-- ZADD per call rather than commands per task), so a task that fails the call half-way (a
-- dedup key of the wrong type) leaves none of them half-written; created marks the ids
-- recorded by this call meanwhile, so a later task with the same id sees the earlier one.
-- A task with a bizId claims its key and is written at once, as a re-send relies on the key
-- naming a task that exists.
local fields, created = {}, {}
-- lengths kept by hand: # on a growing table searches for its border every time
local field_count, pushed_count = 0, 0
local later, later_ids = {}, {}

-- Which ids exist, or completed within the completed-ids window: one lookup each per call.
local ids = {}
for i = 1, count do
  ids[i] = ARGV[2 + 6 * (i - 1)]
end
local existing = redis.call('HMGET', tasks, unpack(ids))
local completed = redis.call('ZMSCORE', done, unpack(ids))

local function run_at_of(when)
  if when == '+0' then
    return now
  end
  if string.sub(when, 1, 1) == '+' then
    return now + tonumber(string.sub(when, 2))
  end
  return tonumber(when)
end

-- cjson.encode(name) by task name: a call's tasks mostly share one
local names = {}
local function name_json_of(name)
  local json = names[name]
  if not json then
    json = cjson.encode(name)
    names[name] = json
  end
  return json
end

-- The value of a task without bizId nor concurrency key up to its payload (its packed meta,
-- or JSON for a name with a newline; then a newline), by state, name and max retries: a
-- call's tasks mostly share one, so such a task's value is one concatenation.
local heads = { p = {}, s = {} }
local function plain_head(name, state, max_retries)
  local by_max = heads[state][name]
  if not by_max then
    by_max = {}
    heads[state][name] = by_max
  end
  local head = by_max[max_retries]
  if not head then
    head = (new_packed(state, max_retries, now_36, name)
      or new_meta_json(name_json_of(name), state, max_retries, now_text)) .. '\n'
    by_max[max_retries] = head
  end
  return head
end

local function enqueue_one(i, unique, id, name, payload, max_retries, when, dedup_ttl, ckey, cmax)
  if existing[i] or completed[i] or created[id] then
    return 3, id
  end
  local dedup = dedup_ttl > 0
  if max_backlog and backlog >= max_backlog then
    -- full: a duplicate still names its holder (it would add nothing); else refused
    -- without claiming the dedup key
    local holder = dedup and redis.call('GET', unique)
    if holder then
      return 0, holder
    end
    return 4, backlog
  end
  if dedup and not redis.call('SET', unique, id, 'NX', 'PX', dedup_ttl) then
    return 0, redis.call('GET', unique) or ''
  end
  backlog = backlog + 1
  local run_at = run_at_of(when)
  local is_later = run_at > now
  local state = is_later and 's' or 'p'
  local biz_id = (unique ~= no_unique) and biz_id_of(unique, name) or nil
  ckey = (ckey and ckey ~= '') and ckey or nil
  created[id] = true
  if dedup then
    -- a, k and t are left out while they hold their defaults (0, none, c): bytes per pending task
    create_task(tasks, payloads, id, new_meta_json(name_json_of(name), state, max_retries, now_text, biz_id, ckey,
      cmax), payload)
  else
    field_count = field_count + 2
    fields[field_count - 1] = id
    fields[field_count] = (biz_id or ckey)
        and new_meta_json(name_json_of(name), state, max_retries, now_text, biz_id, ckey, cmax) .. '\n' .. payload
        or plain_head(name, state, max_retries) .. payload
  end
  if not is_later then
    pushed_count = pushed_count + 1
    pushed[pushed_count] = id
    return 1, id
  end
  if dedup then
    redis.call('ZADD', scheduled, run_at, id)
    wake_if_first(scheduled, id, due_channel)
  else
    later[#later + 1] = run_at
    later[#later + 1] = id
    later_ids[id] = true
  end
  return 2, id
end

for i = 1, count do
  local a = 2 + 6 * (i - 1)
  local k = 2 + 6 * count + 2 * (i - 1)
  -- max retries goes into the meta as sent (checked to be digits above)
  local code, id = enqueue_one(i, KEYS[5 + i], ARGV[a], ARGV[a + 1], ARGV[a + 2], ARGV[a + 3],
    ARGV[a + 4], tonumber(ARGV[a + 5]), keyed and ARGV[k] or nil, keyed and tonumber(ARGV[k + 1]) or nil)
  out[2 * i - 1] = code
  out[2 * i] = id
end
-- every task without a bizId in one HSET, each in the one-field form (create_task)
call_with_all('HSET', tasks, fields)
if #later > 0 then
  redis.call('ZADD', scheduled, unpack(later))
  local first = redis.call('ZRANGE', scheduled, 0, 0)[1]
  if first and later_ids[first] then
    redis.call('PUBLISH', due_channel, '')
  end
end
if #pushed > 0 and redis.call('LPUSH', pending, unpack(pushed)) == #pushed then
  wake(wake_list)
end
return out
