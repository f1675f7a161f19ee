--[[
  Adds one child to a batch that has not ended: counts it in the total before it is
  submitted, so the batch cannot end while it is on its way, and gives it an index of its
  own (odd: the body's children have the even ones). O(1).

  KEYS[1] <prefix>:{b:<batch id>}:b  hash, the batch (batch_seal.lua)
  Reply: { index } or { -1, state }, state '' when there is no such batch
]]
local batch = KEYS[1]
local wrong = batch_keys_wrong('batch_add', KEYS)
if wrong then
  return wrong
end
local state = redis.call('HGET', batch, 'st')
if state ~= 'o' and state ~= 'r' then
  return { -1, state or '' }
end
local added = redis.call('HINCRBY', batch, 'add', 1)
redis.call('HINCRBY', batch, 'n', 1)
return { 2 * (added - 1) + 1 }
