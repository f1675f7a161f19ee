--[[
  Reads one task's stored data.

  KEYS[1] <prefix>:{q}:t  tasks hash (meta)
  KEYS[2] <prefix>:{q}:p  payloads hash
  ARGV[1] task id
  Reply: { meta, payload } (payload "" when none; a layout-v1 meta still holds
         "meta\npayload"), or an empty array when there is no task
]]
local raw = redis.call('HGET', KEYS[1], ARGV[1])
if not raw then
  return {}
end
return { raw, redis.call('HGET', KEYS[2], ARGV[1]) or '' }
