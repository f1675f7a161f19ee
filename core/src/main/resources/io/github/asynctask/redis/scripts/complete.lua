--[[
  Acknowledges successful deliveries, one or many per call (the worker groups the acks that
  arrive while a call is in flight): each task is dropped, or kept as completed for a
  retention. A delivery that is no longer current (its lease was recovered, or another
  token holds the task) is refused, but the success is remembered on the task, so a later
  delivery finishes it without running the body again.

  KEYS[1] <prefix>:{q}:t          tasks hash (meta)
  KEYS[2] <prefix>:{q}:active     zset
  KEYS[3] <prefix>:{q}:lease      hash, id -> fencing token
  KEYS[4] <prefix>:{q}:completed  zset, id -> expires at (ms)
  KEYS[5] <prefix>:{q}:p          payloads hash
  ARGV[1] completed retention in ms (0: drop at once)
  ARGV[2], ARGV[3], ... pairs of task id and fencing token of the delivery
  Reply: one code per pair, in order: 1 applied, 0 stale (success remembered),
         -1 no readable data for the id
  With no retention a current delivery's data is deleted unread: its body ran, so even
  data damaged since the fetch has nothing left to tell.
]]
local tasks, active, leases, completed, payloads = KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5]
local retention = tonumber(ARGV[1])
local now = now_ms()

local function complete_one(id, token)
  if retention == 0 and redis.call('HGET', leases, id) == token then
    redis.call('ZREM', active, id)
    redis.call('HDEL', leases, id)
    local existed = redis.call('HDEL', tasks, id) == 1
    redis.call('HDEL', payloads, id)
    return existed and 1 or -1
  end
  local meta, code = take_active(tasks, active, leases, id, token)
  if meta then
    finish(tasks, payloads, completed, id, meta, now, retention)
    return 1
  end
  if code == 0 then
    return remember_success(tasks, payloads, id)
  end
  return code
end

local codes = {}
for i = 2, #ARGV, 2 do
  codes[#codes + 1] = complete_one(ARGV[i], ARGV[i + 1])
end
return codes
