--[[
  Shared helpers of every script of this folder (a fixed file, never assembled from runtime
  values). The only place that knows how a task is stored. Each script is sent with this
  header and the top-level definitions it calls, directly or through others, in this file's
  order (LuaLibrary.java): every definition starts at a line beginning with 'local', its
  comment lines right above it included, and no other statement may follow the first one.

  Key layout 3 (docs/key-layout.md): a task is a field in two hashes of its queue, its meta
  JSON in the tasks hash <prefix>:{q}:t and its payload in the payloads hash <prefix>:{q}:p,
  or, until its first write other than a fetch, one field of the tasks hash (below). The
  payload is written once at enqueue by the Java codec and never parsed here; transitions
  rewrite the meta only. The meta JSON keys:
    v  format version (2)        n  task name            s  state code p|s|a|r|d|c
    a  deliveries so far (absent: 0)
    k  last fencing token, a decimal string chosen by the worker (absent: none yet)
    m  max retries               c  created at (ms)
    t  state changed at (ms; absent: c)
    e  last error (optional)     ok 1 once a body succeeded (optional)
    u  first handed back by an instance that does not define the task (ms; optional)
    h  the last failed attempts, oldest first, at most MAX_ATTEMPTS_KEPT (optional): each a
       JSON document the worker wrote (start, end, instance, error), never parsed here
    b  the bizId the task was submitted with (optional; absent without one, or when it was
       longer than MAX_STORED_BIZ_ID and its dedup key holds its hash): for the console
    x  why the task was cancelled while it ran (cancel.lua; optional): the worker stops its
       body at the next heartbeat, and no end of the delivery runs it again (retry,
       requeue, recovery and hand-back send it to dead with x as the reason); cleared by
       every park, finish and return to pending
    g  the last progress its body reported, "<percent>|<at ms>|<message>" (running.lua;
       optional), kept for display only
  Every time value is Redis TIME in milliseconds. a, m, c and t stay within one range
  (MAX_STORED_*, below) in either form: every reader refuses a number past it.
  Layout 3 adds the packed form of a task that carries none of the optional fields (e, ok,
  u, h, b, ck/cm, x, g), in two shapes by state:
    3|<s>|<m>|<c>|<t>|<n>          queued (s p, s or w): no delivery yet (a 0, no k)
    3|a|<a>|<m>|<c>|<t>|<k>|<n>    delivered (s a)
  a and m in decimal, c and t in base 36 (lower case), k the token as sent; t is empty while
  it equals c, and n runs to the end (it may hold '|', not a newline). It is only ever stored
  in the one-field form below ("<packed>\n<payload>"), about 30 bytes less per queued task
  than the JSON meta; any write that converts a task to two fields writes JSON (v 2).
  Layout v1 kept "<meta JSON with v 1>\n<payload>" in the tasks hash alone: such a value is
  still read, and the task's next write converts it (payload moved to the payloads hash).
  A new task is stored in that form (create_task) and keeps it through its fetches
  (rewritten_value) until another write converts it, so a queued task is one hash entry and
  a delivery that succeeds never writes to the payloads hash.
]]
cjson.encode_number_precision(14)

