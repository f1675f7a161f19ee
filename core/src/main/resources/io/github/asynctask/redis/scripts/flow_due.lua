--[[
  The sweep of a queue's waiting tasks whose check time came: one whose wait deadline passed
  goes to dead with a reason naming what it waited for; any other is handed back to the
  caller to be registered again with what it still waits for (flow_watch.lua, idempotent),
  which finishes a submit that a crash cut between flow_wait.lua and its registrations, and
  its next check becomes its deadline. Unreadable data goes to dead with the reason.
  O(limit): only due entries are read.

  KEYS[1] <prefix>:{q}:t        tasks hash (meta)
  KEYS[2] <prefix>:{q}:p        payloads hash
  KEYS[3] <prefix>:{q}:waiting  zset, id -> next check (ms)
  KEYS[4] <prefix>:{q}:wait     hash, id -> wait JSON (see flow_wait.lua)
  KEYS[5] <prefix>:{q}:dead     zset
  ARGV[1] most tasks to handle
  Reply: { moved to dead, id1, left1, id2, left2, ... } with left the JSON array of the
         queue, condition pairs the task still waits for
]]
local tasks, payloads, waiting, wait, dead = KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5]
local limit = tonumber(ARGV[1])
if not finite(limit) or limit < 1 then
  return redis.error_reply('flow_due: ARGV[1] must be a positive number')
end
local now = now_ms()

-- "b:<len>:<name>:<bizId>" as "<name> of bizId <bizId> (queue <q>)"
local function describe(queue, condition)
  local len, rest = string.match(condition, '^b:(%d+):(.*)$')
  if len and #rest > tonumber(len) then
    local name = string.sub(rest, 1, tonumber(len))
    return name .. ' of bizId ' .. string.sub(rest, tonumber(len) + 2) .. " (queue '" .. queue .. "')"
  end
  return condition .. " (queue '" .. tostring(queue) .. "')"
end

local out = { 0 }
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
  elseif err or not ok then
    redis.call('ZREM', waiting, id)
    redis.call('HDEL', wait, id)
    bury(tasks, payloads, dead, id, raw, 'unreadable task data: ' .. (err or 'unreadable wait data'), now)
    out[1] = out[1] + 1
  elseif now >= data.d then
    local names = {}
    for i = 1, #data.l - 1, 2 do
      names[#names + 1] = describe(data.l[i], data.l[i + 1])
    end
    redis.call('ZREM', waiting, id)
    redis.call('HDEL', wait, id)
    park(tasks, payloads, dead, id, meta, 'd', 'wait timeout: still waiting for ' .. table.concat(names, ', '), now, now)
    out[1] = out[1] + 1
  else
    redis.call('ZADD', waiting, data.d, id)
    out[#out + 1] = id
    out[#out + 1] = cjson.encode(data.l)
  end
end
return out
