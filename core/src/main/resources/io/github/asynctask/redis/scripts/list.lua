--[[
  Reads a page of the tasks in one sorted-set state (scheduled, retry, active, dead,
  completed), in score order.

  KEYS[1] <prefix>:{q}:<state>  zset
  KEYS[2] <prefix>:{q}:t        tasks hash
  ARGV[1] offset
  ARGV[2] page size
  Reply: flat array { id1, data1, id2, data2, ... }; ids without data are left out
]]
local first = tonumber(ARGV[1])
local ids = redis.call('ZRANGE', KEYS[1], first, first + tonumber(ARGV[2]) - 1)
local out = {}
for _, id in ipairs(ids) do
  local raw = redis.call('HGET', KEYS[2], id)
  if raw then
    out[#out + 1] = id
    out[#out + 1] = raw
  end
end
return out
