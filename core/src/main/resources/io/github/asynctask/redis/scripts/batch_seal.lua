--[[
  Seals a batch once its body returned and its children are recorded: adds them to the
  total, stores the callbacks, and from then on the batch ends when every child has ended
  (batch_due in lib.lua), at once when they all ended already. Children reported before the
  seal (a child quicker than its body, or a batch submitted after a commit) are counted.
  A re-sent seal changes nothing and returns what is owed. O(1).

  KEYS[1] <prefix>:{b:<batch id>}:b  hash: st state o|r|s|c|x, sl 1 once sealed, n children,
          ok completed, dd dead, act running, add children added by addToBatch, nm name,
          c created (ms), e ended (ms), cs/cc/cd stored onSuccess/onComplete/onDeath calls,
          fs/fc/fd 1 once that callback was enqueued, kp ms kept once ended, pa the parent
          batch and index of a nested batch, fp 1 once it was reported there
  KEYS[2] <prefix>:{b:<batch id>}:r  bitmap, children reported (bit = child index)
  KEYS[3] <prefix>:{b:<batch id>}:s  bitmap, children started
  ARGV[1] children recorded by the body
  ARGV[2] name
  ARGV[3] stored onSuccess call, '' for none
  ARGV[4] stored onComplete call, '' for none
  ARGV[5] stored onDeath call, '' for none
  ARGV[6] ms an ended batch is kept
  ARGV[7] optional: '<parent batch id>:<child index>' of a batch nested in another, which
          counts it as one child (reported as it ends: batch_due in lib.lua)
  A batch key holding another type (batch_keys_wrong): an error reply, nothing written.
  Reply: batch_due's (lib.lua): the state it ended in now or '', then the callbacks owed
         (none for a cancelled batch)
]]
local batch = KEYS[1]
local children, keep = whole_arg(ARGV[1]), whole_arg(ARGV[6])
if not children or not keep or keep < 1 then
  return redis.error_reply('batch_seal: ARGV[1] (children) and ARGV[6] (ms kept, at least 1) must be whole numbers')
end
local parent = ARGV[7] or ''
if parent ~= '' and (#parent > 96 or not string.find(parent, '^[%w_%-]+:%d+$')) then
  return redis.error_reply("batch_seal: ARGV[7] (parent) must be '' or '<batch id>:<child index>'")
end
local wrong = batch_keys_wrong('batch_seal', KEYS)
if wrong then
  return wrong
end
local now = now_ms()
local state, sealed = unpack(redis.call('HMGET', batch, 'st', 'sl'))
if sealed == '1' then
  return batch_due(KEYS, now, keep)
end
if state == 'x' then
  -- cancelled while open: owes its parent its report (dead), nothing else
  if parent ~= '' then
    redis.call('HSET', batch, 'pa', parent)
    return batch_due(KEYS, now, keep)
  end
  return { '' }
end
redis.call('HINCRBY', batch, 'n', children)
redis.call('HSETNX', batch, 'c', now)
redis.call('HSET', batch, 'st', 'r', 'sl', '1', 'nm', ARGV[2], 'kp', keep)
if parent ~= '' then
  redis.call('HSET', batch, 'pa', parent)
end
for i, kind in ipairs({ 'cs', 'cc', 'cd' }) do
  if ARGV[2 + i] ~= '' then
    redis.call('HSET', batch, kind, ARGV[2 + i])
  end
end
-- a running batch never expires: it ends when its last child does
for _, key in ipairs(KEYS) do
  redis.call('PERSIST', key)
end
return batch_due(KEYS, now, keep)
