--[[
  Takes permits of a sharded queue's rate limit before its fetch: the log is the queue's own
  (shard 0's) sliding log, shared with unsharded fetches of the same queue, and sits in the
  queue's slot, apart from the shards the tasks are taken from. Each permit is an entry
  stamped now; rate_settle.lua then drops the permits the fetch did not use and stamps the
  used ones again with the time it runs (after every hand-out they paid for), so no window
  of hand-out times holds more deliveries than the limit. Until settled, taken permits count
  as used, so concurrent fetches never take more between them than the limit leaves.

  KEYS[1] <prefix>:{q}:rate   zset, permit (or fencing token) -> delivered at (ms), the
          deliveries of the last period (expires one period after its last entry)
  ARGV[1] permits wanted, at least 1
  ARGV[2] the limit: deliveries allowed in any window of ARGV[3] ms, at least 1
  ARGV[3] the period in ms, at least 1
  ARGV[4] the fetch's id, non-empty: its permits are '<fetch id>:1' .. '<fetch id>:<granted>'
  Reply: { granted, wait }: the permits taken (0 .. wanted), and, when the limit is reached
         after them, the ms until its oldest entry leaves the window (else 0)
]]
local wanted, limit, period = whole_arg(ARGV[1]), whole_arg(ARGV[2]), whole_arg(ARGV[3])
local fetch = ARGV[4]
if not wanted or wanted < 1 or not limit or limit < 1 or not period or period < 1 or not fetch or fetch == '' then
  return redis.error_reply('rate_take: ARGV[1] (permits wanted), ARGV[2] (limit) and ARGV[3] (period in ms) must'
    .. ' be whole numbers of at least 1, and ARGV[4] a fetch id')
end
local log = KEYS[1]
local now = now_ms()
local now_text = tostring(now)
redis.call('ZREMRANGEBYSCORE', log, '-inf', now - period)
local used = redis.call('ZCARD', log)
local granted = math.max(0, math.min(wanted, limit - used))
if granted > 0 then
  local permits = {}
  for i = 1, granted do
    permits[2 * i - 1] = now_text
    permits[2 * i] = fetch .. ':' .. i
  end
  call_with_all('ZADD', log, permits)
  redis.call('PEXPIRE', log, period)
end
local wait = 0
if used + granted >= limit then
  local oldest = redis.call('ZRANGE', log, 0, 0, 'WITHSCORES')
  wait = math.max(1, tonumber(oldest[2]) + period - now + 1)
end
return { granted, wait }
