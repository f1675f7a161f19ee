--[[
  Registers a waiting task with one condition in the awaited task's slot, or says the
  condition is met already. Idempotent: a waiter registered twice is kept once. Runs in the
  same slot as flow_done.lua, so either this call sees the condition met or the completing
  worker sees the waiter: nothing falls between them.

  KEYS[1] <prefix>:{q}:fw     hash, condition -> JSON array of waiter refs "<queue>\n<id>"
  KEYS[2] <prefix>:{q}:fdone  zset, condition -> remembered until (ms): conditions met
  KEYS[3] <prefix>:{q}:t      tasks hash (meta): an awaited task id completed when kept as
                              completed, or its body succeeded already
  KEYS[4] <prefix>:{q}:done   zset, ids completed within the completed-ids window
  ARGV[1] condition, "b:<name length>:<name>:<bizId>" (a task name and bizId completed) or
          "i:<task id>" (that task completed; released through complete.lua)
  ARGV[2] waiter ref "<queue>\n<task id>"
  Reply: 1 met already, 0 registered, 2 registered and an unreadable waiter list was
         replaced (its entries are lost; the first check of each waiter registers it again)
]]
local watchers, met = KEYS[1], KEYS[2]
local condition, ref = ARGV[1], ARGV[2]
if not condition or condition == '' or not ref or ref == '' then
  return redis.error_reply('flow_watch: ARGV[1] condition and ARGV[2] waiter ref must be non-empty')
end
local until_ms = tonumber(redis.call('ZSCORE', met, condition))
if until_ms and until_ms > now_ms() then
  return 1
end
if string.sub(condition, 1, 2) == 'i:' then
  local id = string.sub(condition, 3)
  if redis.call('ZSCORE', KEYS[4], id) then
    return 1
  end
  local meta = read_task(KEYS[3], id)
  if meta and (meta.s == 'c' or meta.ok) then
    return 1
  end
end
local code = 0
local refs = {}
local raw = redis.call('HGET', watchers, condition)
if raw then
  local ok, decoded = pcall(cjson.decode, raw)
  if ok and type(decoded) == 'table' then
    refs = decoded
  else
    code = 2
  end
end
for _, existing in ipairs(refs) do
  if existing == ref then
    return code
  end
end
refs[#refs + 1] = ref
redis.call('HSET', watchers, condition, cjson.encode(refs))
return code
