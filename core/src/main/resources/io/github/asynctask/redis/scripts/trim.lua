--[[
  Drops up to N dead tasks older than the dead retention and up to N completed tasks past
  their retention, and forgets up to N completed ids older than the completed-ids window
  (complete.lua forgets them too, as it adds; this covers a queue that stopped completing).

  KEYS[1] <prefix>:{q}:t          tasks hash
  KEYS[2] <prefix>:{q}:dead       zset, id -> died at (ms)
  KEYS[3] <prefix>:{q}:completed  zset, id -> expires at (ms)
  KEYS[4] <prefix>:{q}:done       zset, id -> completed at (ms)
  ARGV[1] dead retention in ms
  ARGV[2] max tasks to drop per set
  ARGV[3] completed-ids window in ms
  Reply: number of tasks dropped
]]
local tasks, dead, completed = KEYS[1], KEYS[2], KEYS[3]
local now = now_ms()
local limit = tonumber(ARGV[2])
local dropped = 0
local function drop(zset, max_score)
  local ids = redis.call('ZRANGEBYSCORE', zset, '-inf', max_score, 'LIMIT', 0, limit)
  for _, id in ipairs(ids) do
    redis.call('ZREM', zset, id)
    redis.call('HDEL', tasks, id)
  end
  dropped = dropped + #ids
end
drop(dead, now - tonumber(ARGV[1]))
drop(completed, now)
local forgotten = redis.call('ZRANGEBYSCORE', KEYS[4], '-inf', now - tonumber(ARGV[3]), 'LIMIT', 0, limit)
if #forgotten > 0 then
  redis.call('ZREM', KEYS[4], unpack(forgotten))
end
return dropped
