--[[
  Reads a queue's history buckets (written by history_add.lua): one HMGET per bucket.

  KEYS[1..n] <prefix>:{q}:hist:m:<epoch minute> or <prefix>:{q}:hist:d:<epoch day>
  Reply: flat array, per key in order: processed, failed (0 when absent)
]]
local out = {}
for _, key in ipairs(KEYS) do
  local values = redis.call('HMGET', key, 'p', 'f')
  out[#out + 1] = tonumber(values[1]) or 0
  out[#out + 1] = tonumber(values[2]) or 0
end
return out
