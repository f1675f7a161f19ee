--[[
  A child of a batch is about to run: counts it running once (its bit in the started
  bitmap), unless it ended already, and tells the worker whether its batch was cancelled,
  in which case the body is not run. O(1).

  KEYS[1] <prefix>:{b:<batch id>}:b  hash, the batch (batch_seal.lua)
  KEYS[2] <prefix>:{b:<batch id>}:r  bitmap, children reported
  KEYS[3] <prefix>:{b:<batch id>}:s  bitmap, children started
  ARGV[1] child index
  ARGV[2] ms a batch not yet sealed is kept
  Reply: 1 run it, 0 the batch was cancelled
]]
local batch, reported, started = KEYS[1], KEYS[2], KEYS[3]
local index, keep = whole_arg(ARGV[1]), whole_arg(ARGV[2])
if not index or index > 4294967295 or not keep or keep < 1 then
  return redis.error_reply('batch_start: ARGV[1] (child index, 0..2^32-1) and ARGV[2] (ms kept) are required')
end
local wrong = batch_keys_wrong('batch_start', KEYS)
if wrong then
  return wrong
end
local state, sealed = unpack(redis.call('HMGET', batch, 'st', 'sl'))
if state == 'x' then
  return 0
end
if redis.call('SETBIT', started, index, 1) == 0 and redis.call('GETBIT', reported, index) == 0 then
  redis.call('HINCRBY', batch, 'act', 1)
  if sealed ~= '1' then
    redis.call('PEXPIRE', batch, keep)
    redis.call('PEXPIRE', started, keep)
  end
end
return 1
