--[[
  Read-only: whether one shard of a queue holds a task id or a bizId, so that a submit on a
  sharded queue can look where a task was placed under another shard count (a resize) and
  a dependent can find the shard its predecessor landed in. Writes nothing.

  KEYS[1] <prefix>:{q}:t     tasks hash (meta)
  KEYS[2] <prefix>:{q}:done  zset, ids completed within the completed-ids window
  KEYS[3] <prefix>:{q}:u:<len>:<name>:<bizId>  dedup key of the task's name and bizId (the
          placeholder <prefix>:{q}:u: when the task has none)
  ARGV[1] task id
  Reply: { holder, known }: holder the id held by the dedup key ('' none); known 1 when the
         id is a task of this shard or completed within the completed-ids window, else 0
]]
local id = ARGV[1]
if not id or id == '' then
  return redis.error_reply('placed: ARGV[1] task id must be non-empty')
end
local holder = redis.pcall('GET', KEYS[3])
if type(holder) ~= 'string' then
  holder = ''
end
local known = 0
if redis.call('HEXISTS', KEYS[1], id) == 1 or redis.call('ZSCORE', KEYS[2], id) then
  known = 1
end
return { holder, known }
