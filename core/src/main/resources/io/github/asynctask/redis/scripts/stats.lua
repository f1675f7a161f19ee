--[[
  Sizes of one queue by state, its paused flag and the age of its oldest pending task.

  KEYS[1] <prefix>:{q}:t          tasks hash
  KEYS[2] <prefix>:{q}:pending    list
  KEYS[3] <prefix>:{q}:scheduled  zset
  KEYS[4] <prefix>:{q}:active     zset
  KEYS[5] <prefix>:{q}:retry      zset
  KEYS[6] <prefix>:{q}:dead       zset
  KEYS[7] <prefix>:{q}:completed  zset
  KEYS[8] <prefix>:{q}:paused     string
  KEYS[9] <prefix>:{q}:waiting    zset, tasks waiting for others (flows; optional)
  KEYS[10] <prefix>:{q}:ckp       zset, pending tasks parked for their concurrency key (dequeue.lua;
                                  optional, counted as pending)
  Reply: { pending, scheduled, active, retry, dead, completed, paused 0|1, oldest pending age in ms,
           waiting (when KEYS[9] is given) }
]]
local tasks = KEYS[1]
local age = 0
local oldest = redis.call('LINDEX', KEYS[2], -1)
if oldest then
  local meta = read_task(tasks, oldest)
  if meta then
    age = math.max(now_ms() - meta.t, 0)
  end
end
return {
  redis.call('LLEN', KEYS[2]) + (KEYS[10] and redis.call('ZCARD', KEYS[10]) or 0),
  redis.call('ZCARD', KEYS[3]),
  redis.call('ZCARD', KEYS[4]),
  redis.call('ZCARD', KEYS[5]),
  redis.call('ZCARD', KEYS[6]),
  redis.call('ZCARD', KEYS[7]),
  redis.call('EXISTS', KEYS[8]),
  age,
  KEYS[9] and redis.call('ZCARD', KEYS[9]) or nil
}
