--[[
  Reads one schedule's state for listings, with the state of the task its last fired tick
  created. Changes nothing.

  KEYS[1] <prefix>:{q}:schedule:<name>  hash (see tick.lua)
  KEYS[2] <prefix>:{q}:t          tasks hash (meta)
  Reply: {} when there is no readable state, else { last tick (ms), last fired tick (ms,
         -1 none), task id of that tick ('' none), that task's state code p|s|a|r|d|c, or
         '' when gone (done and dropped), 1 paused else 0 }
]]
if redis.call('TYPE', KEYS[1])['ok'] ~= 'hash' then
  return {}
end
local stored = redis.call('HMGET', KEYS[1], 'last', 'fired', 'id', 'paused')
local last = tonumber(stored[1])
if not finite(last) then
  if stored[4] == '1' and not stored[1] then
    return { -1, -1, '', '', 1 }
  end
  return {}
end
local fired = tonumber(stored[2])
if not finite(fired) then
  fired = -1
end
local id = stored[3] or ''
local code = ''
if id ~= '' then
  local meta = read_task(KEYS[2], id)
  if meta then
    code = meta.s
  end
end
local paused = 0
if stored[4] == '1' then
  paused = 1
end
return { last, fired, id, code, paused }
