--[[
  Reads one page of the tasks in one state of a queue, newest or oldest first, for the
  console: O(log N + page) for a sorted set (ZRANGE/ZREVRANGE by rank) and O(page) plus a
  walk over the list's nodes for the pending list (LRANGE by index, from the nearer end),
  never the whole set. Task data is read as stored; the payload is cut to a preview.

  KEYS[1] <prefix>:{q}:<state>  the state's LIST (pending) or ZSET (scheduled, retry,
                                active, dead, completed, waiting)
  KEYS[2] <prefix>:{q}:t        tasks hash (meta)
  KEYS[3] <prefix>:{q}:p        payloads hash
  ARGV[1] kind: list | zset
  ARGV[2] order: newest | oldest (pending: newest = last pushed; a set: highest score first)
  ARGV[3] offset, 0 <= offset
  ARGV[4] page size, 1..500
  ARGV[5] most payload bytes returned per task (a preview), 0..65536
  Reply: { total, then per task: id, score ("" for pending), meta ("" when none), payload
         preview ("" when none), payload length in bytes, meta length in bytes }; a task in
         the layout-v1 form (not delivered yet) has its value split at the first newline
]]
local set, tasks, payloads = KEYS[1], KEYS[2], KEYS[3]
local kind, order = ARGV[1], ARGV[2]
local offset, size, preview = tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5])
if (kind ~= 'list' and kind ~= 'zset') or (order ~= 'newest' and order ~= 'oldest') then
  return redis.error_reply('page: ARGV[1] must be list|zset and ARGV[2] newest|oldest')
end
if not offset or not size or not preview or offset < 0 or size < 1 or size > 500 or preview < 0
    or preview > 65536 then
  return redis.error_reply('page: offset >= 0, size 1..500 and preview 0..65536 expected')
end
local ids, scores = {}, {}
local total
if kind == 'list' then
  total = redis.call('LLEN', set)
  if order == 'newest' then
    ids = redis.call('LRANGE', set, offset, offset + size - 1)
  else
    local range = redis.call('LRANGE', set, -(offset + size), -(offset + 1))
    for i = #range, 1, -1 do
      ids[#ids + 1] = range[i]
    end
  end
else
  total = redis.call('ZCARD', set)
  local command = (order == 'newest') and 'ZREVRANGE' or 'ZRANGE'
  local range = redis.call(command, set, offset, offset + size - 1, 'WITHSCORES')
  for i = 1, #range, 2 do
    ids[#ids + 1] = range[i]
    scores[#ids] = range[i + 1]
  end
end
local out = { total }
for i, id in ipairs(ids) do
  -- a task not delivered yet holds "meta\npayload" (the one-field form)
  local meta, payload = split_stored(redis.call('HGET', tasks, id) or '')
  payload = payload or redis.call('HGET', payloads, id) or ''
  out[#out + 1] = id
  out[#out + 1] = scores[i] or ''
  out[#out + 1] = meta
  out[#out + 1] = string.sub(payload, 1, preview)
  out[#out + 1] = #payload
  out[#out + 1] = #meta
end
return out
