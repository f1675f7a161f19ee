--[[
  Opens a batch before its body submits children: findBatch and addToBatch see it while the
  body runs. An open batch that is never sealed (its body threw, its JVM died) expires.

  KEYS[1] <prefix>:{b:<batch id>}:b  hash, the batch (fields: batch_seal.lua)
  ARGV[1] name
  ARGV[2] ms an open batch is kept
  Reply: 1 opened, 0 it exists already
]]
local batch = KEYS[1]
local keep = whole_arg(ARGV[2])
if not keep or keep < 1 then
  return redis.error_reply('batch_open: ARGV[2] (ms kept) must be a whole number of at least 1')
end
if redis.call('EXISTS', batch) == 1 then
  return 0
end
redis.call('HSET', batch, 'st', 'o', 'c', now_ms(), 'nm', ARGV[1])
redis.call('PEXPIRE', batch, keep)
return 1
