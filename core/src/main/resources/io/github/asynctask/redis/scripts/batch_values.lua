--[[
  One page of the values a batch's completed children returned (batch_report.lua), for
  AsyncTaskTemplate.batchValues: an HSCAN of the values hash, so a page is bounded by the
  count asked and a cursor walks them all. O(count).

  KEYS[1] <prefix>:{b:<batch id>}:v  hash, child index -> value (JSON)
  ARGV[1] cursor: '0' to start, then the one the previous page returned
  ARGV[2] how many to look at (1..1000)
  Reply: { next cursor ('0' at the end), index, value, index, value, ... }
]]
local count = whole_arg(ARGV[2])
if not string.find(ARGV[1] or '', '^%d+$') or not count or count < 1 or count > 1000 then
  return redis.error_reply('batch_values: ARGV[1] (cursor, digits) and ARGV[2] (count, 1..1000) are required')
end
local kind = redis.call('TYPE', KEYS[1]).ok
if kind == 'none' then
  return { '0' }
end
if kind ~= 'hash' then
  return redis.error_reply('batch_values: key ' .. KEYS[1] .. ' holds a ' .. kind .. ', not a hash')
end
local page = redis.call('HSCAN', KEYS[1], ARGV[1], 'COUNT', count)
local out = { page[1] }
for _, item in ipairs(page[2]) do
  out[#out + 1] = item
end
return out
