--[[
  Settles the permits rate_take.lua took for one fetch over a sharded queue: the first
  ARGV[3] were used and are stamped again with the time this runs, which comes after the
  hand-outs they paid for, so each leaves the window no earlier than a period after its
  delivery; the rest go back at once. Stamping later only ever delays the next permit.

  KEYS[1] <prefix>:{q}:rate   zset, permit -> delivered at (ms) (rate_take.lua)
  ARGV[1] the fetch's id, non-empty
  ARGV[2] permits it took
  ARGV[3] permits used (0 .. ARGV[2])
  ARGV[4] the period in ms, at least 1
  Reply: 1
]]
local fetch = ARGV[1]
local taken, used, period = whole_arg(ARGV[2]), whole_arg(ARGV[3]), whole_arg(ARGV[4])
if not fetch or fetch == '' or not taken or not used or used > taken or not period or period < 1 then
  return redis.error_reply('rate_settle: ARGV[1] must be a fetch id and ARGV[2..4] whole numbers with permits'
    .. ' used (ARGV[3]) no more than taken (ARGV[2]) and a period (ARGV[4]) of at least 1 ms')
end
local log = KEYS[1]
if used > 0 then
  local now_text = tostring(now_ms())
  local stamped = {}
  for i = 1, used do
    stamped[2 * i - 1] = now_text
    stamped[2 * i] = fetch .. ':' .. i
  end
  call_with_all('ZADD', log, stamped)
  redis.call('PEXPIRE', log, period)
end
if taken > used then
  local unused = {}
  for i = used + 1, taken do
    unused[#unused + 1] = fetch .. ':' .. i
  end
  call_with_all('ZREM', log, unused)
end
return 1
