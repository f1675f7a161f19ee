--[[
  Cancels a batch that has not ended: it owes no callback any more, and its children that
  have not started yet are skipped when a worker takes them (batch_start.lua).

  KEYS[1] <prefix>:{b:<batch id>}:b  hash, the batch (batch_seal.lua)
  KEYS[2] <prefix>:{b:<batch id>}:r  bitmap, children reported
  KEYS[3] <prefix>:{b:<batch id>}:s  bitmap, children started
  ARGV[1] ms a cancelled batch is kept
  Reply: 1 cancelled, 0 it had ended already, -1 no such batch
]]
local batch = KEYS[1]
local keep = whole_arg(ARGV[1])
if not keep or keep < 1 then
  return redis.error_reply('batch_cancel: ARGV[1] (ms kept) must be a whole number of at least 1')
end
local wrong = batch_keys_wrong('batch_cancel', KEYS)
if wrong then
  return wrong
end
local state = redis.call('HGET', batch, 'st')
if not state then
  return -1
end
if state ~= 'o' and state ~= 'r' then
  return 0
end
redis.call('HSET', batch, 'st', 'x', 'e', now_ms())
for _, key in ipairs(KEYS) do
  redis.call('PEXPIRE', key, keep)
end
return 1
