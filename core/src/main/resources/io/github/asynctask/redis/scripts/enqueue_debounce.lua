--[[
  Records one task of a debounced bizId (@AsyncTask(bizId = ..., debounce = ...)): the last
  submit within the window wins. The dedup key names the task holding the bizId:
  - a holder still waiting to run (scheduled, or pending and still in the pending list) is
    rewritten in place with the new call's payload and max retries and scheduled again at
    now + window; the call's id is not used (reply 0 with the holder's id, whose result the
    call's future follows);
  - a holder running, waiting for a retry, or parked for its concurrency key is left alone:
    the new task is scheduled at now + window behind it and takes the dedup key;
  - no holder (none, or it completed or died): the new task is scheduled at now + window.
  A re-send of an id that exists or completed within the completed-ids window changes
  nothing. O(1) but for a pending holder, found in the pending list by LREM. Plain submits
  never run this script (enqueue.lua). Every argument is checked before the first write.

  KEYS[1] <prefix>:{q}:t          tasks hash
  KEYS[2] <prefix>:{q}:pending    list
  KEYS[3] <prefix>:{q}:scheduled  zset, id -> run at (ms)
  KEYS[4] <prefix>:{q}:p          payloads hash
  KEYS[5] <prefix>:{q}:u:<len>:<name>:<bizId>  dedup key, holds the holder's id
  KEYS[6] <prefix>:{q}:done       zset, ids completed within the completed-ids window
  ARGV[1] due channel (published when the task becomes the earliest scheduled)
  ARGV[2] task id
  ARGV[3] task name
  ARGV[4] payload
  ARGV[5] max retries
  ARGV[6] debounce window in ms (>= 1)
  ARGV[7] how long the dedup key names its holder, in ms (>= the window)
  ARGV[8] concurrency key ('' none)
  ARGV[9] its limit (>= 1 with a key, else ignored)
  Reply: { code, id }: 2 scheduled (id: the new task), 0 replaced (id: the holder whose
         arguments and due time were replaced), 3 already exists
]]
local tasks, pending, scheduled, payloads, unique, done = KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5], KEYS[6]
local id, name, payload = ARGV[2], ARGV[3], ARGV[4]
local max_retries, window, ttl = max_retries_arg(ARGV[5]), whole_arg(ARGV[6]), whole_arg(ARGV[7])
local ckey, cmax = ARGV[8] or '', whole_arg(ARGV[9] or '0')
if not id or id == '' or not name or not payload then
  return redis.error_reply('enqueue_debounce: ARGV[2..4] task id, name and payload are required')
end
if not max_retries or not window or window < 1 or not ttl or ttl < window then
  return redis.error_reply('enqueue_debounce: task ' .. id .. ' needs max retries (at most ' .. MAX_STORED_RETRIES
    .. '), a window of at least 1 ms and a dedup ttl of at least the window; nothing was written')
end
if ckey ~= '' and (not cmax or cmax < 1) then
  return redis.error_reply('enqueue_debounce: task ' .. id .. ': a concurrency key needs a limit of at least 1')
end
local kind = redis.call('TYPE', unique).ok
if kind ~= 'none' and kind ~= 'string' then
  return redis.error_reply('enqueue_debounce: task ' .. id .. ': its dedup key ' .. unique .. ' holds a ' .. kind
    .. ', not a task id; nothing was written')
end
if redis.call('HEXISTS', tasks, id) == 1 or redis.call('ZSCORE', done, id) then
  return { 3, id }
end
local now = now_ms()
local run_at = now + window
local biz_id = biz_id_of(unique, name)
local function meta_json()
  return new_meta_json(cjson.encode(name), 's', ARGV[5], tostring(now), biz_id, (ckey ~= '') and ckey or nil, cmax)
end

local holder = redis.call('GET', unique)
if holder and holder ~= id then
  local meta, _, err = read_task(tasks, holder)
  local replaceable = not err and (meta.s == 's' or (meta.s == 'p' and redis.call('LREM', pending, -1, holder) == 1))
  if replaceable then
    drop_task(tasks, payloads, holder)
    create_task(tasks, payloads, holder, meta_json(), payload)
    redis.call('ZADD', scheduled, run_at, holder)
    redis.call('SET', unique, holder, 'PX', ttl)
    wake_if_first(scheduled, holder, ARGV[1])
    return { 0, holder }
  end
end
create_task(tasks, payloads, id, meta_json(), payload)
redis.call('ZADD', scheduled, run_at, id)
redis.call('SET', unique, id, 'PX', ttl)
wake_if_first(scheduled, id, ARGV[1])
return { 2, id }