-- Runs cmd on key with every item as an argument, in calls of at most 1000 arguments
-- (unpack's limit), e.g. one LPUSH for a whole batch instead of one per item.
local function call_with_all(cmd, key, items)
  for i = 1, #items, 1000 do
    redis.call(cmd, key, unpack(items, i, math.min(i + 999, #items)))
  end
end

-- cmd (HMGET, ZMSCORE) of key for every field, in calls of at most 1000 fields (unpack's
-- limit); the answers in the fields' order (false for a field that is not there).
local function read_all(cmd, key, fields)
  if #fields <= 1000 then
    return redis.call(cmd, key, unpack(fields))
  end
  local values = {}
  for i = 1, #fields, 1000 do
    local part = redis.call(cmd, key, unpack(fields, i, math.min(i + 999, #fields)))
    for j = 1, #part do
      values[i + j - 1] = part[j]
    end
  end
  return values
end

-- HMGET of key for every field (read_all).
local function hmget_all(key, fields)
  return read_all('HMGET', key, fields)
end

local function now_ms()
  local t = redis.call('TIME')
  return tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
end

-- Whether x is a number cjson can write back: cjson reads NaN and infinities ("nan",
-- "1e400") but throws on encoding them, half-way through a script Redis does not roll back.
local function finite(x)
  return type(x) == 'number' and x == x and x ~= math.huge and x ~= -math.huge
end

-- A script argument that must be a whole number of at least 0 (a count, or milliseconds):
-- the number, or nil for anything else. tonumber alone lets NaN, infinities and fractions
-- through, which a later ZADD, PEXPIRE or RPOP refuses after the script has written; so is
-- a number past 2^53, which redis.call passes on in exponent form ("1e+300"), not an integer.
local MAX_WHOLE_ARG = 9007199254740992
local function whole_arg(s)
  local n = tonumber(s)
  -- the range excludes NaN (no comparison holds) and the infinities; n % 1 is n's fraction
  if n and n >= 0 and n <= MAX_WHOLE_ARG and n % 1 == 0 then
    return n
  end
  return nil
end

-- Whether a run of digits can go into a meta JSON verbatim: at most 15 digits (exact as a
-- double) and no leading zero (a JSON reader, cjson's as Jackson's, refuses "007").
local function plain_digits(s)
  return #s <= 15 and (#s == 1 or string.byte(s, 1) ~= 48)
end

-- A script argument that must be a whole number written as Java writes one (plain decimal
-- digits, no sign, no leading zero, at most 15 digits): the number, or nil for anything else.
-- For numbers that also name a key or a field, where "007" and "7" would be two names.
local function canonical_whole(s)
  if type(s) == 'string' and string.find(s, '^%d+$') and plain_digits(s) then
    return tonumber(s)
  end
  return nil
end

-- The one range of the numbers a task's meta stores, for its writers and every reader (here,
-- and Java's StoredNumbers, which holds the same values): counts fit a Java int; max retries
-- stops one short, as the last delivery counts max retries + 1; times (ms) have at most 14
-- digits, so cjson writes them exactly and base 36 needs at most 10 characters (year 5138).
local MAX_STORED_COUNT = 2147483647
local MAX_STORED_RETRIES = 2147483646
local MAX_STORED_TIME = 99999999999999

-- Whether x is a whole number within 0..max.
local function within(x, max)
  return finite(x) and x >= 0 and x == math.floor(x) and x <= max
end

-- A max retries argument: written as Java writes one and within the stored range; the
-- number, or nil.
local function max_retries_arg(s)
  local n = canonical_whole(s)
  return (n and n <= MAX_STORED_RETRIES) and n or nil
end

-- The longest bizId stored on a task (BizKeys.MAX_RAW_BIZ_ID: a longer one is hashed in
-- its dedup key, so the key no longer names it).
local MAX_STORED_BIZ_ID = 64

-- The longest cancel reason (x) and progress entry (g) a meta keeps: a longer one is dropped
-- by the next read rather than refusing a transition.
local MAX_CANCEL_REASON = 512
local MAX_PROGRESS = 1100

-- The meta of a decoded JSON value, rebuilt from the known keys only (as layout v2, fields
-- left out at enqueue filled in), or nil and why not. Everything a transition re-encodes is
-- checked here, before any script writes, so one bad entry can never abort a batch half-way.
local function checked_meta(decoded)
  local a = decoded.a
  if a == nil then
    a = 0
  end
  if type(a) ~= 'number' or type(decoded.m) ~= 'number' then
    return nil, 'meta lacks numeric a/m'
  end
  local meta = { v = 2, a = a, m = decoded.m, c = decoded.c, t = decoded.t }
  if meta.t == nil then
    meta.t = meta.c
  end
  -- k: the token the worker chose (a decimal string), or 0 / absent before the first delivery
  if decoded.k == nil then
    meta.k = 0
  elseif type(decoded.k) == 'string' or finite(decoded.k) then
    meta.k = decoded.k
  else
    return nil, 'meta field k is not a finite number nor a token string'
  end
  for _, field in ipairs({ 'a', 'm', 'c', 't' }) do
    if not finite(meta[field]) then
      return nil, 'meta field ' .. field .. ' is not a finite number'
    end
  end
  -- the stored range: a number past it would be written back in a form no reader takes
  if not (within(meta.a, MAX_STORED_COUNT) and within(meta.m, MAX_STORED_RETRIES)) then
    return nil, 'meta field ' .. (within(meta.a, MAX_STORED_COUNT) and 'm' or 'a') .. ' is out of range'
  end
  if not (within(meta.c, MAX_STORED_TIME) and within(meta.t, MAX_STORED_TIME)) then
    return nil, 'meta field ' .. (within(meta.c, MAX_STORED_TIME) and 't' or 'c') .. ' is out of range'
  end
  for _, field in ipairs({ 'n', 's' }) do
    if type(decoded[field]) ~= 'string' then
      return nil, 'meta field ' .. field .. ' is not a string'
    end
    meta[field] = decoded[field]
  end
  if type(decoded.e) == 'string' then
    meta.e = decoded.e
  end
  if decoded.ok == 1 then
    meta.ok = 1
  end
  -- b: kept while it is a string of bounded length, else dropped (display only)
  if type(decoded.b) == 'string' and #decoded.b <= MAX_STORED_BIZ_ID then
    meta.b = decoded.b
  end
  -- u: kept across transitions, else a task handed back again and again never runs out of grace
  if finite(decoded.u) then
    meta.u = decoded.u
  end
  -- ck, cm: the concurrency key and its limit, kept for the task's whole life
  if type(decoded.ck) == 'string' and finite(decoded.cm) then
    meta.ck = decoded.ck
    meta.cm = decoded.cm
  end
  -- x (cancelled while running) and g (last progress): kept while they are bounded strings
  if type(decoded.x) == 'string' and #decoded.x <= MAX_CANCEL_REASON then
    meta.x = decoded.x
  end
  if type(decoded.g) == 'string' and #decoded.g <= MAX_PROGRESS then
    meta.g = decoded.g
  end
  -- h: kept only while it is a list of strings, so a damaged history is dropped, never a
  -- reason to refuse the transition
  if type(decoded.h) == 'table' then
    local h = {}
    for i, entry in ipairs(decoded.h) do
      if type(entry) ~= 'string' then
        h = {}
        break
      end
      h[i] = entry
    end
    if #h > 0 then
      meta.h = h
    end
  end
  return meta, nil
end

-- Most failed attempts a task keeps (the oldest is dropped first), and the longest
-- attempt document taken: a task retried 25 times keeps a bounded history.
local MAX_ATTEMPTS_KEPT = 10
local MAX_ATTEMPT_LENGTH = 8192

-- Appends one failed attempt to the meta's history (h); an absent, empty or over-long
-- document is ignored, so callers that send none behave as before.
local function record_attempt(meta, attempt)
  if type(attempt) ~= 'string' or attempt == '' or #attempt > MAX_ATTEMPT_LENGTH then
    return
  end
  local h = meta.h or {}
  h[#h + 1] = attempt
  while #h > MAX_ATTEMPTS_KEPT do
    table.remove(h, 1)
  end
  meta.h = h
end

-- Payloads of layout-v1 values read by this run, by id, until the task's next write moves
-- them to the payloads hash.
local v1_payloads = {}

-- A stored value cut at its first newline: the meta text and the payload of a value in the
-- one-field form ("<meta>\n<payload>"), or the whole value and nil (a v2 meta never holds a
-- newline). Raw bytes, nothing decoded.
local function split_stored(raw)
  local nl = string.find(raw, '\n', 1, true)
  if not nl then
    return raw, nil
  end
  return string.sub(raw, 1, nl - 1), string.sub(raw, nl + 1)
end

-- A whole number of at least 0 (below 2^53) in base 36, lower case: a time in ms takes 8
-- characters instead of 13. Runs once per call of most scripts, so it is written for Lua
-- 5.1's costs: the digit bytes go into a table made with all its slots (an empty table grown
-- one digit at a time is rehashed as it grows: 2.5 times the instructions) and become one
-- string at the end. 2^53 has 11 digits in base 36.
local function base36(n)
  if n == 0 then
    return '0'
  end
  local bytes, at = { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 }, 13
  while n > 0 do
    local d = n % 36
    at = at - 1
    bytes[at] = (d < 10) and (48 + d) or (87 + d)
    n = (n - d) / 36
  end
  return string.char(unpack(bytes, at, 12))
end

-- The packed shapes (see the header): each field, then the position after the newline.
local PACKED_QUEUED = '^3|([psw])|(%d+)|(%w+)|(%w*)|([^\n]*)\n()'
local PACKED_DELIVERED = '^3|a|(%d+)|(%d+)|(%w+)|(%w*)|([^|\n]*)|([^\n]*)\n()'

-- Whether a packed meta's numbers (their digits) are within the stored range. Checked by every
-- reader of the form, so a damaged value goes to dead here instead of failing the worker's
-- whole fetch. A fetch reads two per task: up to 9 decimal or 8 base-36 digits are within
-- the range without converting.
local function packed_numbers_fit(attempts, max_retries, created, changed)
  return (#attempts < 10 or (#attempts == 10 and tonumber(attempts) <= MAX_STORED_COUNT))
    and (#max_retries < 10 or (#max_retries == 10 and tonumber(max_retries) <= MAX_STORED_RETRIES))
    and (#created < 9 or (#created <= 10 and tonumber(created, 36) <= MAX_STORED_TIME))
    and (#changed < 9 or (#changed <= 10 and tonumber(changed, 36) <= MAX_STORED_TIME))
end

-- The decoded meta and payload of a value that starts as the packed form does ('3|'), or nil,
-- nil and why not. Numbers too long to be exact (more than 15 digits) make it unreadable.
local function unpack_packed(raw)
  local state, attempts, max_retries, created, changed, token, name, rest = 'a', nil, nil, nil, nil, '', nil, nil
  if string.byte(raw, 3) == 97 then
    attempts, max_retries, created, changed, token, name, rest = string.match(raw, PACKED_DELIVERED)
  else
    state, max_retries, created, changed, name, rest = string.match(raw, PACKED_QUEUED)
    attempts = '0'
  end
  if not name or not packed_numbers_fit(attempts, max_retries, created, changed) then
    return nil, nil, 'unreadable packed meta'
  end
  local meta = { v = 3, s = state, n = name, a = tonumber(attempts), m = tonumber(max_retries), c = tonumber(created, 36) }
  if changed ~= '' then
    meta.t = tonumber(changed, 36)
  end
  if token ~= '' then
    meta.k = token
  end
  return meta, string.sub(raw, rest), nil
end

local QUEUED_STATES = { p = true, s = true, w = true }

-- The packed form of a checked meta (see the header), or nil when the meta carries a field
-- the packed form has no place for, or a value it cannot hold.
local function packed(meta)
  if meta.e or meta.ok or meta.u or meta.h or meta.b or meta.ck or meta.x or meta.g then
    return nil
  end
  local attempts, changed, token = meta.a or 0, meta.t or meta.c, meta.k
  if not (within(attempts, MAX_STORED_COUNT) and within(meta.m, MAX_STORED_RETRIES)
      and within(meta.c, MAX_STORED_TIME) and within(changed, MAX_STORED_TIME)) then
    return nil
  end
  if token == 0 then
    token = nil
  end
  if type(meta.n) ~= 'string' or string.find(meta.n, '\n', 1, true) then
    return nil
  end
  local times = string.format('%d', meta.m) .. '|' .. base36(meta.c) .. '|'
    .. (changed == meta.c and '' or base36(changed)) .. '|'
  if QUEUED_STATES[meta.s] and attempts == 0 and token == nil then
    return '3|' .. meta.s .. '|' .. times .. meta.n
  end
  if meta.s ~= 'a' or type(token) ~= 'string' or token == '' or string.find(token, '[|\n]') then
    return nil
  end
  return '3|a|' .. string.format('%d', attempts) .. '|' .. times .. token .. '|' .. meta.n
end

-- The packed head of a new task (state 'p', 's' or 'w'; see the header) from the enqueue
-- script's arguments (max_retries as digits, created_36 the time in base 36), or nil when the
-- name holds a newline (such a task takes the JSON form).
local function new_packed(state, max_retries, created_36, name)
  if string.find(name, '\n', 1, true) then
    return nil
  end
  return '3|' .. state .. '|' .. max_retries .. '|' .. created_36 .. '||' .. name
end

-- The decoded meta of a stored value, or nil and why not; a layout-v1 value also yields its
-- payload. The one-field form is tried first when there is a newline: every new task is in
-- it until converted, and decoding the whole value first would fail at the payload, building
-- an error, on every fetch.
local function decode_meta(raw)
  if string.byte(raw, 1) == 51 and string.byte(raw, 2) == 124 then
    return unpack_packed(raw)
  end
  local head, tail = split_stored(raw)
  if tail then
    local ok, decoded = pcall(cjson.decode, head)
    if ok and type(decoded) == 'table' and decoded.v == 1 then
      return decoded, tail, nil
    end
  end
  local ok, decoded = pcall(cjson.decode, raw)
  if ok and type(decoded) == 'table' and decoded.v ~= 1 then
    if decoded.v ~= 2 then
      return nil, nil, 'unknown format version ' .. tostring(decoded.v)
    end
    return decoded, nil, nil
  end
  if not tail then
    return nil, nil, 'unreadable meta'
  end
  ok, decoded = pcall(cjson.decode, head)
  if not ok or type(decoded) ~= 'table' then
    return nil, nil, 'unreadable meta'
  end
  if decoded.v ~= 1 then
    return nil, nil, 'unknown format version ' .. tostring(decoded.v)
  end
  return decoded, tail, nil
end

-- Returns meta, raw, err for the stored value of id already read (raw: an HGET's or HMGET's
-- answer, false or nil when there was none): the checked meta when the task is readable;
-- else nil, the stored bytes (nil when none) and why not ('missing' when there is no data).
local function decode_task(id, raw)
  if not raw then
    return nil, nil, 'missing'
  end
  local decoded, v1_payload, err = decode_meta(raw)
  if err then
    return nil, raw, err
  end
  local meta
  meta, err = checked_meta(decoded)
  if err then
    return nil, raw, err
  end
  if v1_payload then
    v1_payloads[id] = v1_payload
  end
  return meta, raw, nil
end

-- decode_task for the value stored for id now (one HGET).
local function read_task(tasks, id)
  return decode_task(id, redis.call('HGET', tasks, id))
end

-- A task's write for a batch: appends id and the meta JSON to values, and, for a layout-v1
-- task read before, id and its payload to moved; the caller writes each list with one HSET
-- (of the tasks and the payloads hash).
local function add_converted(values, moved, id, meta)
  values[#values + 1] = id
  values[#values + 1] = cjson.encode(meta)
  local v1_payload = v1_payloads[id]
  if v1_payload then
    moved[#moved + 1] = id
    moved[#moved + 1] = v1_payload
    v1_payloads[id] = nil
  end
end

-- Writes a task's meta (a layout-v1 task read before gets its payload moved as well).
-- Returns the meta JSON written.
local function write_task(tasks, payloads, id, meta)
  local values, moved = {}, {}
  add_converted(values, moved, id, meta)
  redis.call('HSET', tasks, unpack(values))
  if #moved > 0 then
    redis.call('HSET', payloads, unpack(moved))
  end
  return values[2]
end

-- The value to store for a task whose meta a fetch or the forwarder changed, and its meta
-- (what the worker gets): the caller writes the values of a whole batch with one HSET. A task
-- still in the one-field form stays in it (meta and payload in one value), packed when its
-- meta allows: most deliveries end in an ack that deletes the task, and a task forwarded to
-- pending waits as one hash entry, so moving the payload to the payloads hash now would be a
-- write for nothing; a delivery that fails or is handed back converts it. Read the payload
-- (payload_of) before calling this.
local function rewritten_value(id, meta)
  local v1_payload = v1_payloads[id]
  if not v1_payload then
    local json = cjson.encode(meta)
    return json, json
  end
  v1_payloads[id] = nil
  local head = packed(meta)
  if not head then
    meta.v = 1
    head = cjson.encode(meta)
  end
  return head .. '\n' .. v1_payload, head
end

-- The meta of a new pending task; a, k and t are left out while they hold their defaults
-- (0, none, c): bytes per pending task.
local function new_meta(name, max_retries, now)
  return { v = 2, n = name, s = 'p', m = max_retries, c = now }
end

-- The bizId a new task's dedup key names (unique: the task's dedup key
-- <prefix>:{q}:u:<len>:<name>:<bizId>, or a placeholder without one), kept in its meta as b.
-- Read from the key the caller already passes, so no argument changes; a placeholder, a key
-- of another name or a hashed (long) bizId gives nil. Costs 7 bytes plus the bizId's per task
-- with one. Without a bizId (no '}:u:' in the key) it costs one search.
local function biz_id_of(unique, name)
  if not string.find(unique, '}:u:', 1, true) then
    return nil
  end
  local marker = '}:u:' .. #name .. ':' .. name .. ':'
  local at = string.find(unique, marker, 1, true)
  if not at then
    return nil
  end
  local biz_id = string.sub(unique, at + #marker)
  if biz_id ~= '' and #biz_id <= MAX_STORED_BIZ_ID then
    return biz_id
  end
  return nil
end

-- Stores on a new task's meta the bizId its dedup key names (biz_id_of).
local function with_biz_id(meta, unique, name)
  meta.b = biz_id_of(unique, name)
  return meta
end

-- The meta JSON of a new task (state 'p', 's' or 'w'), written as cjson.encode would write
-- { v = 1, n = name, s = state, m = max_retries, c = now, b = biz_id, ck = ckey, cm = cmax }
-- but without building and walking a table: the enqueue script writes one per task. v is 1
-- because a new task is stored in the one-field form (create_task). name_json is
-- cjson.encode(name), which callers reuse across tasks of one name; max_retries and now are
-- whole numbers, as digits or Lua numbers below 2^53; biz_id and ckey are nil when absent.
local function new_meta_json(name_json, state, max_retries, now, biz_id, ckey, cmax)
  local json = '{"v":1,"n":' .. name_json .. ',"s":"' .. state .. '","m":' .. max_retries .. ',"c":' .. now
  if biz_id then
    json = json .. ',"b":' .. cjson.encode(biz_id)
  end
  if ckey then
    json = json .. ',"ck":' .. cjson.encode(ckey) .. ',"cm":' .. cmax
  end
  return json .. '}'
end

-- The first delivery of a pending task in the packed form (as the enqueue script and the
-- forwarder write it), without decoding its meta: the value to store, which is also what the
-- worker gets, "<packed delivered meta>\n<payload>" (a 1, k the token, s 'a', t now). nil for
-- any other value, which takes the general path. Most fetched tasks are in this form. The
-- value is built in one concatenation, the name, newline and payload copied as they are:
-- each string made here is hashed and copied by Lua. token must hold neither '|' nor a
-- newline (the caller checks a call's tokens at once); now_36 is the fetch's time in base 36,
-- formatted once per call.
local PENDING_PACKED = '^3|p|(%d+)|(%w+)|%w*|()'
local function first_delivery(raw, token, now_36)
  if not raw or not token or token == '' then
    return nil
  end
  local max_retries, created, name_at = string.match(raw, PENDING_PACKED)
  -- up to 9 decimal and 8 base-36 digits are within the range without a call to check it
  if not name_at or ((#max_retries > 9 or #created > 8) and not packed_numbers_fit('', max_retries, created, ''))
      or not string.find(raw, '\n', name_at, true) then
    return nil
  end
  return '3|a|1|' .. max_retries .. '|' .. created .. '|' .. now_36 .. '|' .. token .. '|'
    .. string.sub(raw, name_at)
end

-- A due scheduled (or queued) task in the packed form moved to pending by the forwarder,
-- without decoding its meta: the value to store, "3|p|<m>|<c>|<now>|<name>\n<payload>" (t
-- now, left empty when it equals c, as packed() writes it); nil for any other value, which
-- takes the general path. The numbers are checked as every reader of the form checks them.
-- now_36 is the call's time in base 36, formatted once per call.
local QUEUED_PACKED = '^3|[psw]|(%d+)|(%w+)|(%w*)|()'
local function forwarded_value(raw, now_36)
  if not raw then
    return nil
  end
  local max_retries, created, changed, name_at = string.match(raw, QUEUED_PACKED)
  if not name_at or not packed_numbers_fit('', max_retries, created, changed)
      or not string.find(raw, '\n', name_at, true) then
    return nil
  end
  return '3|p|' .. max_retries .. '|' .. created .. '|' .. (now_36 == created and '' or now_36) .. '|'
    .. string.sub(raw, name_at)
end

-- Records a new task as one field of the tasks hash, "<meta>\n<payload>" with the meta packed
-- when it allows (else JSON, v 1): a queued task costs one hash entry, not two (about 90
-- bytes). meta is a table or its text from new_meta_json. A fetch and the forwarder keep that
-- form (rewritten_value); any other write converts it: the payload moves to the payloads hash,
-- once for the task's life, and later transitions rewrite the meta only.
local function create_task(tasks, payloads, id, meta, payload)
  if type(meta) == 'table' then
    local head = packed(meta)
    if not head then
      meta.v = 1
      head = cjson.encode(meta)
    end
    meta = head
  end
  redis.call('HSET', tasks, id, meta .. '\n' .. payload)
end

local function payload_of(payloads, id)
  return v1_payloads[id] or redis.call('HGET', payloads, id) or ''
end

local function drop_task(tasks, payloads, id)
  redis.call('HDEL', tasks, id)
  redis.call('HDEL', payloads, id)
end

-- Moves an unreadable task to dead, keeping whatever bytes it had for inspection: the
-- payload stays; with none, the unreadable value takes its place, else the reason quotes it.
local function bury(tasks, payloads, dead, id, raw, reason, now)
  local meta = { v = 2, n = '', s = 'd', a = 0, m = 0, c = now, t = now, e = reason }
  if raw then
    if redis.call('HSETNX', payloads, id, raw) == 0 then
      meta.e = reason .. '; stored meta: ' .. string.sub(raw, 1, 256)
    end
  end
  redis.call('HSET', tasks, id, cjson.encode(meta))
  redis.call('ZADD', dead, now, id)
end

-- Ends a task whose body already succeeded: kept as completed for a retention, else dropped.
local function finish(tasks, payloads, completed, id, meta, now, retention)
  meta.x = nil
  if retention > 0 then
    meta.s = 'c'
    meta.t = now
    meta.ok = 1
    write_task(tasks, payloads, id, meta)
    redis.call('ZADD', completed, now + retention, id)
  else
    drop_task(tasks, payloads, id)
  end
end

-- Parks a task in a sorted set (retry, dead) with a new state and error.
local function park(tasks, payloads, zset, id, meta, state, error, score, now)
  meta.x = nil
  meta.s = state
  meta.t = now
  meta.e = error
  write_task(tasks, payloads, id, meta)
  redis.call('ZADD', zset, score, id)
end

-- The meta of a task an operator may send back to pending, or nil when its data is
-- unreadable or it is a buried task without a name.
local function movable_task(tasks, id)
  local meta, _, err = read_task(tasks, id)
  if err or meta.n == '' then
    return nil
  end
  return meta
end

-- Marks a task pending again as of now and writes it (the caller pushes its id).
local function set_pending(tasks, payloads, id, meta, now)
  meta.x = nil
  meta.s = 'p'
  meta.t = now
  write_task(tasks, payloads, id, meta)
end

-- Leaves one wake-up token in a queue's wake list (never more than one waits there); Redis
-- hands it to the one idle fetcher blocked longest on the list with BLPOP, so a new task
-- wakes one instance, not all. A fetcher's fallback poll covers a token nobody took.
local function wake(list)
  if redis.call('LLEN', list) == 0 then
    redis.call('RPUSH', list, '1')
  end
end

-- Publishes on channel when id is the earliest member of the sorted set.
local function wake_if_first(zset, id, channel)
  local first = redis.call('ZRANGE', zset, 0, 0)
  if first[1] == id then
    redis.call('PUBLISH', channel, '')
  end
end

-- Schedules (tick.lua, rt_tick.lua): the candidate ticks from ARGV[first] on, 3 values each
-- (tick ms, task id, payload), ascending after from. Returns ticks, ids, bodies; nil when a
-- tick is not a number or does not ascend.
local function tick_candidates(first, from)
  local ticks, ids, bodies = {}, {}, {}
  local previous = from
  for i = first, #ARGV, 3 do
    local tick = tonumber(ARGV[i])
    if not finite(tick) or tick <= previous then
      return nil
    end
    previous = tick
    ticks[#ticks + 1] = tick
    ids[#ids + 1] = ARGV[i + 1]
    bodies[#bodies + 1] = ARGV[i + 2]
  end
  return ticks, ids, bodies
end

-- Schedules (tick.lua, rt_tick.lua): the misfire and overlap rules deciding which of the
-- candidate ticks (ascending ms) fire. following: the first tick after them when the caller
-- stopped at its max-catch-up (-1 none); the catch-up is truncated only if Redis time says it
-- is due too. paused: due ticks pass over, counted missed. unfinished(): whether the last
-- fired tick's task is still open (asked only when overlap is off). Returns nil when no
-- candidate is due, else { fire = candidate indexes, skipped, missed, last = new last tick }.
local function tick_plan(ticks, now, following, misfire, overlap, paused, unfinished)
  local due = 0
  for i = 1, #ticks do
    if ticks[i] <= now then
      due = i
    end
  end
  if due == 0 then
    return nil
  end
  local truncated = due == #ticks and following >= 0 and following <= now
  local last = ticks[due]
  if truncated then
    last = now
  end
  if paused then
    return { fire = {}, skipped = 0, missed = due, last = last }
  end
  -- on time: exactly one tick due; otherwise the due ticks were missed
  local fire, missed = {}, 0
  if due == 1 and not truncated then
    fire[1] = 1
  elseif misfire == 'once' then
    fire[1] = due
    missed = due - 1
  elseif misfire == 'all' then
    for i = 1, due do
      fire[#fire + 1] = i
    end
  else
    missed = due
  end
  local skipped = 0
  if not overlap and #fire > 0 then
    if unfinished() then
      skipped = #fire
      fire = {}
    elseif #fire > 1 then
      skipped = #fire - 1
      fire = { fire[#fire] }
    end
  end
  return { fire = fire, skipped = skipped, missed = missed, last = last }
end

-- Schedules: creates the task of each fired tick (plan.fire indexes ids and bodies) unless a
-- task of that id exists, pushes them to pending and wakes a fetcher. Returns the ids created.
local function fire_ticks(tasks, payloads, pending, wake_list, plan, ids, bodies, name, max_retries, now)
  local pushed = {}
  for _, i in ipairs(plan.fire) do
    if redis.call('HEXISTS', tasks, ids[i]) == 0 then
      create_task(tasks, payloads, ids[i], new_meta(name, max_retries, now), bodies[i])
      pushed[#pushed + 1] = ids[i]
    end
  end
  if #pushed > 0 and redis.call('LPUSH', pending, unpack(pushed)) == #pushed then
    wake(wake_list)
  end
  return pushed
end

-- Whether the task id of a schedule's last fired tick is unfinished (absent: done, dropped).
local function task_open(tasks, id)
  if not id or id == '' then
    return false
  end
  local meta = read_task(tasks, id)
  return meta ~= nil and meta.s ~= 'c' and meta.s ~= 'd'
end

-- Run-time schedules: the state of schedule id (rt hash field, JSON { rev, last, fired, id,
-- paused }), nil when absent or unreadable.
local function rt_state(states, id)
  local raw = redis.call('HGET', states, id)
  if not raw then
    return nil
  end
  local ok, state = pcall(cjson.decode, raw)
  if not ok or type(state) ~= 'table' or type(state.rev) ~= 'string' or not finite(tonumber(state.last)) then
    return nil
  end
  return state
end

-- Run-time schedules: one schedule as the 15 values replies carry: id, next look (ms, -1
-- none), task, expression, zone, misfire, overlap, payload, rev, last tick (ms), last fired
-- tick (ms, -1 none), that tick's task id, paused 1/0, problem, that task's state code (''
-- unknown or not asked). An unreadable call or state gives '' for task and rev.
local function rt_entry(calls, states, problems, tasks, id, score, with_task_state)
  local ok, call = pcall(cjson.decode, redis.call('HGET', calls, id) or '')
  if not ok or type(call) ~= 'table' then
    call = {}
  end
  local state = rt_state(states, id) or { rev = '', last = -1 }
  local next_look = tonumber(score)
  if not finite(next_look) then
    next_look = -1
  end
  local code = ''
  if with_task_state and state.id and state.id ~= '' then
    local meta = read_task(tasks, state.id)
    if meta then
      code = meta.s
    end
  end
  return { id, next_look, tostring(call.task or ''), tostring(call.expr or ''), tostring(call.zone or ''),
    tostring(call.misfire or ''), tostring(call.overlap or ''), tostring(call.payload or ''), state.rev,
    tonumber(state.last), tonumber(state.fired) or -1, tostring(state.id or ''), state.paused == 1 and 1 or 0,
    redis.call('HGET', problems, id) or '', code }
end

-- Releases an active delivery if token is its current fencing token.
-- Returns meta on success; nil, code otherwise: 0 stale, -1 unreadable data, which stays
-- active so the recoverer moves it to dead with the reason once its lease ends.
local function take_active(tasks, active, leases, id, token)
  if redis.call('HGET', leases, id) ~= token then
    return nil, 0
  end
  local meta, _, err = read_task(tasks, id)
  if err then
    return nil, -1
  end
  redis.call('ZREM', active, id)
  redis.call('HDEL', leases, id)
  return meta
end

-- Marks a task whose stale delivery succeeded anyway, so no later delivery runs the body again.
local function remember_success(tasks, payloads, id)
  local meta, _, err = read_task(tasks, id)
  if err then
    return -1
  end
  if not meta.ok then
    meta.ok = 1
    write_task(tasks, payloads, id, meta)
  end
  return 0
end

-- Remembers for the completed-ids window that the ids completed, so that a re-send of a
-- submit (a reply lost after Redis applied it) is refused by enqueue once the task's data is
-- gone. Needless while the task itself is kept at least as long (retention >= window). Each
-- call also drops at most two remembered ids older than the window per id added: the set
-- stays bounded, amortized O(1) per id. The drop is a range removal by rank when the oldest
-- 2n are all old, else by score (then fewer than 2n are old); neither builds a reply.
local function remember_all_done(done, ids, now, window, retention)
  if window <= retention or #ids == 0 then
    return
  end
  -- the score as text once: redis.call formats a number argument on every use
  local at = tostring(now)
  local members = {}
  for i, id in ipairs(ids) do
    members[2 * i - 1] = at
    members[2 * i] = id
  end
  call_with_all('ZADD', done, members)
  local last = 2 * #ids - 1
  local edge = redis.call('ZRANGE', done, last, last, 'WITHSCORES')[2]
  if edge and tonumber(edge) <= now - window then
    redis.call('ZREMRANGEBYRANK', done, 0, last)
  else
    redis.call('ZREMRANGEBYSCORE', done, '-inf', now - window)
  end
end

-- remember_all_done for one id.
local function remember_done(done, id, now, window, retention)
  remember_all_done(done, { id }, now, window, retention)
end

-- Flows: moves at most batch waiters registered with a met condition (the set waiters, refs
-- as JSON ["<queue>","<id>"]) to the owed releases (owed, entries as JSON
-- ["<condition>","<queue>","<id>"], never joined on a separator) and returns the entries.
-- While the set holds more, the owed releases also hold the drain entry ["<condition>"],
-- returned last, so a sweep finishes what a crash or a long list left; the call that empties
-- the set removes it, and the condition from index (task ids with waiters). O(batch).
local function drain_waiters(waiters, owed, index, condition, batch, now)
  local out = {}
  for _, ref in ipairs(redis.call('SPOP', waiters, batch)) do
    local ok, pair = pcall(cjson.decode, ref)
    if ok and type(pair) == 'table' and type(pair[1]) == 'string' and type(pair[2]) == 'string' then
      local entry = cjson.encode({ condition, pair[1], pair[2] })
      redis.call('ZADD', owed, 'NX', now, entry)
      out[#out + 1] = entry
    end
  end
  local rest = cjson.encode({ condition })
  if redis.call('EXISTS', waiters) == 1 then
    redis.call('ZADD', owed, 'NX', now, rest)
    out[#out + 1] = rest
  else
    redis.call('ZREM', owed, rest)
    redis.call('ZREM', index, condition)
  end
  return out
end


-- Batches (batch_*.lua): { ended, kind, stored call, kind, stored call, ... }: ended is the
-- state this call ended the batch in (s or c; '' when it did not), then the callbacks the
-- batch owes now, each returned by every call until batch_fired.lua confirms it enqueued:
-- 'd' (onDeath) from the first dead child on, then, once the batch is sealed and every child
-- has ended, 's' (onSuccess, no child dead) or 'c' (onComplete). The call that sees the end
-- sets the state and the end time and lets the batch's keys (batch, then its bitmaps) expire
-- after the batch's own kp ms, else keep ms. A cancelled batch owes no callback. A nested
-- batch (pa: '<parent batch id>:<index>', batch_seal.lua) that ended or was cancelled also
-- owes its parent its report: 'p' with '<parent>:<index>|ok' (it succeeded) or '|dd', until
-- batch_fired.lua confirms it (the parent counts it once by its bit). A batch that ended c
-- and has no dead child any more turns s and owes onSuccess (and '|ok'). O(1).
local function batch_due(keys, now, keep)
  local batch = keys[1]
  local v = redis.call('HMGET', batch, 'st', 'sl', 'n', 'ok', 'dd', 'cs', 'cc', 'cd', 'fs', 'fc', 'fd', 'kp', 'pa',
    'fp')
  local state = v[1]
  keep = tonumber(v[12] or '') or keep
  local total, ok, dead = tonumber(v[3] or '0'), tonumber(v[4] or '0'), tonumber(v[5] or '0')
  local due = { '' }
  if state == 'x' then
    if v[13] and v[14] ~= '1' then
      due[#due + 1] = 'p'
      due[#due + 1] = v[13] .. '|dd'
    end
    return due
  end
  if dead > 0 and v[8] and v[11] ~= '1' then
    due[#due + 1] = 'd'
    due[#due + 1] = v[8]
  end
  if v[2] ~= '1' or ok + dead < total then
    return due
  end
  if state ~= 's' and state ~= 'c' then
    state = (dead == 0) and 's' or 'c'
    due[1] = state
    redis.call('HSET', batch, 'st', state, 'e', now)
    for _, key in ipairs(keys) do
      redis.call('PEXPIRE', key, keep)
    end
  elseif state == 'c' and dead == 0 then
    -- ended with dead children, all of them completed since (batch_report.lua moved them):
    -- it succeeded after all (Sidekiq Pro's rule), owes onSuccess once, and a parent that
    -- was told '|dd' is owed '|ok' now. Not an end: the end time and meters stay.
    state = 's'
    redis.call('HSET', batch, 'st', state)
    if v[14] == '1' then
      redis.call('HDEL', batch, 'fp')
      v[14] = nil
    end
  end
  local call, fired = v[6], v[9]
  if state == 'c' then
    call, fired = v[7], v[10]
  end
  if call and fired ~= '1' then
    due[#due + 1] = state
    due[#due + 1] = call
  end
  if v[13] and v[14] ~= '1' then
    due[#due + 1] = 'p'
    due[#due + 1] = v[13] .. ((state == 's') and '|ok' or '|dd')
  end
  return due
end

-- Batches: the child a task's payload names, "<batch id>:<child index>" (the value of its
-- header asynctask-batch, BatchScope.HEADER, as the default JSON codec writes it), or nil.
-- The headers follow the arguments, so the last occurrence is taken. O(payload).
local BATCH_HEADER = '"asynctask-batch":"'
local function batch_child_of(payload)
  if type(payload) ~= 'string' then
    return nil
  end
  local at, from = nil, 1
  while true do
    local found = string.find(payload, BATCH_HEADER, from, true)
    if not found then
      break
    end
    at, from = found, found + 1
  end
  if not at then
    return nil
  end
  local child = string.match(payload, '^([%w_%-]+:%d+)"', at + #BATCH_HEADER)
  if child and #child <= 96 then
    return child
  end
  return nil
end

-- Batches: a task that carries a batch (its payload's header) ends without its worker
-- reporting it to the batch (cancelled, killed, deleted, buried, recovered to dead, timed
-- out waiting): the report is owed in the task's own slot, <prefix>:{q}:bown, a zset
-- "<batch id>:<child index>" -> owed since (ms), which BatchOwedReports delivers to the
-- batch's slot (batch_report.lua, counted dead, idempotent by the child's bit) and then
-- settles (batch_settle.lua). owed is nil for a caller that passes no such key. The payload
-- is looked for where the task keeps it (one-field form read before, payloads hash, else its
-- stored value, which is what bury() keeps of an unreadable task). O(payload).
local function owe_batch_report(owed, tasks, payloads, id, now)
  if not owed then
    return
  end
  local payload = v1_payloads[id] or redis.call('HGET', payloads, id) or redis.call('HGET', tasks, id)
  local child = batch_child_of(payload)
  if child then
    redis.call('ZADD', owed, 'NX', now, child)
  end
end

-- An error reply naming the script, the key and both types when key holds a type other
-- than want, nil when it holds want or does not exist (or key is nil): checked before a
-- script's first write, since Redis keeps what a script wrote before it failed.
local function key_type_wrong(script, key, want)
  if not key then
    return nil
  end
  local kind = redis.call('TYPE', key).ok
  if kind == 'none' or kind == want then
    return nil
  end
  return redis.error_reply(script .. ': key ' .. key .. ' holds a ' .. kind .. ', not a ' .. want
    .. '; nothing was written (delete that key, it is not async-task\'s)')
end

-- Batches: owed (<prefix>:{q}:bown) of another type than a zset. Every script that may owe a
-- report checks it before its first write: owe_batch_report writes it last, and a wrong type
-- failing that write would leave the task half-moved.
local function owed_key_wrong(script, owed)
  return key_type_wrong(script, owed, 'zset')
end

-- Batches: an error reply when one of a batch's keys (hash :b, bitmaps :r and :s) holds
-- another type, nil when each is that type or absent: checked before a batch script's first
-- write, so a key left under the prefix by something else never leaves one half-written.
local BATCH_KEY_TYPES = { 'hash', 'string', 'string', 'hash', 'list' }
local function batch_keys_wrong(script, keys)
  for i, key in ipairs(keys) do
    local wrong = key_type_wrong(script, key, BATCH_KEY_TYPES[i] or 'string')
    if wrong then
      return wrong
    end
  end
  return nil
end
