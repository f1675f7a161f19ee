--[[
  Acknowledges a successful delivery: the task is dropped, or kept as completed for a
  retention. A delivery that is no longer current (its lease was recovered, or another
  token holds the task) is refused, but the success is remembered on the task, so a later
  delivery finishes it without running the body again.

  KEYS[1] <prefix>:{q}:t          tasks hash
  KEYS[2] <prefix>:{q}:active     zset
  KEYS[3] <prefix>:{q}:lease      hash, id -> fencing token
  KEYS[4] <prefix>:{q}:completed  zset, id -> expires at (ms)
  ARGV[1] task id
  ARGV[2] fencing token of the delivery
  ARGV[3] completed retention in ms (0: drop at once)
  Reply: 1 applied, 0 stale (success remembered), -1 no readable data for the id
]]
local tasks, active, leases, completed = KEYS[1], KEYS[2], KEYS[3], KEYS[4]
local id = ARGV[1]
local meta, payload = take_active(tasks, active, leases, id, ARGV[2])
if not meta then
  if payload == 0 then
    return remember_success(tasks, id)
  end
  return payload
end
finish(tasks, completed, id, meta, payload, now_ms(), tonumber(ARGV[3]))
return 1
