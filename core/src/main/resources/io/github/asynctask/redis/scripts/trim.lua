--[[
  Drops up to N dead tasks older than the dead retention, then up to N of the oldest dead
  tasks beyond the most a queue keeps, up to N completed tasks past their retention, and
  forgets up to N completed ids older than the completed-ids window (complete.lua forgets
  them too, as it adds; this covers a queue that stopped completing).

  KEYS[1] <prefix>:{q}:t          tasks hash
  KEYS[2] <prefix>:{q}:dead       zset, id -> died at (ms)
  KEYS[3] <prefix>:{q}:completed  zset, id -> expires at (ms)
  KEYS[4] <prefix>:{q}:p          payloads hash
  KEYS[5] <prefix>:{q}:done       zset, id -> completed at (ms)
  ARGV[1] dead retention in ms
  ARGV[2] max tasks to drop per set
  ARGV[3] completed-ids window in ms
  ARGV[4] most dead tasks kept
  Reply: { tasks dropped, of which dead ones dropped over the cap }
]]
local tasks, dead, completed, payloads, done = KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5]
for i = 1, 4 do
  if not tonumber(ARGV[i]) then
    return redis.error_reply('trim: ARGV[' .. i .. '] must be a number')
  end
end
local now = now_ms()
local limit = tonumber(ARGV[2])
local dropped = 0
local function drop(zset, max_score)
  local ids = redis.call('ZRANGEBYSCORE', zset, '-inf', max_score, 'LIMIT', 0, limit)
  for _, id in ipairs(ids) do
    redis.call('ZREM', zset, id)
    drop_task(tasks, payloads, id)
  end
  dropped = dropped + #ids
end
drop(dead, now - tonumber(ARGV[1]))
local over_cap = math.min(redis.call('ZCARD', dead) - tonumber(ARGV[4]), limit)
if over_cap > 0 then
  local ids = redis.call('ZRANGE', dead, 0, over_cap - 1)
  redis.call('ZREM', dead, unpack(ids))
  for _, id in ipairs(ids) do
    drop_task(tasks, payloads, id)
  end
  dropped = dropped + #ids
else
  over_cap = 0
end
drop(completed, now)
local forgotten = redis.call('ZRANGEBYSCORE', done, '-inf', now - tonumber(ARGV[3]), 'LIMIT', 0, limit)
if #forgotten > 0 then
  redis.call('ZREM', done, unpack(forgotten))
end
return { dropped, over_cap }
