--[[
  Where the results of some tasks of one queue stand, for the callers waiting for them.

  KEYS[1] <prefix>:{q}:t     tasks hash (meta)
  KEYS[2] <prefix>:{q}:dead  zset
  KEYS[2 + i] <prefix>:{q}:r:<id i>  result of task i
  ARGV[i] task id i
  Reply: flat { status1, a1, b1, ... } per task: 'r' result (a: JSON), 'd' dead (a: task
         name, b: last error), 'p' still to finish (pending, running, waiting, retrying),
         'x' nothing known (no task, no result: expired, never submitted, or not yet)
]]
local out = {}
for i, id in ipairs(ARGV) do
  local value = redis.call('GET', KEYS[2 + i])
  if value then
    out[#out + 1], out[#out + 2], out[#out + 3] = 'r', value, ''
  elseif redis.call('ZSCORE', KEYS[2], id) then
    local meta = read_task(KEYS[1], id)
    out[#out + 1], out[#out + 2], out[#out + 3] = 'd', meta and meta.n or '', meta and meta.e or ''
  elseif redis.call('HEXISTS', KEYS[1], id) == 1 then
    out[#out + 1], out[#out + 2], out[#out + 3] = 'p', '', ''
  else
    out[#out + 1], out[#out + 2], out[#out + 3] = 'x', '', ''
  end
end
return out
