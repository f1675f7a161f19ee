--[[
  Renews the leases of one worker's running deliveries in one call. A delivery whose token
  is no longer current (recovered, deleted, taken by another) is not renewed and reported
  lost; so is one whose lease deadline has already passed (score <= now, the range
  recover.lua takes), even while no recoverer took it yet: after its deadline only the
  recoverer decides what happens to a delivery, so a worker that stalled past its lease
  never wins it back. One task may appear twice (a stale delivery still running beside its
  successor on the same worker): each pair is judged by its own token.

  KEYS[1] <prefix>:{q}:active  zset, id -> lease deadline (ms)
  KEYS[2] <prefix>:{q}:lease   hash, id -> fencing token
  ARGV[1] lease in ms
  ARGV[2..] pairs of task id, fencing token
  Reply: flat array { id1, token1, id2, token2, ... } of the deliveries whose lease was
         lost, tokens as sent
]]
local active, leases = KEYS[1], KEYS[2]
-- A renewal never grows memory, so it must work while Redis is at maxmemory (noeviction):
-- Redis refuses a denyoom command (ZADD) only as a script's first write, so a write that
-- is not denyoom and changes nothing (no task id is empty) goes first.
redis.call('ZREM', active, '')
local now = now_ms()
local deadline = now + tonumber(ARGV[1])
local lost = {}
for i = 2, #ARGV, 2 do
  local id = ARGV[i]
  local current = redis.call('HGET', leases, id) == ARGV[i + 1]
  local score = current and redis.call('ZSCORE', active, id)
  if score and tonumber(score) > now then
    redis.call('ZADD', active, 'XX', deadline, id)
  else
    lost[#lost + 1] = id
    lost[#lost + 1] = ARGV[i + 1]
  end
end
return lost
