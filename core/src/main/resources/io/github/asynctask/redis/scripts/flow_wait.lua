--[[
  Records one task that runs only after other tasks completed (flows): it is created in the
  waiting state ('w'), with what it waits for in the queue's wait hash, and a first check
  time in the waiting set. The caller then registers it with every awaited condition
  (flow_watch.lua, in the awaited task's slot) and releases it for each one already met
  (flow_release.lua); the first check (flow_due.lua) repeats the registration, so a caller
  that crashed in between strands nothing. A pair listed twice is kept once. Every argument
  is checked before the first write. With a bizId the dedup key is claimed in the same
  script, as enqueue.lua does; re-sending an id that exists or completed changes nothing.

  KEYS[1] <prefix>:{q}:t          tasks hash (meta)
  KEYS[2] <prefix>:{q}:p          payloads hash
  KEYS[3] <prefix>:{q}:waiting    zset, id -> next check (ms): first check, then wait deadline
  KEYS[4] <prefix>:{q}:wait       hash, id -> JSON { d = deadline ms, a = all conditions,
                                  l = conditions left }, conditions as a flat array of
                                  queue, condition pairs
  KEYS[5] <prefix>:{q}:u:<len>:<name>:<bizId>  dedup key (a placeholder in the slot when none)
  KEYS[6] <prefix>:{q}:done       zset, ids completed within the completed-ids window
  ARGV[1] task id
  ARGV[2] task name
  ARGV[3] payload
  ARGV[4] max retries
  ARGV[5] dedup ttl in ms (0: no dedup)
  ARGV[6] wait timeout in ms (> 0)
  ARGV[7] first check after ms (> 0)
  ARGV[8..] the awaited conditions as queue, condition pairs (at least one pair): a queue
          name and "b:<len>:<name>:<bizId>" or "i:<task id>"
  Reply: { code, id }: 4 waiting, 0 duplicate (id: the holder), 3 already exists
]]
local tasks, payloads, waiting, wait, unique, done = KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5], KEYS[6]
local id, name, payload = ARGV[1], ARGV[2], ARGV[3]
local max_retries, dedup_ttl = tonumber(ARGV[4]), tonumber(ARGV[5])
local timeout, first_check = tonumber(ARGV[6]), tonumber(ARGV[7])
if not finite(max_retries) or not finite(dedup_ttl) or not finite(timeout) or not finite(first_check)
    or timeout <= 0 or first_check <= 0 then
  return redis.error_reply('flow_wait: ARGV[4..7] must be numbers, the timeout and first check positive')
end
if #ARGV < 9 or (#ARGV - 7) % 2 ~= 0 then
  return redis.error_reply('flow_wait: ARGV[8..] must be queue, condition pairs, at least one')
end
-- each pair once (a pair's JSON as the table key: no user string is joined on a separator)
local conditions, seen = {}, {}
for i = 8, #ARGV, 2 do
  if ARGV[i] == '' then
    return redis.error_reply('flow_wait: ARGV[' .. i .. '] must be a queue name, got an empty one')
  end
  if not string.match(ARGV[i + 1], '^[bi]:.') then
    return redis.error_reply('flow_wait: ARGV[' .. (i + 1) .. "] must be a condition 'b:<len>:<name>:<bizId>' or "
      .. "'i:<task id>', got '" .. string.sub(ARGV[i + 1], 1, 100) .. "'")
  end
  local pair = cjson.encode({ ARGV[i], ARGV[i + 1] })
  if not seen[pair] then
    seen[pair] = true
    conditions[#conditions + 1] = ARGV[i]
    conditions[#conditions + 1] = ARGV[i + 1]
  end
end
if redis.call('HEXISTS', tasks, id) == 1 or redis.call('ZSCORE', done, id) then
  return { 3, id }
end
if dedup_ttl > 0 and not redis.call('SET', unique, id, 'NX', 'PX', dedup_ttl) then
  return { 0, redis.call('GET', unique) or '' }
end
local now = now_ms()
local deadline = now + timeout
create_task(tasks, payloads, id, with_biz_id({ v = 2, n = name, s = 'w', m = max_retries, c = now }, unique, name),
  payload)
redis.call('HSET', wait, id, cjson.encode({ d = deadline, a = conditions, l = conditions }))
redis.call('ZADD', waiting, math.min(now + first_check, deadline), id)
return { 4, id }
