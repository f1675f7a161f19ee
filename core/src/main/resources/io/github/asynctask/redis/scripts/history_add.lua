--[[
  Adds one instance's counts of finished attempts to a queue's history: a per-minute and a
  per-day bucket, each a hash that expires on its own (the minute after 2 hours, the day
  after 91 days), so the history stays bounded without a sweep.

  KEYS[1] <prefix>:{q}:hist:m:<epoch minute>  hash, p processed, f failed
  KEYS[2] <prefix>:{q}:hist:d:<epoch day>     hash, p processed, f failed
  ARGV[1] processed attempts (succeeded or failed), >= 0
  ARGV[2] failed attempts, >= 0
  ARGV[3] minute bucket ttl in ms
  ARGV[4] day bucket ttl in ms
  Reply: 1
]]
local processed, failed = tonumber(ARGV[1]), tonumber(ARGV[2])
local minute_ttl, day_ttl = tonumber(ARGV[3]), tonumber(ARGV[4])
if not processed or not failed or not minute_ttl or not day_ttl or processed < 0 or failed < 0 then
  return redis.error_reply('history_add: ARGV[1..4] must be non-negative numbers')
end
for i, ttl in ipairs({ minute_ttl, day_ttl }) do
  if processed > 0 then
    redis.call('HINCRBY', KEYS[i], 'p', processed)
  end
  if failed > 0 then
    redis.call('HINCRBY', KEYS[i], 'f', failed)
  end
  redis.call('PEXPIRE', KEYS[i], ttl)
end
return 1
