--[[
  What a worker's heartbeat tells about its running deliveries of one queue, and learns of
  them: stores the last progress each body reported (meta g, for the console and
  AsyncTaskTemplate.find) and answers which were cancelled (meta x, cancel.lua). A delivery
  whose lease is no longer its own (another token, recovered, ended) is skipped: nothing of
  it is written. One call per heartbeat per queue shard with running deliveries, so a body
  reporting progress in a tight loop costs at most one write per heartbeat interval.
  O(deliveries sent).

  KEYS[1] <prefix>:{q}:t      tasks hash
  KEYS[2] <prefix>:{q}:lease  hash, id -> fencing token
  KEYS[3] <prefix>:{q}:p      payloads hash
  ARGV[1..] triples of task id, fencing token, progress ("" none, else
          "<percent>|<message>", percent 0..100, at most 1024 bytes in all)
  Reply: flat array { id1, token1, ... } of the sent deliveries whose task was cancelled
]]
local tasks, leases, payloads = KEYS[1], KEYS[2], KEYS[3]
if #ARGV % 3 ~= 0 then
  return redis.error_reply('running: ARGV must be triples of task id, token, progress; got ' .. #ARGV .. ' values')
end
for i = 1, #ARGV, 3 do
  local progress = ARGV[i + 2]
  if progress ~= '' then
    local percent = string.match(progress, '^(%d+)|')
    if #progress > 1024 or not percent or tonumber(percent) > 100 then
      return redis.error_reply('running: progress of task ' .. ARGV[i] .. " must be '<0..100>|<message>' of at"
        .. ' most 1024 bytes; nothing of this call was written')
    end
  end
end
local now
local cancelled = {}
for i = 1, #ARGV, 3 do
  local id, token, progress = ARGV[i], ARGV[i + 1], ARGV[i + 2]
  if redis.call('HGET', leases, id) == token then
    local meta, _, err = read_task(tasks, id)
    if not err then
      if meta.x then
        cancelled[#cancelled + 1] = id
        cancelled[#cancelled + 1] = token
      end
      if progress ~= '' then
        now = now or now_ms()
        local percent, message = string.match(progress, '^(%d+)|(.*)$')
        meta.g = percent .. '|' .. now .. '|' .. message
        write_task(tasks, payloads, id, meta)
      end
    end
  end
end
return cancelled
