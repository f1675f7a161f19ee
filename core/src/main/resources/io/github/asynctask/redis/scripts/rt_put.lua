--[[
  Creates or replaces one run-time schedule of a queue: its captured call, expression and
  rules, with the next look at once (the next due call computes its first tick after now,
  by Redis time, as tick.lua's reset does). A replaced schedule keeps its pause and the task
  of its last fired tick (for overlap); its problem report is cleared.

  KEYS[1] <prefix>:{q}:rts   ZSET  schedule id -> next look (ms, Redis time)
  KEYS[2] <prefix>:{q}:rtc   HASH  schedule id -> call JSON { task, expr, zone, misfire,
                                   overlap, payload }
  KEYS[3] <prefix>:{q}:rtst  HASH  schedule id -> state JSON { rev, last, fired, id, paused }
  KEYS[4] <prefix>:{q}:rtp   HASH  schedule id -> why it is not fired (problem report)
  ARGV[1] schedule id
  ARGV[2] revision: a new random token per put; a tick computed for another revision is stale
  ARGV[3] task name
  ARGV[4] expression: 'cron <fields>' or 'every <duration>'
  ARGV[5] zone id
  ARGV[6] misfire: once | skip | all
  ARGV[7] overlap: 1 | 0
  ARGV[8] payload as the codec wrote it
  Reply: 1 created, 0 replaced
]]
local schedules, calls, states, problems = KEYS[1], KEYS[2], KEYS[3], KEYS[4]
local id, rev = ARGV[1], ARGV[2]
if id == '' or rev == '' or ARGV[3] == '' or ARGV[4] == '' or ARGV[5] == ''
    or (ARGV[6] ~= 'once' and ARGV[6] ~= 'skip' and ARGV[6] ~= 'all') or (ARGV[7] ~= '1' and ARGV[7] ~= '0') then
  return redis.error_reply('rt_put: bad arguments for run-time schedule ' .. id .. ' of ' .. schedules)
end
local now = now_ms()
local previous = rt_state(states, id)
local state = { rev = rev, last = now, paused = 0 }
if previous then
  state.paused = previous.paused
  state.id = previous.id
  state.fired = previous.fired
end
local created = redis.call('HEXISTS', calls, id) == 0 and 1 or 0
redis.call('HSET', calls, id, cjson.encode({ task = ARGV[3], expr = ARGV[4], zone = ARGV[5], misfire = ARGV[6],
  overlap = ARGV[7], payload = ARGV[8] }))
redis.call('HSET', states, id, cjson.encode(state))
redis.call('HDEL', problems, id)
redis.call('ZADD', schedules, now, id)
return created
