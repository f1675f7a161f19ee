--[[
  Reads one task's stored data.

  KEYS[1] <prefix>:{q}:t  tasks hash
  ARGV[1] task id
  Reply: { data } ("meta\npayload"), or an empty array when there is none
]]
local raw = redis.call('HGET', KEYS[1], ARGV[1])
if not raw then
  return {}
end
return { raw }
