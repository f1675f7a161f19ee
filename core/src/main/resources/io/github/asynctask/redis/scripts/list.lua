--[[
  Reads a page of the tasks in one sorted-set state (scheduled, retry, active, dead,
  completed, waiting), in score order.

  KEYS[1] <prefix>:{q}:<state>  zset
  KEYS[2] <prefix>:{q}:t        tasks hash (meta)
  KEYS[3] <prefix>:{q}:p        payloads hash
  ARGV[1] offset
  ARGV[2] page size
  Reply: flat array { id1, meta1, payload1, ... } (payload "" when none); ids without data
         are left out
]]
local first = tonumber(ARGV[1])
local ids = redis.call('ZRANGE', KEYS[1], first, first + tonumber(ARGV[2]) - 1)
local out = {}
for _, id in ipairs(ids) do
  local raw = redis.call('HGET', KEYS[2], id)
  if raw then
    out[#out + 1] = id
    out[#out + 1] = raw
    out[#out + 1] = redis.call('HGET', KEYS[3], id) or ''
  end
end
return out
