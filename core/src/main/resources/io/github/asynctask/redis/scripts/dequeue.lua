--[[
  Hands up to N pending tasks to a worker: each gets a lease deadline in the active set and
  the next fencing token the worker sent (random, so a token stays unique even when Redis
  loses recent writes and replays an older state); its delivery count goes up now, at fetch, so a task that kills its
  worker every time still runs out of attempts. Nothing while the queue is paused.
  Unreadable data goes to dead with the reason; a task whose body already succeeded (a late
  ack) is finished instead of delivered again.

  KEYS[1] <prefix>:{q}:t          tasks hash (meta)
  KEYS[2] <prefix>:{q}:pending    list
  KEYS[3] <prefix>:{q}:active     zset, id -> lease deadline (ms)
  KEYS[4] <prefix>:{q}:lease      hash, id -> fencing token of the current delivery
  KEYS[5] <prefix>:{q}:paused     string
  KEYS[6] <prefix>:{q}:dead       zset
  KEYS[7] <prefix>:{q}:completed  zset
  KEYS[8] <prefix>:{q}:fetch:<fetchId>  record of this call: hash id -> token (PX lease), so
          the worker can hand the tasks back if the reply is lost (release_fetch.lua); a
          call that finds it already there was run before (a client re-send) and takes nothing
  KEYS[9] <prefix>:{q}:fetch:<doneId>  record of an earlier call whose reply arrived, dropped
          (<prefix>:{q}:fetch: when there is none)
  KEYS[10] <prefix>:{q}:p         payloads hash
  KEYS[11] <prefix>:{q}:done      zset, id -> completed at (ms), for the completed-ids window
  KEYS[12] <prefix>:{q}:wake      list, wake-up token: left when tasks remain after this
          fetch, so the next idle fetcher takes them
  ARGV[1] max tasks to take
  ARGV[2] lease in ms
  ARGV[3] completed retention in ms (0: drop)
  ARGV[4] completed-ids window in ms (0: remember none)
  ARGV[5..4 + N] one fencing token per task that may be taken, decimal strings, given out in
          order to the tasks delivered
  Reply: flat array { id1, meta1, payload1, id2, meta2, payload2, ... }
]]
local tasks, pending, active, leases, paused, dead, completed = KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5], KEYS[6], KEYS[7]
local fetch, payloads, done = KEYS[8], KEYS[10], KEYS[11]
local max = tonumber(ARGV[1])
local retention, window = tonumber(ARGV[3]), tonumber(ARGV[4])
if not retention or not window then
  return redis.error_reply('dequeue: ARGV[3] and ARGV[4] must be numbers of ms')
end
if #ARGV - 4 < max then
  return redis.error_reply('dequeue needs one fencing token per task: ' .. max .. ' asked, ' .. (#ARGV - 4) .. ' sent')
end
redis.call('DEL', KEYS[9])
if redis.call('EXISTS', fetch) == 1 or redis.call('EXISTS', paused) == 1 then
  return {}
end
local ids = redis.call('RPOP', pending, max)
if not ids then
  return {}
end
local now = now_ms()
local deadline = now + tonumber(ARGV[2])
local out = {}
local record = {}
local given = 0
for _, id in ipairs(ids) do
  local meta, raw, err = read_task(tasks, id)
  if err then
    bury(tasks, payloads, dead, id, raw, 'unreadable task data: ' .. err, now)
  elseif meta.ok then
    finish(tasks, payloads, completed, id, meta, now, retention)
    remember_done(done, id, now, window, retention)
  else
    meta.a = meta.a + 1
    given = given + 1
    meta.k = ARGV[4 + given]
    meta.s = 'a'
    meta.t = now
    out[#out + 1] = id
    out[#out + 1] = write_task(tasks, payloads, id, meta)
    out[#out + 1] = payload_of(payloads, id)
    redis.call('ZADD', active, deadline, id)
    redis.call('HSET', leases, id, meta.k)
    record[#record + 1] = id
    record[#record + 1] = meta.k
  end
end
if #record > 0 then
  redis.call('HSET', fetch, unpack(record))
  redis.call('PEXPIRE', fetch, tonumber(ARGV[2]))
end
if redis.call('LLEN', pending) > 0 then
  wake(KEYS[12])
end
return out
