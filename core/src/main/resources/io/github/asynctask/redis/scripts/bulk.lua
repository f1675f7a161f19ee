--[[
  One bounded chunk of an operator's bulk action on one state of a queue: runs the tasks
  now (scheduled or retry -> pending; dead -> pending with the delivery count and first
  hand-back time reset, as retry_dead.lua) or deletes them. The caller repeats it until a chunk reports the end, so
  Redis is never blocked for long and a set that changes meanwhile is acted on as far as
  it can be. Examines the set from the lowest score (or the oldest pending task) on,
  starting after the `skip` members earlier chunks examined and left in place (another
  task name, unreadable data).

  KEYS[1] <prefix>:{q}:t        tasks hash
  KEYS[2] <prefix>:{q}:<state>  the source: ZSET scheduled | retry | dead | completed, or
                                the pending LIST (delete only, no name filter)
  KEYS[3] <prefix>:{q}:pending  list, where `run` puts tasks
  KEYS[4] <prefix>:{q}:p        payloads hash
  KEYS[5] <prefix>:{q}:wake     list, wake-up token
  KEYS[6] <prefix>:{q}:bown  zset, batch reports owed by this queue's tasks (lib.lua
          owe_batch_report; optional)
  ARGV[1] action: run | delete
  ARGV[2] source state code: s | r | d | c | p
  ARGV[3] most members examined by this chunk, 1..1000
  ARGV[4] skip: members at the start of the set left in place by earlier chunks, >= 0
  ARGV[5] task name filter ("" for every task)
  Reply: { acted on, left in place (name differs or unreadable for run), examined }; fewer
         examined than asked means the end of the set was reached
]]
local owed_refused = owed_key_wrong('bulk', KEYS[6])
if owed_refused then
  return owed_refused
end
local tasks, source, pending, payloads, wake_list = KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5]
local action, state = ARGV[1], ARGV[2]
local budget, skip, name = tonumber(ARGV[3]), tonumber(ARGV[4]), ARGV[5]
if action ~= 'run' and action ~= 'delete' then
  return redis.error_reply('bulk: ARGV[1] must be run or delete')
end
if not budget or not skip or budget < 1 or budget > 1000 or skip < 0 then
  return redis.error_reply('bulk: ARGV[3] must be 1..1000 and ARGV[4] >= 0')
end
local states = { s = true, r = true, d = true, c = true, p = true }
if not states[state] or (state == 'p' and (action ~= 'delete' or name ~= '')) then
  return redis.error_reply('bulk: ARGV[2] must be s|r|d|c|p; pending only for delete without a name filter')
end
if action == 'run' and state == 'c' then
  return redis.error_reply('bulk: completed tasks cannot be run again')
end

local acted, kept = 0, 0
if state == 'p' then
  -- the oldest pending tasks, taken like a fetch would (RPOP): nothing else walks the list
  local ids = redis.call('RPOP', source, budget)
  if not ids then
    return { 0, 0, 0 }
  end
  local now = now_ms()
  for _, id in ipairs(ids) do
    owe_batch_report(KEYS[6], tasks, payloads, id, now)
    drop_task(tasks, payloads, id)
  end
  return { #ids, 0, #ids }
end

local ids = redis.call('ZRANGE', source, skip, skip + budget - 1)
local now = now_ms()
local pushed = false
for _, id in ipairs(ids) do
  local meta, _, err = read_task(tasks, id)
  if err == 'missing' then
    -- an id without data serves nobody: dropped either way
    redis.call('ZREM', source, id)
  elseif name ~= '' and (err or meta.n ~= name) then
    kept = kept + 1
  elseif action == 'delete' then
    redis.call('ZREM', source, id)
    if state ~= 'c' and state ~= 'd' then
      owe_batch_report(KEYS[6], tasks, payloads, id, now)
    end
    drop_task(tasks, payloads, id)
    acted = acted + 1
  elseif err or meta.n == '' then
    kept = kept + 1
  else
    redis.call('ZREM', source, id)
    if state == 'd' then
      meta.a = 0
      meta.u = nil
    end
    set_pending(tasks, payloads, id, meta, now)
    redis.call('LPUSH', pending, id)
    pushed = true
    acted = acted + 1
  end
end
if pushed then
  wake(wake_list)
end
return { acted, kept, #ids }
