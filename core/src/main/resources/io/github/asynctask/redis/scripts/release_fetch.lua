--[[
  Hands back the tasks of a dequeue call whose reply the worker never got (reply timeout,
  a connection lost and the command re-sent): each task still held by the token that call
  gave it goes back to the front of pending with its delivery count restored, as if never
  fetched. Then a tombstone takes the record's place, so a late run of that same dequeue
  call takes nothing. Tasks already completed, recovered or re-fetched are left alone.

  KEYS[1] <prefix>:{q}:t          tasks hash
  KEYS[2] <prefix>:{q}:pending    list (RPOP end is the front)
  KEYS[3] <prefix>:{q}:active     zset
  KEYS[4] <prefix>:{q}:lease      hash, id -> fencing token
  KEYS[5] <prefix>:{q}:fetch:<fetchId>  the call's record, a string holding the JSON array
          [id, token, ...] (a hash id -> token when an earlier build wrote it, read as well;
          the tombstone 'released' holds no record)
  KEYS[6] <prefix>:{q}:p          payloads hash
  KEYS[7] <prefix>:{q}:wake       list, wake-up token (pushed when pending was empty)
  ARGV[1] how long the tombstone stays, in ms (the lease)
  Reply: number of tasks handed back
]]
local tasks, pending, active, leases, fetch = KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5]
local record = {}
local kind = redis.call('TYPE', fetch).ok
if kind == 'string' then
  local ok, decoded = pcall(cjson.decode, redis.call('GET', fetch))
  if ok and type(decoded) == 'table' then
    for i = 1, #decoded - 1, 2 do
      if type(decoded[i]) == 'string' and type(decoded[i + 1]) == 'string' then
        record[#record + 1] = decoded[i]
        record[#record + 1] = decoded[i + 1]
      end
    end
  end
elseif kind == 'hash' then
  record = redis.call('HGETALL', fetch)
end
local now = now_ms()
-- read and check every task first: nothing is written unless all of it can be
local back = {}
for i = 1, #record, 2 do
  local id, token = record[i], record[i + 1]
  if redis.call('HGET', leases, id) == token then
    local meta, _, err = read_task(tasks, id)
    -- unreadable data stays active: the recoverer moves it to dead with the reason
    if not err then
      back[#back + 1] = { id, meta }
    end
  end
end
local ids = {}
for i = #back, 1, -1 do
  local id, meta = back[i][1], back[i][2]
  meta.s = 'p'
  meta.t = now
  meta.a = math.max(meta.a - 1, 0)
  write_task(tasks, KEYS[6], id, meta)
  redis.call('ZREM', active, id)
  redis.call('HDEL', leases, id)
  ids[#ids + 1] = id
end
redis.call('SET', fetch, 'released', 'PX', tonumber(ARGV[1]))
-- the first task fetched is pushed last, so it is the front again
if #ids > 0 and redis.call('RPUSH', pending, unpack(ids)) == #ids then
  wake(KEYS[7])
end
return #ids
