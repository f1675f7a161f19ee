--[[
  Fires the due ticks of one run-time schedule at most once per tick whatever the number of
  instances calling, with the misfire and overlap rules of tick.lua (tick_plan in lib.lua):
  the state (revision, last tick handled) is compared and advanced, the next look moved to
  the first tick after the new last one, and the ticks' tasks created, in this one script.
  The caller computes the tick times (the cron is Java's); Redis TIME decides which are due.

  KEYS[1] <prefix>:{q}:rts       ZSET  schedule id -> next look (see rt_put.lua)
  KEYS[2] <prefix>:{q}:rtst      HASH  schedule id -> state JSON
  KEYS[3] <prefix>:{q}:rtp       HASH  schedule id -> problem report (cleared here)
  KEYS[4] <prefix>:{q}:t         tasks hash (meta)
  KEYS[5] <prefix>:{q}:p         payloads hash
  KEYS[6] <prefix>:{q}:pending   list
  KEYS[7] <prefix>:{q}:wake      list, wake-up token
  ARGV[1] schedule id
  ARGV[2] revision the caller read; another one is stale (the schedule was replaced)
  ARGV[3] the last tick (ms) the candidates follow, as the caller read it
  ARGV[4] misfire: once | skip | all
  ARGV[5] overlap: 1 | 0
  ARGV[6] task name
  ARGV[7] max retries of the task (within the stored range of lib.lua)
  ARGV[8] the first tick after the candidates (ms), -1 when the expression has none
  then 3 values per candidate tick, ascending, all after ARGV[3]: tick time (ms), task id,
  payload
  Reply: { code, last tick (ms), Redis now (ms), fired, skipped for overlap, missed, id of
           each task created ... } with code
    1 applied: the candidates were compared with now (none may have been due)
    2 stale: another revision or last tick is stored (another instance fired, or a
      replace); nothing changed
    4 the state is missing or unreadable; nothing changed (the caller reports it)
]]
local schedules, states, problems, tasks, payloads, pending = KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5], KEYS[6]
local id, rev, from = ARGV[1], ARGV[2], tonumber(ARGV[3])
local misfire, overlap, name, max_retries = ARGV[4], ARGV[5] == '1', ARGV[6], max_retries_arg(ARGV[7])
local following = tonumber(ARGV[8])
local now = now_ms()

-- validate every argument before the first write
if not finite(from) or not finite(following) or not max_retries or name == ''
    or (misfire ~= 'once' and misfire ~= 'skip' and misfire ~= 'all') or (#ARGV - 8) % 3 ~= 0 then
  return redis.error_reply('rt_tick: bad arguments for run-time schedule ' .. id .. ' of ' .. schedules)
end
local ticks, ids, bodies = tick_candidates(9, from)
if not ticks then
  return redis.error_reply('rt_tick: candidate ticks must ascend after ARGV[3] for run-time schedule ' .. id)
end

local state = rt_state(states, id)
if not state then
  return { 4, -1, now, 0, 0, 0 }
end
if state.rev ~= rev or tonumber(state.last) ~= from then
  return { 2, tonumber(state.last), now, 0, 0, 0 }
end

local plan = tick_plan(ticks, now, following, misfire, overlap, state.paused == 1, function()
  return task_open(tasks, state.id)
end)
local last = from
local out = { 1, from, now, 0, 0, 0 }
if plan then
  local pushed = fire_ticks(tasks, payloads, pending, KEYS[7], plan, ids, bodies, name, max_retries, now)
  last = plan.last
  state.last = last
  if #pushed > 0 then
    state.id = pushed[#pushed]
    state.fired = ticks[plan.fire[#plan.fire]]
  end
  redis.call('HSET', states, id, cjson.encode(state))
  out = { 1, last, now, #pushed, plan.skipped, plan.missed }
  for _, created in ipairs(pushed) do
    out[#out + 1] = created
  end
end
-- the next look: the first candidate after the last tick handled, else the following tick
local next_look = following
for i = 1, #ticks do
  if ticks[i] > last then
    next_look = ticks[i]
    break
  end
end
if next_look < 0 then
  redis.call('ZADD', schedules, 'XX', '+inf', id)
else
  redis.call('ZADD', schedules, 'XX', next_look, id)
end
redis.call('HDEL', problems, id)
return out
