--[[
  An awaited task's body succeeded: its condition is remembered as met (for the task's
  dedup ttl, so a waiter submitted later runs at once), and its registered waiters move to
  the queue's owed-releases set. The completing worker then releases each waiter in its own
  slot (flow_release.lua) and settles them (flow_settle.lua); a sweep releases what a crash
  left owed. Called before the task's complete.lua: a crash between them re-runs the task
  (at least once), and this call again changes nothing.

  KEYS[1] <prefix>:{q}:fw     hash, condition -> JSON array of waiter refs
  KEYS[2] <prefix>:{q}:fdone  zset, condition -> remembered until (ms)
  KEYS[3] <prefix>:{q}:frel   zset, "<condition>\n<waiter ref>" -> owed since (ms)
  ARGV[1] condition
  ARGV[2] how long to remember it met, ms (> 0)
  Reply: the owed entries this call added ("<condition>\n<queue>\n<id>"); entries that are
         not strings are dropped (a hostile waiter list yields what it can)
]]
local watchers, met, owed = KEYS[1], KEYS[2], KEYS[3]
local condition, remember = ARGV[1], tonumber(ARGV[2])
if not condition or condition == '' or not finite(remember) or remember <= 0 then
  return redis.error_reply('flow_done: ARGV[1] condition non-empty and ARGV[2] a positive number of ms')
end
local now = now_ms()
redis.call('ZADD', met, now + remember, condition)
local expired = redis.call('ZRANGEBYSCORE', met, '-inf', now, 'LIMIT', 0, 2)
if #expired > 0 then
  redis.call('ZREM', met, unpack(expired))
end
local out = {}
local raw = redis.call('HGET', watchers, condition)
if raw then
  local ok, refs = pcall(cjson.decode, raw)
  if ok and type(refs) == 'table' then
    for _, ref in ipairs(refs) do
      if type(ref) == 'string' then
        local entry = condition .. '\n' .. ref
        redis.call('ZADD', owed, 'NX', now, entry)
        out[#out + 1] = entry
      end
    end
  end
  redis.call('HDEL', watchers, condition)
end
return out
