--[[
  A waiting task whose wait deadline passed, and whose conditions the sweep has just checked
  again without releasing it, goes to dead with a reason naming what it still waits for.
  Changes nothing when the task is no longer waiting (released meanwhile) or its deadline has
  not come. O(conditions of the task).

  KEYS[1] <prefix>:{q}:t        tasks hash (meta)
  KEYS[2] <prefix>:{q}:p        payloads hash
  KEYS[3] <prefix>:{q}:waiting  zset, id -> next check (ms)
  KEYS[4] <prefix>:{q}:wait     hash, id -> wait JSON (see flow_wait.lua)
  KEYS[5] <prefix>:{q}:dead     zset
  KEYS[6] <prefix>:{q}:bown  zset, batch reports owed by this queue's tasks (lib.lua
          owe_batch_report; optional)
  ARGV[1] task id
  Reply: 1 moved to dead, 0 nothing to do
]]
local owed_refused = owed_key_wrong('flow_expire', KEYS[6])
if owed_refused then
  return owed_refused
end
local tasks, payloads, waiting, wait, dead = KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5]
local id = ARGV[1]
if not id or id == '' then
  return redis.error_reply('flow_expire: ARGV[1] task id must be non-empty')
end
local meta, _, err = read_task(tasks, id)
if err or meta.s ~= 'w' then
  return 0
end
local ok, data = pcall(cjson.decode, redis.call('HGET', wait, id) or '')
local now = now_ms()
if not ok or type(data) ~= 'table' or type(data.l) ~= 'table' or not finite(data.d) or now < data.d then
  return 0
end

-- "b:<len>:<name>:<bizId>" as "<name> of bizId <bizId> (queue <q>)"
local function describe(queue, condition)
  local len, rest = string.match(tostring(condition), '^b:(%d+):(.*)$')
  if len and #rest > tonumber(len) then
    local name = string.sub(rest, 1, tonumber(len))
    return name .. ' of bizId ' .. string.sub(rest, tonumber(len) + 2) .. " (queue '" .. tostring(queue) .. "')"
  end
  return tostring(condition) .. " (queue '" .. tostring(queue) .. "')"
end

local names = {}
for i = 1, #data.l - 1, 2 do
  names[#names + 1] = describe(data.l[i], data.l[i + 1])
end
redis.call('ZREM', waiting, id)
redis.call('HDEL', wait, id)
owe_batch_report(KEYS[6], tasks, payloads, id, now)
park(tasks, payloads, dead, id, meta, 'd', 'wait timeout: still waiting for ' .. table.concat(names, ', '), now, now)
return 1
