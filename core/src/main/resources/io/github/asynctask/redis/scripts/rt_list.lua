--[[
  One page of a queue's run-time schedules for listings, with the state of the task each
  last fired tick created. Changes nothing. O(count) per call (HSCAN).

  KEYS[1] <prefix>:{q}:rts   ZSET  (see rt_put.lua)
  KEYS[2] <prefix>:{q}:rtc   HASH
  KEYS[3] <prefix>:{q}:rtst  HASH
  KEYS[4] <prefix>:{q}:rtp   HASH
  KEYS[5] <prefix>:{q}:t     tasks hash (meta)
  ARGV[1] HSCAN cursor ('0' to start)
  ARGV[2] HSCAN count
  Reply: { next cursor ('0' at the end), then 15 values per schedule (rt_entry in lib.lua) }
]]
local page = redis.call('HSCAN', KEYS[2], ARGV[1], 'COUNT', ARGV[2])
local out = { page[1] }
local fields = page[2]
for i = 1, #fields, 2 do
  local id = fields[i]
  local entry = rt_entry(KEYS[2], KEYS[3], KEYS[4], KEYS[5], id, redis.call('ZSCORE', KEYS[1], id), true)
  for _, value in ipairs(entry) do
    out[#out + 1] = value
  end
end
return out
