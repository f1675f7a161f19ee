--[[
  Moves a dead task back to pending with its delivery count reset, keeping its last error;
  a first hand-back time ('u', hand_back.lua) is cleared, so the unknown-task grace starts
  anew if an instance that does not know the task meets it again.

  KEYS[1] <prefix>:{q}:t        tasks hash
  KEYS[2] <prefix>:{q}:dead     zset
  KEYS[3] <prefix>:{q}:pending  list
  KEYS[4] <prefix>:{q}:p        payloads hash
  KEYS[5] <prefix>:{q}:wake     list, wake-up token
  ARGV[1] task id
  Reply: 1 moved, 0 not dead, -1 refused because its data is unreadable (it stays dead)
]]
local tasks, dead, pending = KEYS[1], KEYS[2], KEYS[3]
local id = ARGV[1]
if not redis.call('ZSCORE', dead, id) then
  return 0
end
local meta, _, err = read_task(tasks, id)
if err or meta.n == '' then
  return -1
end
redis.call('ZREM', dead, id)
meta.s = 'p'
meta.a = 0
meta.u = nil
meta.t = now_ms()
write_task(tasks, KEYS[4], id, meta)
if redis.call('LPUSH', pending, id) == 1 then
  wake(KEYS[5])
end
return 1
