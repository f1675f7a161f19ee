--[[
  Finds the task holding a bizId: the dedup keys of one or several task names of one queue
  (one GET each, no scan), with how much longer each is kept.

  KEYS[1..n] <prefix>:{q}:u:<name length>:<name>:<bizId>  STRING task id (PX dedup-ttl)
  Reply: flat array, per key in order: task id ("" when none), remaining ms (-2 none,
         -1 no expiry)
]]
local out = {}
for _, key in ipairs(KEYS) do
  out[#out + 1] = redis.call('GET', key) or ''
  out[#out + 1] = redis.call('PTTL', key)
end
return out
