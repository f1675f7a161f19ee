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
  KEYS[8] <prefix>:{q}:fetch:<fetchId>  record of this call: a string, the JSON array
          [id, token, ...] (PX lease; one SET, where a small hash took a listpack scan per field), so
          the worker can hand the tasks back if the reply is lost (release_fetch.lua); a
          call that finds it already there was run before (a client re-send) and takes nothing
  KEYS[9] <prefix>:{q}:fetch:<doneId>  record of an earlier call whose reply arrived, dropped
          (<prefix>:{q}:fetch: when there is none)
  KEYS[10] <prefix>:{q}:p         payloads hash
  KEYS[11] <prefix>:{q}:done      zset, id -> completed at (ms), for the completed-ids window
  KEYS[12] <prefix>:{q}:wake      list, wake-up token: left when tasks remain after this
          fetch, so the next idle fetcher takes them
  KEYS[13] <prefix>:{q}:rate      zset, fencing token -> delivered at (ms): the deliveries of
          the last rate-limit period (only read and written when ARGV[5 + N] is sent; expires
          one period after the last delivery)
  KEYS[14] <prefix>:{q}:ck        hash, concurrency key -> JSON [id, token, ...] of the deliveries
          holding it; one whose lease (KEYS[4]) no longer carries that token holds nothing.
          A task whose meta has ck/cm is parked in KEYS[15] while cm deliveries hold its key;
          the fetch looks up to 100 tasks further for others
  KEYS[15] <prefix>:{q}:ckp       zset, all scores 0: the parked tasks, members
          '<key length>:<key>:<parked at in us, 16 digits><n, 4 digits>:<id>', so each key's tasks
          are one lexical range, oldest first
  KEYS[16] <prefix>:{q}:ckr       list, the keys with parked tasks, each once, in turn: each
          fetch first looks at up to 8 of them (from the left, back on the right) and takes
          the parked tasks of those with room, oldest first, before it pops pending.
          KEYS[15..16] may be left out by a caller whose queue has no keyed tasks (the
          benchmarks' raw-Redis rows)
  KEYS[17] <prefix>:{q}:bown       zset, batch reports owed (lib.lua owe_batch_report;
          optional, and only read when KEYS[15..16] are sent)
  ARGV[1] max tasks to take
  ARGV[2] lease in ms
  ARGV[3] completed retention in ms (0: drop)
  ARGV[4] completed-ids window in ms (0: remember none)
  ARGV[5..4 + N] one fencing token per task that may be taken, decimal strings, given out in
          order to the tasks delivered
  ARGV[5 + N] optional: rate limit, deliveries allowed in any window of ARGV[6 + N] ms, across
          every caller (a sliding log in KEYS[13]); absent: no limit
  ARGV[6 + N] the rate limit's period in ms
  Reply: flat array { id1, value1, id2, value2, ... }, each value "<meta>\n<payload>" (the
         meta packed or JSON, lib.lua, neither of which holds a newline; for most tasks the
         value just stored), followed, when the rate limit held tasks back that are still
         pending, by one more element, a number: the ms until the next permit frees (the
         fetcher sleeps that long instead of asking again); or -1 when nothing is pending
         but tasks are parked for their concurrency key
]]
local tasks, pending, active, leases, paused, dead, completed = KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5], KEYS[6], KEYS[7]
local fetch, payloads, done = KEYS[8], KEYS[10], KEYS[11]
local max, lease = whole_arg(ARGV[1]), whole_arg(ARGV[2])
local retention, window = whole_arg(ARGV[3]), whole_arg(ARGV[4])
if not max or not lease or not retention or not window then
  return redis.error_reply('dequeue: ARGV[1] (tasks) and ARGV[2..4] (lease, retention, window in ms) must be'
    .. ' whole numbers of at least 0')
