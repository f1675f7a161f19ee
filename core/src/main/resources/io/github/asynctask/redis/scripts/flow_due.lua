--[[
  The sweep of a queue's waiting tasks whose check time came. Each one still waiting is
  handed back to the caller with what it still waits for, to be registered again
  (flow_watch.lua, idempotent) and released for each condition met: this finishes a submit
  that a crash cut between flow_wait.lua and its registrations, and repairs a registration
  that was lost (a failover, a replaced key). Its next check comes after as long as it has
  waited so far, within ARGV[2]..ARGV[3], and never after its deadline; one past its
  deadline is handed back marked so, and the caller moves it to dead (flow_expire.lua) only
  if the check did not release it. A task deleted meanwhile is handed back as gone, so the
  caller forgets its registrations (flow_unwatch.lua). Unreadable data goes to dead with the
  reason. O(limit): only due entries are read.

  KEYS[1] <prefix>:{q}:t        tasks hash (meta)
  KEYS[2] <prefix>:{q}:p        payloads hash
  KEYS[3] <prefix>:{q}:waiting  zset, id -> next check (ms)
  KEYS[4] <prefix>:{q}:wait     hash, id -> wait JSON (see flow_wait.lua)
  KEYS[5] <prefix>:{q}:dead     zset
  KEYS[6] <prefix>:{q}:bown  zset, batch reports owed by this queue's tasks (lib.lua
          owe_batch_report; optional)
  ARGV[1] most tasks to handle
  ARGV[2] least time between two checks, ms (> 0)
  ARGV[3] most time between two checks, ms (>= ARGV[2])
  Reply: { moved to dead, id1, kind1, left1, ms left1, id2, ... } with kind 'w' waiting,
         'x' past its deadline, 'g' gone (deleted); left the JSON array of the queue,
         condition pairs it still waits for; ms left until its deadline
]]
local owed_refused = owed_key_wrong('flow_due', KEYS[6])
if owed_refused then
  return owed_refused
end
local tasks, payloads, waiting, wait, dead = KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5]
local limit, least, most = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
if not finite(limit) or limit < 1 or not finite(least) or least <= 0 or not finite(most) or most < least then
  return redis.error_reply('flow_due: ARGV[1] must be a positive number, ARGV[2] a positive number of ms and '
    .. 'ARGV[3] at least ARGV[2]')
end
local now = now_ms()

local out = { 0 }
local function hand_back(id, kind, data)
  out[#out + 1] = id
  out[#out + 1] = kind
  out[#out + 1] = cjson.encode(data.l)
  out[#out + 1] = data.d - now
end

local ids = redis.call('ZRANGEBYSCORE', waiting, '-inf', now, 'LIMIT', 0, limit)
for _, id in ipairs(ids) do
  local meta, raw, err = read_task(tasks, id)
  local ok, data = pcall(cjson.decode, redis.call('HGET', wait, id) or '')
  if not ok or type(data) ~= 'table' or type(data.l) ~= 'table' or not finite(data.d) then
    ok = false
  end
  if err == 'missing' or (meta and meta.s ~= 'w') then
    -- released or deleted meanwhile: the entry is a leftover
    redis.call('ZREM', waiting, id)
    redis.call('HDEL', wait, id)
    if err == 'missing' and ok then
      hand_back(id, 'g', data)
    end
  elseif err or not ok then
    redis.call('ZREM', waiting, id)
    redis.call('HDEL', wait, id)
    bury(tasks, payloads, dead, id, raw, 'unreadable task data: ' .. (err or 'unreadable wait data'), now)
    owe_batch_report(KEYS[6], tasks, payloads, id, now)
    out[1] = out[1] + 1
  elseif now >= data.d then
    -- checked again after the least gap if the caller does not finish it (it crashed)
    redis.call('ZADD', waiting, now + least, id)
    hand_back(id, 'x', data)
  else
    local waited = finite(meta.c) and (now - meta.c) or least
    redis.call('ZADD', waiting, math.min(data.d, now + math.min(most, math.max(least, waited))), id)
    hand_back(id, 'w', data)
  end
end
return out
