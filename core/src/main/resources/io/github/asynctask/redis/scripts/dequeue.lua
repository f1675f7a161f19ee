--[[
  Hands up to N pending tasks to a worker: each gets a lease deadline in the active set and
  a new fencing token; its delivery count goes up now, at fetch, so a task that kills its
  worker every time still runs out of attempts. Nothing while the queue is paused.
  Unreadable data goes to dead with the reason; a task whose body already succeeded (a late
  ack) is finished instead of delivered again.

  KEYS[1] <prefix>:{q}:t          tasks hash
  KEYS[2] <prefix>:{q}:pending    list
  KEYS[3] <prefix>:{q}:active     zset, id -> lease deadline (ms)
  KEYS[4] <prefix>:{q}:lease      hash, id -> fencing token of the current delivery
  KEYS[5] <prefix>:{q}:paused     string
  KEYS[6] <prefix>:{q}:dead       zset
  KEYS[7] <prefix>:{q}:completed  zset
  KEYS[8] <prefix>:{q}:wake       list, wake-up token: left when tasks remain after this
                                  fetch, so the next idle fetcher takes them
  ARGV[1] max tasks to take
  ARGV[2] lease in ms
  ARGV[3] completed retention in ms (0: drop)
  Reply: flat array { id1, data1, id2, data2, ... } with data the stored "meta\npayload"
]]
local tasks, pending, active, leases, paused, dead, completed = KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5], KEYS[6], KEYS[7]
if redis.call('EXISTS', paused) == 1 then
  return {}
end
local ids = redis.call('RPOP', pending, tonumber(ARGV[1]))
if not ids then
  return {}
end
local now = now_ms()
local deadline = now + tonumber(ARGV[2])
local out = {}
for _, id in ipairs(ids) do
  local meta, payload, err = read_task(tasks, id)
  if err then
    bury(tasks, dead, id, payload, 'unreadable task data: ' .. err, now)
  elseif meta.ok then
    finish(tasks, completed, id, meta, payload, now, tonumber(ARGV[3]))
  else
    meta.a = meta.a + 1
    meta.k = meta.k + 1
    meta.s = 'a'
    meta.t = now
    out[#out + 1] = id
    out[#out + 1] = write_task(tasks, id, meta, payload)
    redis.call('ZADD', active, deadline, id)
    redis.call('HSET', leases, id, meta.k)
  end
end
if redis.call('LLEN', pending) > 0 then
  wake(KEYS[8])
end
return out