end
if #ARGV - 4 < max then
  return redis.error_reply('dequeue needs one fencing token per task: ' .. max .. ' asked, ' .. (#ARGV - 4) .. ' sent')
end
local limit, period = ARGV[5 + max], ARGV[6 + max]
if limit then
  limit, period = whole_arg(limit), whole_arg(period)
  if not limit or limit < 1 or not period or period < 1 then
    return redis.error_reply('dequeue: a rate limit needs whole numbers ARGV[5 + N] >= 1 permits and'
      .. ' ARGV[6 + N] >= 1 ms')
  end
end
-- one command whether or not the queue has parked tasks or owed batch reports: a queue with
-- none of these keys pays nothing more; the owed key's type is checked (a TYPE) only when one
-- of them exists, still before the first write
local parked_ring, owed, ring = KEYS[16], KEYS[17], false
local found
if owed then
  found = redis.call('EXISTS', fetch, paused, parked_ring, owed)
elseif parked_ring then
  found = redis.call('EXISTS', fetch, paused, parked_ring)
else
  found = redis.call('EXISTS', fetch, paused)
end
if found > 0 then
  local owed_refused = owed_key_wrong('dequeue', owed)
  if owed_refused then
    return owed_refused
  end
end
redis.call('DEL', KEYS[9])
if found > 0 then
  if redis.call('EXISTS', fetch, paused) > 0 then
    return {}
  end
  ring = parked_ring and redis.call('EXISTS', parked_ring) > 0
end
local now
local allowed = max
if limit then
  now = now_ms()
  redis.call('ZREMRANGEBYSCORE', KEYS[13], '-inf', now - period)
  allowed = math.min(max, limit - redis.call('ZCARD', KEYS[13]))
  if allowed <= 0 then
    if redis.call('LLEN', pending) == 0 and not ring then
      return {}
    end
    local oldest = redis.call('ZRANGE', KEYS[13], 0, 0, 'WITHSCORES')
    return { math.max(1, tonumber(oldest[2]) + period - now + 1) }
  end
end
-- a queue without parked keys pops at once (an empty one stops here, as cheap as ever);
-- one with parked keys first looks at them (below), then pops what they left room for
local ids = false
if not ring then
  ids = redis.call('RPOP', pending, allowed)
  if not ids then
    return {}
  end
end
now = now or now_ms()
-- times as text, formatted once: a number is formatted again by every concatenation and
-- every redis.call argument it takes part in ('%d': integer digits, cheaper than
-- tostring's '%.14g', and exact past 1e14)
local now_36 = base36(now)
local deadline = string.format('%d', now + lease)
local now_text = limit and string.format('%d', now)
local out = {}
-- the fetch's writes, made together once every task was looked at (one HSET, one ZADD,
-- one HSET per call rather than three commands per task): record is id, token pairs for
-- the leases and the fetch record, values id, stored value pairs for the tasks hash
local record, values, deadlines, permits = {}, {}, {}, {}
-- tokens handed out so far, and tasks delivered (the same count; kept apart for clarity)
local given, delivered = 0, 0
-- the fast path writes each token into a packed meta, which has no room for '|' or a
-- newline: checked once for the call's tokens (a worker sends digits), by two plain
-- searches (a character class would cost a pattern-matching step per character)
local call_tokens = table.concat(ARGV, '', 5, 4 + max)
local packable_tokens = not string.find(call_tokens, '|', 1, true) and not string.find(call_tokens, '\n', 1, true)
-- an id met twice in one fetch (a list damaged by hand) is delivered once
local seen = {}
-- The common fetch: no parked key looked at, and every popped task in the packed pending
-- form, fetched for the first time (first_delivery), no id twice. Its tasks are delivered
-- in this loop, in order, the i-th with the i-th token, as the general path below would;
-- the stored value is what the worker gets, so values is out. The general path's
-- functions are made only when a call needs them: Redis runs the whole script on every
-- call, and each closure costs a lookup per variable it captures (about 20k instructions
-- for those below). A task the loop cannot take sends the whole call down the general
-- path, from the start.
local raws
local general = true
if ids and packable_tokens then
  raws = hmget_all(tasks, ids)
  general = false
  for i, id in ipairs(ids) do
    local value = not seen[id] and first_delivery(raws[i], ARGV[4 + i], now_36)
    if not value then
      general = true
      break
    end
    seen[id] = true
    local at = 2 * i
    out[at - 1] = id
    out[at] = value
    deadlines[at - 1] = deadline
    deadlines[at] = id
    record[at - 1] = id
    record[at] = ARGV[4 + i]
    if limit then
      permits[at - 1] = now_text
      permits[at] = ARGV[4 + i]
    end
  end
  if general then
    out, deadlines, record, permits, seen = {}, {}, {}, {}, {}
  else
    given, delivered = #ids, #ids
    values = out
  end
end
-- the keys whose tasks this call parked, and (general path) the concurrency keys' holders
-- and parked tasks (below)
local skipped = {}
local holders, touched, released, in_ring, live_holders, first_parked
if general then
  -- lib.lua: the helpers only this block calls are defined here
  -- concurrency keys: a key's deliveries are those of its entry in KEYS[14] whose lease is
  -- still theirs, so every end of a delivery (ack, retry, dead, hand-back, recovery of a
  -- lost lease, release of a lost fetch) frees its place without touching KEYS[14]
  holders, touched = {}, {}
  live_holders = function(key)
    local list = holders[key]
    if list then
      return list
    end
    list = {}
    local ok, decoded = pcall(cjson.decode, redis.call('HGET', KEYS[14], key) or '[]')
    if ok and type(decoded) == 'table' then
      for j = 1, #decoded - 1, 2 do
        if redis.call('HGET', leases, decoded[j]) == decoded[j + 1] then
          list[#list + 1] = decoded[j]
          list[#list + 1] = decoded[j + 1]
        end
      end
    end
    holders[key] = list
    return list
  end
  -- Hands id to the worker with the next token: what the worker gets ("<meta>\n<payload>")
  -- and the value to store given. Every table grows by two per delivery, so the slots are
  -- counted rather than looked up with # each time.
  local function deliver(id, reply, value, token)
    local at = 2 * delivered
    delivered = delivered + 1
    out[at + 1] = id
    out[at + 2] = reply
    values[at + 1] = id
    values[at + 2] = value
    deadlines[at + 1] = deadline
    deadlines[at + 2] = id
    record[at + 1] = id
    record[at + 2] = token
    if limit then
      permits[at + 1] = now_text
      permits[at + 2] = token
    end
  end
  local park_keyed
  local function take(id, raw)
    -- most tasks are fetched for the first time, as the enqueue script wrote them (packed):
    -- delivered without decoding and encoding their meta (first_delivery)
    local value = packable_tokens and first_delivery(raw, ARGV[5 + given], now_36)
    if value then
      given = given + 1
      deliver(id, value, value, ARGV[4 + given])
      return
    end
    local meta, bad, err = decode_task(id, raw)
    if err then
      bury(tasks, payloads, dead, id, bad, 'unreadable task data: ' .. err, now)
      owe_batch_report(KEYS[17], tasks, payloads, id, now)
    elseif meta.ok then
      finish(tasks, payloads, completed, id, meta, now, retention)
      remember_done(done, id, now, window, retention)
    else
      local list
      if meta.ck then
        list = live_holders(meta.ck)
        if #list / 2 >= meta.cm then
          -- its key runs as many as it may: parked with the key's other waiting tasks
          park_keyed(meta.ck, id)
          return
        end
      end
      meta.a = meta.a + 1
      given = given + 1
      meta.k = ARGV[4 + given]
      meta.s = 'a'
      meta.t = now
      local payload = payload_of(payloads, id)
      local stored, json = rewritten_value(id, meta)
      deliver(id, json .. '\n' .. payload, stored, meta.k)
      if list then
        list[#list + 1] = id
        list[#list + 1] = meta.k
        touched[meta.ck] = true
      end
    end
  end
  -- Parked tasks (KEYS[15]): a key's members share the prefix '<length>:<key>:'; the ring
  -- (KEYS[16]) holds each key with parked tasks once, but not while this call has popped it.
  local parked, parked_count = KEYS[15], 0
  in_ring = {}
  local function parked_prefix(key)
    return #key .. ':' .. key .. ':'
  end
  first_parked = function(key, n)
    local prefix = parked_prefix(key)
    return redis.call('ZRANGE', parked, '[' .. prefix, '[' .. prefix .. '\255', 'BYLEX', 'LIMIT', 0, n)
  end
  -- parked at: Redis time in microseconds, then a count within this call, so that a key's
  -- tasks parked by later fetches sort after those parked by earlier ones
  local parked_at
  park_keyed = function(key, id)
    if in_ring[key] == nil then
      in_ring[key] = #first_parked(key, 1) > 0
    end
    if not parked_at then
      local t = redis.call('TIME')
      parked_at = string.format('%010d%06d', tonumber(t[1]), tonumber(t[2]))
    end
    parked_count = parked_count + 1
    redis.call('ZADD', parked, 0, parked_prefix(key) .. parked_at .. string.format('%04d', parked_count % 10000)
      .. ':' .. id)
    skipped[#skipped + 1] = key
  end
  -- Takes the popped ids, their values read with one HMGET (or already read: known).
  local function take_all(popped, known)
    local raws = known or hmget_all(tasks, popped)
    for i, id in ipairs(popped) do
      if not seen[id] then
        seen[id] = true
        take(id, raws[i])
      end
    end
  end
  -- Parked keys first, up to KEY_TURNS of them in turn: each with room gives its oldest
  -- parked tasks (a task deleted meanwhile is dropped from the set)
  local KEY_TURNS = 8
  released = {}
  if ring then
    for _ = 1, KEY_TURNS do
      if given >= allowed then
        break
      end
      local key = redis.call('LPOP', parked_ring)
      if not key then
        break
      end
      in_ring[key] = false
      released[#released + 1] = key
      local room = allowed - given
      for _, member in ipairs(first_parked(key, room)) do
        local id = string.sub(member, #parked_prefix(key) + 22)
        local raw = redis.call('HGET', tasks, id)
        local meta = raw and decode_task(id, raw)
        if meta and meta.ck == key and #live_holders(key) / 2 >= meta.cm then
          break
        end
        redis.call('ZREM', parked, member)
        if raw and not seen[id] then
          seen[id] = true
          take(id, raw)
        end
        if given >= allowed then
          break
        end
      end
    end
  end
  if ring and given < allowed then
    ids = redis.call('RPOP', pending, allowed - given)
    raws = nil
  end
  if ids then
    take_all(ids, raws)
  end
  -- parked tasks do not block the keys behind them: look further, up to KEY_SCAN more
  local KEY_SCAN = 100
  local scanned = ids and #ids or 0
  while #skipped > 0 and given < allowed and scanned < allowed + KEY_SCAN do
    local more = redis.call('RPOP', pending, math.min(allowed - given, allowed + KEY_SCAN - scanned))
    if not more then
      break
    end
    scanned = scanned + #more
    take_all(more)
  end
  -- lib.lua: end of the block
end
if delivered > 0 then
  call_with_all('HSET', tasks, values)
  call_with_all('ZADD', active, deadlines)
  call_with_all('HSET', leases, record)
  -- a lease of 0 ms keeps no record (PEXPIRE 0 dropped the old hash record at once too)
  if lease > 0 then
    redis.call('SET', fetch, cjson.encode(record), 'PX', lease)
  end
  if limit then
    call_with_all('ZADD', KEYS[13], permits)
    -- the log outlives its last entry by nothing: a retired queue leaves no key behind
    redis.call('PEXPIRE', KEYS[13], period)
  end
end
if general then
  for key in pairs(touched) do
    redis.call('HSET', KEYS[14], key, cjson.encode(holders[key]))
  end
  if next(holders) then
    -- a key none of whose tasks is fetched again would keep its entry: drop a few idle ones
    for _, key in ipairs(redis.call('HRANDFIELD', KEYS[14], 2)) do
      if #live_holders(key) == 0 then
        redis.call('HDEL', KEYS[14], key)
      end
    end
  end
  -- each key popped from the ring or newly parked goes (back) to its end while it has parked tasks
  for _, key in ipairs(released) do
    skipped[#skipped + 1] = key
  end
  for _, key in ipairs(skipped) do
    if in_ring[key] == false and #first_parked(key, 1) > 0 then
      redis.call('RPUSH', parked_ring, key)
    end
    in_ring[key] = true
  end
end
if redis.call('LLEN', pending) > 0 then
  if allowed < max then
    -- held back by the rate limit: this fetcher sleeps until the next permit; waking
    -- another idle one would only have it find the limit too
    out[#out + 1] = math.max(1, period - (now - tonumber(redis.call('ZRANGE', KEYS[13], 0, 0, 'WITHSCORES')[2] or now)) + 1)
  else
    wake(KEYS[12])
  end
elseif (ring or #skipped > 0) and redis.call('EXISTS', parked_ring) > 0 then
  -- held back by concurrency keys: no wake-up, whoever ends a delivery fetches again
  out[#out + 1] = -1
end
return out
