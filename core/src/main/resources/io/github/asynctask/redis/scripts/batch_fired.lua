--[[
  Callbacks of a batch are enqueued (their fixed task ids make a repeated enqueue a no-op):
  batch_due stops returning them.

  KEYS[1] <prefix>:{b:<batch id>}:b  hash, the batch (batch_seal.lua)
  ARGV[1..] kinds: s, c or d, or p (the report to its parent batch)
  Reply: how many kinds were marked
]]
local batch = KEYS[1]
local fields = {}
for _, kind in ipairs(ARGV) do
  if kind ~= 's' and kind ~= 'c' and kind ~= 'd' and kind ~= 'p' then
    return redis.error_reply('batch_fired: every ARGV must be s, c, d or p but one was ' .. kind)
  end
  fields[#fields + 1] = 'f' .. kind
  fields[#fields + 1] = '1'
end
local wrong = batch_keys_wrong('batch_fired', KEYS)
if wrong then
  return wrong
end
if #fields == 0 or redis.call('EXISTS', batch) == 0 then
  return 0
end
redis.call('HSET', batch, unpack(fields))
return #ARGV
