--[[
  Fires the due ticks of one periodic task, at most once per tick whatever the number of
  instances calling: the schedule's state (last tick handled) is compared and advanced in
  the same script that creates the tick's task. The caller computes the tick times (cron
  is parsed in Java); Redis TIME alone decides which of them are due, so instance clocks
  do not matter.

  KEYS[1] <prefix>:{q}:schedule:<name>  hash: last (ms, last tick handled), fp (expression
          fingerprint), id (task id of the last tick fired), fired (ms, that tick), paused
          ('1' while an operator paused the schedule: due ticks pass over, counted missed)
  KEYS[2] <prefix>:{q}:t          tasks hash (meta)
  KEYS[3] <prefix>:{q}:p          payloads hash
  KEYS[4] <prefix>:{q}:pending    list
  KEYS[5] <prefix>:{q}:wake       list, wake-up token (pushed when pending goes from empty to non-empty)
  ARGV[1] expression fingerprint; a state with another one is reset (no stale tick fires)
  ARGV[2] the last tick (ms) the candidates follow, as the caller believes; -1 unknown
  ARGV[3] misfire: once | skip | all
  ARGV[4] overlap: 1 a tick runs while the previous one's task is unfinished, 0 skip it
  ARGV[5] task name
  ARGV[6] max retries of the task (within the stored range of lib.lua)
  ARGV[7] the first tick after the candidates (ms) when the caller stopped at its
          max-catch-up, -1 when it offered every tick up to its idea of now; the catch-up
          counts as truncated only if Redis time says this tick is due too
  ARGV[8] how long the state outlives the last call, in ms (a schedule removed from the
          code leaves no state behind); every call renews it
  then 3 values per candidate tick, ascending, all after ARGV[2]:
    tick time (ms), task id, payload
  Reply: { code, last tick (ms), Redis now (ms), fired, skipped for overlap, missed,
           id of each task created ... } with code
    1 applied: the candidates were compared with now (none may have been due)
    2 stale: the stored last tick is not ARGV[2] (another instance fired, or the caller
      is new); nothing changed, the caller recomputes from the reply's last tick
    3 reset: no state or another fingerprint; last tick := now, nothing fired
    4 reset: the state was unreadable (corrupt); last tick := now, nothing fired
]]
local state, tasks, payloads, pending = KEYS[1], KEYS[2], KEYS[3], KEYS[4]
local fingerprint, from = ARGV[1], tonumber(ARGV[2])
local misfire, overlap, name, max_retries = ARGV[3], ARGV[4] == '1', ARGV[5], max_retries_arg(ARGV[6])
local following = tonumber(ARGV[7])
local retention = tonumber(ARGV[8])
local now = now_ms()

-- validate every argument before the first write
if not finite(from) or not finite(following) or not max_retries or not finite(retention) or retention < 1
    or (misfire ~= 'once' and misfire ~= 'skip' and misfire ~= 'all') or (#ARGV - 8) % 3 ~= 0 then
  return redis.error_reply('tick: bad arguments for schedule ' .. state)
end
local ticks, ids, bodies = tick_candidates(9, from)
if not ticks then
  return redis.error_reply('tick: candidate ticks must ascend after ARGV[2] for schedule ' .. state)
end

local function reset(code)
  redis.call('HSET', state, 'last', now, 'fp', fingerprint)
  redis.call('PEXPIRE', state, retention)
  return { code, now, now, 0, 0, 0 }
end

local kind = redis.call('TYPE', state)['ok']
if kind == 'none' then
  return reset(3)
end
if kind ~= 'hash' then
  redis.call('DEL', state)
  return reset(4)
end
local stored = redis.call('HMGET', state, 'last', 'fp', 'id', 'paused')
if not stored[1] and not stored[2] then
  -- only a pause flag, written before the first tick
  return reset(3)
end
local last = tonumber(stored[1])
if not finite(last) or type(stored[2]) ~= 'string' then
  redis.call('DEL', state)
  return reset(4)
end
if stored[2] ~= fingerprint then
  return reset(3)
end
redis.call('PEXPIRE', state, retention)
if last ~= from then
  return { 2, last, now, 0, 0, 0 }
end

-- whether the task of the last tick fired has not finished yet (absent: done and dropped)
local plan = tick_plan(ticks, now, following, misfire, overlap, stored[4] == '1', function()
  return task_open(tasks, stored[3])
end)
if not plan then
  return { 1, last, now, 0, 0, 0 }
end
local pushed = fire_ticks(tasks, payloads, pending, KEYS[5], plan, ids, bodies, name, max_retries, now)
redis.call('HSET', state, 'last', plan.last)
if #pushed > 0 then
  redis.call('HSET', state, 'id', pushed[#pushed], 'fired', ticks[plan.fire[#plan.fire]])
end
local out = { 1, plan.last, now, #pushed, plan.skipped, plan.missed }
for _, id in ipairs(pushed) do
  out[#out + 1] = id
end
return out
