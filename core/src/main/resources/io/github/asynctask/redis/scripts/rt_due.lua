--[[
  The run-time schedules of a queue due for a look by Redis time, at most ARGV[1] of them,
  oldest first: O(due), never a walk of all schedules. Changes nothing.

  KEYS[1] <prefix>:{q}:rts   ZSET  (see rt_put.lua)
  KEYS[2] <prefix>:{q}:rtc   HASH
  KEYS[3] <prefix>:{q}:rtst  HASH
  KEYS[4] <prefix>:{q}:rtp   HASH
  ARGV[1] most schedules to return
  Reply: { Redis now (ms), the earliest next look after now (ms, -1 none), 1 when more are
           due than returned else 0, then 15 values per due schedule (rt_entry in lib.lua) }
]]
local limit = tonumber(ARGV[1])
if not finite(limit) or limit < 1 then
  return redis.error_reply('rt_due: bad limit ' .. tostring(ARGV[1]))
end
local now = now_ms()
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', now, 'WITHSCORES', 'LIMIT', 0, limit + 1)
local later = redis.call('ZRANGEBYSCORE', KEYS[1], '(' .. now, '+inf', 'WITHSCORES', 'LIMIT', 0, 1)
local next_look = tonumber(later[2])
if not finite(next_look) then
  next_look = -1
end
local count = math.min(#due / 2, limit)
local out = { now, next_look, (#due / 2 > limit) and 1 or 0 }
for i = 1, count do
  for _, value in ipairs(rt_entry(KEYS[2], KEYS[3], KEYS[4], nil, due[2 * i - 1], due[2 * i], false)) do
    out[#out + 1] = value
  end
end
return out
