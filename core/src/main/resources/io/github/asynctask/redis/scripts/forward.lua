--[[
  Moves up to N due scheduled and retry tasks to pending, and tells when the next one
  falls due, so the forwarder can sleep exactly that long.

  KEYS[1] <prefix>:{q}:t          tasks hash
  KEYS[2] <prefix>:{q}:scheduled  zset, id -> run-at (ms)
  KEYS[3] <prefix>:{q}:retry      zset, id -> next attempt (ms)
  KEYS[4] <prefix>:{q}:pending    list
  KEYS[5] <prefix>:{q}:p          payloads hash
  KEYS[6] <prefix>:{q}:wake       list, wake-up token (pushed when pending was empty)
  ARGV[1] max tasks to move
  Reply: { moved, next due in ms or -1 when nothing waits, Redis now in ms }
]]
local tasks, scheduled, retry, pending = KEYS[1], KEYS[2], KEYS[3], KEYS[4]
local limit = whole_arg(ARGV[1])
if not limit or limit < 1 then
  return redis.error_reply('forward: ARGV[1] (tasks to move) must be a whole number of at least 1')
end
local now = now_ms()

-- Earliest due score of both sets, or -1; an idle queue costs these two reads only.
local function next_due()
  local due = -1
  for _, zset in ipairs({ scheduled, retry }) do
    local first = redis.call('ZRANGE', zset, 0, 0, 'WITHSCORES')
    if first[2] and (due < 0 or tonumber(first[2]) < due) then
      due = tonumber(first[2])
    end
  end
  return due
end

local due = next_due()
if due < 0 or due > now then
  return { 0, due, now }
end
local was_empty = redis.call('LLEN', pending) == 0
local now_36 = base36(now)
local moved = 0
for _, zset in ipairs({ scheduled, retry }) do
  if moved < limit then
    local ids = redis.call('ZRANGEBYSCORE', zset, '-inf', now, 'LIMIT', 0, limit - moved)
    if #ids > 0 then
      -- the lowest scores are the lowest ranks: one removal and one push for the batch
      -- read before the removal, so a read that fails leaves the batch where it was; one
      -- read and one write for the batch; a task in the one-field form keeps it
      local raws = hmget_all(tasks, ids)
      redis.call('ZREMRANGEBYRANK', zset, 0, #ids - 1)
      local values = {}
      for i, id in ipairs(ids) do
        -- most due tasks are scheduled ones still in the packed one-field form: rewritten
        -- without decoding their meta (forwarded_value)
        local value = forwarded_value(raws[i], now_36)
        if value then
          values[#values + 1] = id
          values[#values + 1] = value
        else
          local meta, _, err = decode_task(id, raws[i])
          if not err then
            meta.s = 'p'
            meta.t = now
            values[#values + 1] = id
            values[#values + 1] = rewritten_value(id, meta)
          end
        end
      end
      call_with_all('HSET', tasks, values)
      -- unreadable data still goes to pending: dequeue moves it to dead with the reason
      call_with_all('LPUSH', pending, ids)
      moved = moved + #ids
    end
  end
end
if moved > 0 and was_empty then
  wake(KEYS[6])
end
return { moved, next_due(), now }
