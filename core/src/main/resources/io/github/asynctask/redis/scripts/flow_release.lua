--[[
  Conditions of waiting tasks are met: each is crossed off its task (every occurrence of
  the pair), and a task with none left moves to pending. Several tasks of the queue per
  call (the releases a batch of owed entries names), so many dependents cost one call per
  batch. Idempotent, so at-least-once callers (the completing worker, the sweep of owed
  releases) never release a task twice: a task no longer waiting, or a condition crossed
  off already, changes nothing. O(triples).

  KEYS[1] <prefix>:{q}:t        tasks hash (meta)
  KEYS[2] <prefix>:{q}:p        payloads hash
  KEYS[3] <prefix>:{q}:waiting  zset
  KEYS[4] <prefix>:{q}:wait     hash, id -> wait JSON (see flow_wait.lua)
  KEYS[5] <prefix>:{q}:pending  list
  KEYS[6] <prefix>:{q}:wake     list, wake-up token
  ARGV[1..] triples: task id, queue of the condition, condition
  Reply: one code per triple: 1 released to pending, 2 crossed off (others left), 0 nothing
         to do, -1 unreadable data (left for flow_due.lua to move to dead)
]]
local tasks, payloads, waiting, wait, pending, wake_list = KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5], KEYS[6]
if #ARGV == 0 or #ARGV % 3 ~= 0 then
  return redis.error_reply('flow_release: ARGV must be task id, queue, condition triples, at least one')
end
local now = now_ms()
local released = {}

local function release(id, queue, condition)
  local meta, _, err = read_task(tasks, id)
  if err then
    return (err == 'missing') and 0 or -1
  end
  if meta.s ~= 'w' then
    return 0
  end
  local ok, data = pcall(cjson.decode, redis.call('HGET', wait, id) or '')
  if not ok or type(data) ~= 'table' or type(data.l) ~= 'table' then
    return -1
  end
  local left = {}
  local crossed = false
  -- every occurrence: a pair stored twice (before flow_wait.lua kept each once) is met once
  for i = 1, #data.l - 1, 2 do
    if data.l[i] == queue and data.l[i + 1] == condition then
      crossed = true
    else
      left[#left + 1] = data.l[i]
      left[#left + 1] = data.l[i + 1]
    end
  end
  if not crossed then
    return 0
  end
  if #left > 0 then
    data.l = left
    redis.call('HSET', wait, id, cjson.encode(data))
    return 2
  end
  meta.s = 'p'
  meta.t = now
  write_task(tasks, payloads, id, meta)
  redis.call('HDEL', wait, id)
  redis.call('ZREM', waiting, id)
  released[#released + 1] = id
  return 1
end

local codes = {}
for i = 1, #ARGV, 3 do
  codes[#codes + 1] = release(ARGV[i], ARGV[i + 1], ARGV[i + 2])
end
if #released > 0 and redis.call('LPUSH', pending, unpack(released)) == #released then
  wake(wake_list)
end
return codes
