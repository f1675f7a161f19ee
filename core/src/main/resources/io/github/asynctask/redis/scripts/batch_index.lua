--[[
  Lists a new batch in the prefix's index of recent batches, for the console and the
  endpoint: one call per batch, when it is opened (or sealed after a commit), none per
  child. The index is bounded both ways on this write: entries older than ARGV[3] and the
  oldest beyond ARGV[2] are dropped, and the key itself expires ARGV[3] after the last
  batch. It is a listing only: a batch that expired before its entry is skipped on read,
  one missing from it (a crash before this call) is still found by its id. O(log n).

  KEYS[1] <prefix>:{batches}:recent  zset, batch id -> created (ms)
  ARGV[1] batch id
  ARGV[2] how many batches the index keeps, at least 1
  ARGV[3] ms a batch stays listed, at least 1
  Reply: 1 listed, 0 it was listed already
]]
local index = KEYS[1]
local cap, keep = whole_arg(ARGV[2]), whole_arg(ARGV[3])
if not ARGV[1] or ARGV[1] == '' or not cap or cap < 1 or not keep or keep < 1 then
  return redis.error_reply('batch_index: ARGV[1] (batch id), ARGV[2] (how many kept, at least 1) and ARGV[3] '
    .. '(ms listed, at least 1) are required')
end
local now = now_ms()
local added = redis.call('ZADD', index, 'NX', now, ARGV[1])
redis.call('ZREMRANGEBYSCORE', index, '-inf', '(' .. (now - keep))
local over = redis.call('ZCARD', index) - cap
if over > 0 then
  redis.call('ZREMRANGEBYRANK', index, 0, over - 1)
end
redis.call('PEXPIRE', index, keep)
return added
