'use strict';
// BullMQ contender of the async-task benchmarks: BullMqSystem.java starts this script
// (one producer process, one worker process) and talks to it over stdin/stdout.
//
// Requests, one per line: "<id> <command> <args...>", answered by "<id> ok [values...]"
// or "<id> error <message>"; requests run concurrently, so answers may come out of order.
// Every task body writes "h <startNanos> <arg>": the start time on process.hrtime, which
// on Linux reads CLOCK_MONOTONIC like the JVM's System.nanoTime (checked by "hello").
//
// Commands (a contender id names one opened Contender of the harness):
//   hello                                   -> ok <node> <bullmq> <ioredis> <nowNanos>
//   open <cid> <host> <port> <queue> <argLength>
//   add <cid> <arg>                         one queue.add
//   delay <cid> <millis> <arg>              one queue.add with a delay
//   bulk <cid> <arg>...                     one queue.addBulk
//   submit <cid> <n> <callers>              -> ok <nanos>: n adds, <callers> awaiting loops
//   batches <cid> <n> <size>                -> ok <nanos>: addBulk calls of <size>
//   paced <cid> <n> <periodNanos>           adds from one loop, one every period
//   work <cid> <concurrency> <queue>...     a Worker per queue
//   close <cid>                             close its workers and queue

const readline = require('node:readline');
const { Queue, Worker } = require('bullmq');

const JOB = 'noop';
// removeOnComplete as the async-task rows delete finished tasks; failures never happen.
const JOB_OPTIONS = { removeOnComplete: true };

const contenders = new Map();

let pending = [];
let flushing = false;

function write(line) {
  pending.push(line);
  if (!flushing) {
    flushing = true;
    setImmediate(flush);
  }
}

function flush() {
  flushing = false;
  if (pending.length === 0) {
    return;
  }
  const lines = pending;
  pending = [];
  process.stdout.write(lines.join('\n') + '\n');
}

function now() {
  return process.hrtime.bigint();
}

function contender(cid) {
  const found = contenders.get(cid);
  if (!found) {
    throw new Error('no contender ' + cid);
  }
  return found;
}

function queueOf(c) {
  if (!c.queue) {
    c.queue = new Queue(c.queueName, { connection: c.connection, defaultJobOptions: JOB_OPTIONS });
  }
  return c.queue;
}

// The TaskArg format: "<referenceNanos>|" padded with 'x' to the harness's length.
function taskArg(c, reference) {
  const head = reference + '|';
  return head + 'x'.repeat(Math.max(0, c.argLength - head.length));
}

async function submit(c, n, callers) {
  const queue = queueOf(c);
  let next = 0;
  const start = now();
  const loop = async () => {
    while (next < n) {
      next++;
      await queue.add(JOB, { arg: taskArg(c, now()) });
    }
  };
  await Promise.all(Array.from({ length: callers }, loop));
  return now() - start;
}

async function batches(c, n, size) {
  const queue = queueOf(c);
  const start = now();
  for (let done = 0; done < n; done += size) {
    const jobs = [];
    for (let i = done; i < Math.min(n, done + size); i++) {
      jobs.push({ name: JOB, data: { arg: taskArg(c, now()) } });
    }
    await queue.addBulk(jobs);
  }
  return now() - start;
}

// Node's timers have millisecond resolution: a submit may leave up to a millisecond after
// its due time; its reference is taken just before queue.add, so the delay measured is
// still the queue's own.
async function paced(c, n, period) {
  const queue = queueOf(c);
  const start = now();
  for (let i = 0; i < n; i++) {
    const wait = Number(start + BigInt(i) * period - now()) / 1e6;
    if (wait >= 0.5) {
      await new Promise((resolve) => setTimeout(resolve, Math.round(wait)));
    }
    await queue.add(JOB, { arg: taskArg(c, now()) });
  }
}

function work(c, concurrency, queues) {
  for (const name of queues) {
    const worker = new Worker(
      name,
      async (job) => {
        write('h ' + now() + ' ' + job.data.arg);
      },
      { connection: c.connection, concurrency },
    );
    worker.on('error', (error) => process.stderr.write('bullmq worker: ' + error + '\n'));
    c.workers.push(worker);
  }
}

async function close(c) {
  contenders.delete(c.id);
  await Promise.all(c.workers.map((worker) => worker.close()));
  if (c.queue) {
    await c.queue.close();
  }
}

function version(name) {
  return require(name + '/package.json').version;
}

async function handle(command, args) {
  switch (command) {
    case 'hello':
      return [process.version, version('bullmq'), version('ioredis'), now()];
    case 'open': {
      const [cid, host, port, queueName, argLength] = args;
      contenders.set(cid, {
        id: cid,
        connection: { host, port: Number(port) },
        queueName,
        argLength: Number(argLength),
        queue: null,
        workers: [],
      });
      return [];
    }
    case 'add':
      await queueOf(contender(args[0])).add(JOB, { arg: args[1] });
      return [];
    case 'delay':
      await queueOf(contender(args[0])).add(JOB, { arg: args[2] }, { delay: Number(args[1]) });
      return [];
    case 'bulk':
      await queueOf(contender(args[0])).addBulk(args.slice(1).map((arg) => ({ name: JOB, data: { arg } })));
      return [];
    case 'submit':
      return [await submit(contender(args[0]), Number(args[1]), Number(args[2]))];
    case 'batches':
      return [await batches(contender(args[0]), Number(args[1]), Number(args[2]))];
    case 'paced':
      await paced(contender(args[0]), Number(args[1]), BigInt(args[2]));
      return [];
    case 'work':
      work(contender(args[0]), Number(args[1]), args.slice(2));
      return [];
    case 'close':
      await close(contender(args[0]));
      return [];
    default:
      throw new Error('unknown command ' + command);
  }
}

const input = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
input.on('line', (line) => {
  const [id, command, ...args] = line.trim().split(/\s+/);
  handle(command, args).then(
    (values) => write([id, 'ok', ...values].join(' ')),
    (error) => write(id + ' error ' + String(error && error.message ? error.message : error).replace(/\s+/g, ' ')),
  );
});
// The harness's JVM is gone (or done with us): leave without waiting for open handles.
input.on('close', () => {
  flush();
  process.exit(0);
});
