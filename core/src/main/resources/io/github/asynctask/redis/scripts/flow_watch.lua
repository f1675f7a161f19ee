--[[
  Registers a waiting task with one condition in the awaited task's slot, or says the
  condition is met already. Idempotent: a waiter registered twice is kept once. Runs in the
  same slot as flow_done.lua, so either this call sees the condition met or the completing
  worker sees the waiter: nothing falls between them. O(1): one set per condition.
  The set lives at least as long as its longest-waiting waiter (ARGV[4]); a task id's
  condition is also listed in the index, which complete.lua reads.

  KEYS[1] <prefix>:{q}:fw:<condition>  set, waiter refs, JSON ["<queue>","<task id>"]
  KEYS[2] <prefix>:{q}:fwi    zset, condition "i:<task id>" -> its set kept until (ms)
  KEYS[3] <prefix>:{q}:fdone  zset, condition -> remembered until (ms): conditions met
  KEYS[4] <prefix>:{q}:t      tasks hash (meta): an awaited task id completed when kept as
                              completed, or its body succeeded already
  KEYS[5] <prefix>:{q}:done   zset, ids completed within the completed-ids window
  ARGV[1] condition, "b:<name length>:<name>:<bizId>" (a task name and bizId completed) or
          "i:<task id>" (that task completed; released through complete.lua)
  ARGV[2] queue of the waiting task
  ARGV[3] id of the waiting task
  ARGV[4] keep the registration at least this long, ms (> 0): the waiter's wait left and a
          margin
  Reply: 1 met already, 0 registered, 2 registered and a key of another type in the set's
         place was replaced (the waiters it held register again at their next check)
]]
local waiters, index, met = KEYS[1], KEYS[2], KEYS[3]
local condition, queue, id, keep = ARGV[1], ARGV[2], ARGV[3], tonumber(ARGV[4])
if not condition or not string.match(condition, '^[bi]:.') or not queue or queue == '' or not id or id == ''
    or not finite(keep) or keep <= 0 then
  return redis.error_reply("flow_watch: ARGV[1] must be a condition 'b:...' or 'i:<id>', ARGV[2] and ARGV[3] "
    .. 'non-empty, ARGV[4] a positive number of ms')
end
local now = now_ms()
local until_ms = tonumber(redis.call('ZSCORE', met, condition))
if until_ms and until_ms > now then
  return 1
end
if string.sub(condition, 1, 2) == 'i:' then
  local awaited = string.sub(condition, 3)
  if redis.call('ZSCORE', KEYS[5], awaited) then
    return 1
  end
  local meta = read_task(KEYS[4], awaited)
  if meta and (meta.s == 'c' or meta.ok) then
    return 1
  end
end
local code = 0
local kind = redis.call('TYPE', waiters)['ok']
if kind ~= 'set' and kind ~= 'none' then
  redis.call('DEL', waiters)
  code = 2
end
redis.call('SADD', waiters, cjson.encode({ queue, id }))
keep = math.floor(keep)
if redis.call('PTTL', waiters) < keep then
  redis.call('PEXPIRE', waiters, keep)
end
if string.sub(condition, 1, 2) == 'i:' then
  redis.call('ZADD', index, 'GT', now + keep, condition)
  if redis.call('PTTL', index) < keep then
    redis.call('PEXPIRE', index, keep)
  end
  -- drops at most two entries whose sets expired: the index stays bounded
  local expired = redis.call('ZRANGEBYSCORE', index, '-inf', now, 'LIMIT', 0, 2)
  if #expired > 0 then
    redis.call('ZREM', index, unpack(expired))
  end
end
return code
