--[[
  What the console shows of a task's flow: what it waits for, and its kept result.

  KEYS[1] <prefix>:{q}:wait    hash, id -> wait JSON (see flow_wait.lua)
  KEYS[2] <prefix>:{q}:r:<id>  string, the task's result JSON
  ARGV[1] task id
  ARGV[2] most characters of the result to return
  Reply: { wait JSON or '', result JSON (cut to ARGV[2]) or '', full result length }
]]
local wait = redis.call('HGET', KEYS[1], ARGV[1]) or ''
local result = redis.call('GET', KEYS[2]) or ''
local most = tonumber(ARGV[2]) or 1000
return { wait, string.sub(result, 1, most), #result }
