--[[
  Drops up to N dead tasks older than the dead retention and up to N completed tasks past
  their retention.

  KEYS[1] <prefix>:{q}:t          tasks hash
  KEYS[2] <prefix>:{q}:dead       zset, id -> died at (ms)
  KEYS[3] <prefix>:{q}:completed  zset, id -> expires at (ms)
  KEYS[4] <prefix>:{q}:p          payloads hash
  ARGV[1] dead retention in ms
  ARGV[2] max tasks to drop per set
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
    drop_task(tasks, KEYS[4], id)
  end
  dropped = dropped + #ids
end
drop(dead, now - tonumber(ARGV[1]))
drop(completed, now)
return dropped
