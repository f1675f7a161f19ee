--[[
  What findBatch shows of one batch.

  KEYS[1] <prefix>:{b:<batch id>}:b  hash, the batch (batch_seal.lua)
  Reply: st, n, ok, dd, act, nm, c, e (false where absent); all false for no batch
]]
return redis.call('HMGET', KEYS[1], 'st', 'n', 'ok', 'dd', 'act', 'nm', 'c', 'e')
