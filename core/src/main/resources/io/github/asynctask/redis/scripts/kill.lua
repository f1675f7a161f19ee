--[[
  Moves a failed delivery to dead with its reason (out of attempts, non-retryable, poison).

  KEYS[1] <prefix>:{q}:t       tasks hash
  KEYS[2] <prefix>:{q}:active  zset
  KEYS[3] <prefix>:{q}:lease   hash, id -> fencing token
  KEYS[4] <prefix>:{q}:dead    zset, id -> died at (ms)
  KEYS[5] <prefix>:{q}:p       payloads hash
  ARGV[1] task id
  ARGV[2] fencing token of the delivery
  ARGV[3] reason
  ARGV[4] optional: the attempt as a JSON document, kept in the task's bounded history
          (lib.lua record_attempt); absent or "": none
  Reply: 1 applied, 0 stale, -1 no readable data for the id
]]
local tasks, active, leases, dead = KEYS[1], KEYS[2], KEYS[3], KEYS[4]
local id = ARGV[1]
local meta, code = take_active(tasks, active, leases, id, ARGV[2])
if not meta then
  return code
end
local now = now_ms()
record_attempt(meta, ARGV[4])
park(tasks, KEYS[5], dead, id, meta, 'd', ARGV[3], now, now)
return 1
