--[[
  The shard counts a queue's tasks were placed under, kept for as long as a task placed
  under a count may still hold a dedup key or a completed id in the shard that count chose,
  so that a submit after a resize also looks where the count before would have put it.
  Recording the first count of a queue also records count 1 (the queue before it was
  sharded, or before counts were remembered) for the same time.

  KEYS[1] <prefix>:{q}:layouts  zset, shard count -> held until (epoch ms); member "0" with
          score +inf marks that counts are remembered for this queue
  ARGV[1] a shard count to remember, 1..1024 ('' to only read)
  ARGV[2] until when it is held, epoch ms (ignored when ARGV[1] is '')
  Reply: the counts held until after now (strings), the marker left out
]]
local layouts = KEYS[1]
local count, until_ms = ARGV[1], ARGV[2]
local kind = redis.call('TYPE', layouts)['ok']
if kind ~= 'none' and kind ~= 'zset' then
  return redis.error_reply('layouts: ' .. layouts .. ' holds a ' .. kind .. ', not a sorted set')
end
if count ~= '' then
  local n = canonical_whole(count or '')
  if not n or n < 1 or n > 1024 or not canonical_whole(until_ms or '') then
    return redis.error_reply('layouts: ARGV[1] must be a shard count 1..1024 and ARGV[2] an epoch ms, got '
      .. tostring(count) .. ' and ' .. tostring(until_ms))
  end
  if not redis.call('ZSCORE', layouts, '0') then
    redis.call('ZADD', layouts, 'GT', until_ms, '1')
    redis.call('ZADD', layouts, '+inf', '0')
  end
  redis.call('ZADD', layouts, 'GT', until_ms, count)
  redis.call('ZREMRANGEBYSCORE', layouts, '-inf', now_ms())
end
return redis.call('ZRANGEBYSCORE', layouts, '(' .. now_ms(), '(+inf')
