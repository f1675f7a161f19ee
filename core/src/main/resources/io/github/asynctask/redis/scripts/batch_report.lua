--[[
  A child of a batch ended: counts it completed or dead once, whatever the number of times
  it is reported (its bit in the reported bitmap), and returns the callbacks the batch owes
  (batch_due in lib.lua). The completing worker reports before it acks the child, so a crash
  between the two runs the child again and re-sends the report, which counts nothing twice
  but still returns a callback not yet confirmed enqueued. A child counted dead (its bit in
  KEYS[6]) that is reported completed later (retried from the dead archive, retry_dead.lua)
  moves from dead to completed once and leaves the dead list; batch_due then owes onSuccess
  if that left no child dead. O(1), and O(ARGV[6]) for such a move.

  KEYS[1] <prefix>:{b:<batch id>}:b  hash, the batch (batch_seal.lua)
  KEYS[2] <prefix>:{b:<batch id>}:r  bitmap, children reported
  KEYS[3] <prefix>:{b:<batch id>}:s  bitmap, children started
  KEYS[4] <prefix>:{b:<batch id>}:v  hash, child index -> its value (JSON), optional
  KEYS[5] <prefix>:{b:<batch id>}:d  list, the last dead children as '<queue> <task id>',
          newest first, at most ARGV[6] (optional: a caller without it keeps none)
  KEYS[6] <prefix>:{b:<batch id>}:k  bitmap, children counted dead (optional: a caller without
          it never moves a dead child to completed)
  ARGV[1] child index
  ARGV[2] ok (completed) or dd (dead)
  ARGV[3] ms an ended, or not yet sealed, batch is kept
  ARGV[4] optional: the completed child's value as JSON (a CompletableFuture<T> method), kept
          in KEYS[4] for AsyncTaskTemplate.batchValues when at most 4096 bytes; '' none
  ARGV[5] the child as '<queue> <task id>', for the dead list: added when it is dead, removed
          when it completes after all (optional, '' for none)
  ARGV[6] how many dead children the list keeps (optional, with ARGV[5])
  A batch key holding another type (batch_keys_wrong): an error reply, nothing written.
  Reply: batch_due's (lib.lua): the state it ended in now or '', then the callbacks owed
]]
local batch, reported, started = KEYS[1], KEYS[2], KEYS[3]
local index, keep = whole_arg(ARGV[1]), whole_arg(ARGV[3])
if not index or index > 4294967295 or (ARGV[2] ~= 'ok' and ARGV[2] ~= 'dd') or not keep or keep < 1 then
  return redis.error_reply('batch_report: ARGV[1] (child index, 0..2^32-1), ARGV[2] (ok or dd) and ARGV[3] '
    .. '(ms kept, at least 1) are required')
end
-- KEYS[6] is checked by a dead report only (no TYPE per completed child): a completed
-- report's first call on it is a GETBIT before any write, which fails on another type
local checked = { KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5] }
if ARGV[2] == 'dd' then
  checked[6] = KEYS[6]
end
local wrong = batch_keys_wrong('batch_report', checked)
if wrong then
  return wrong
end
local now = now_ms()
-- a completed child's value, for AsyncTaskTemplate.batchValues
local function keep_value()
  local value = ARGV[4]
  if KEYS[4] and value and value ~= '' and #value <= 4096 then
    redis.call('HSET', KEYS[4], index, value)
  end
end
if redis.call('SETBIT', reported, index, 1) == 0 then
  redis.call('HINCRBY', batch, ARGV[2], 1)
  if ARGV[2] == 'ok' then
    keep_value()
  end
  local cap = whole_arg(ARGV[6] or '')
  if ARGV[2] == 'dd' and KEYS[5] and ARGV[5] and ARGV[5] ~= '' and cap and cap > 0 then
    -- once per dead child (its bit above); O(1): the trim drops at most one entry
    redis.call('LPUSH', KEYS[5], ARGV[5])
    redis.call('LTRIM', KEYS[5], 0, cap - 1)
  end
  if ARGV[2] == 'dd' and KEYS[6] then
    redis.call('SETBIT', KEYS[6], index, 1)
  end
  if redis.call('GETBIT', started, index) == 1 then
    redis.call('HINCRBY', batch, 'act', -1)
  end
  if redis.call('HSETNX', batch, 'c', now) == 1 then
    redis.call('HSET', batch, 'st', 'o')
  end
  if redis.call('HGET', batch, 'sl') ~= '1' then
    -- not sealed yet: gone with its batch if the seal never comes
    for _, key in ipairs(KEYS) do
      redis.call('PEXPIRE', key, keep)
    end
  end
elseif ARGV[2] == 'ok' and KEYS[6] and redis.call('GETBIT', KEYS[6], index) == 1 then
  -- counted dead, completed since (retried from the dead archive): moved once, by this bit
  -- (GETBIT first: a re-sent report of a child never dead creates no bitmap)
  redis.call('SETBIT', KEYS[6], index, 0)
  redis.call('HINCRBY', batch, 'dd', -1)
  redis.call('HINCRBY', batch, 'ok', 1)
  keep_value()
  if KEYS[5] and ARGV[5] and ARGV[5] ~= '' then
    redis.call('LREM', KEYS[5], 1, ARGV[5])
  end
end
return batch_due(KEYS, now, keep)
