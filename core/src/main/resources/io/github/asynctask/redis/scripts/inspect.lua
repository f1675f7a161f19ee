--[[
  Reads everything the console shows of one task: its stored meta and payload as they are
  (never parsed here, so damaged data is shown, not refused) and its score in each state
  set (when it is scheduled or retried for, its lease deadline, when it died or expires).

  KEYS[1] <prefix>:{q}:t          tasks hash (meta)
  KEYS[2] <prefix>:{q}:p          payloads hash
  KEYS[3] <prefix>:{q}:scheduled  zset
  KEYS[4] <prefix>:{q}:retry      zset
  KEYS[5] <prefix>:{q}:active     zset
  KEYS[6] <prefix>:{q}:dead       zset
  KEYS[7] <prefix>:{q}:completed  zset
  ARGV[1] task id
  Reply: {} when there is no meta, else { meta, payload ("" when none), scheduled,
         retry, active, dead, completed } with each score "" when the id is not in that set
]]
local id = ARGV[1]
local meta = redis.call('HGET', KEYS[1], id)
if not meta then
  return {}
end
local out = { meta, redis.call('HGET', KEYS[2], id) or '' }
for i = 3, 7 do
  out[#out + 1] = redis.call('ZSCORE', KEYS[i], id) or ''
end
return out
