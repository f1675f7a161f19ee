// async-task console. Every value from the server is inserted as text (textContent or
// text nodes), never parsed as HTML; the page's CSP forbids inline script as well.
(function () {
  'use strict';

  var HISTORY = 40;
  var state = {
    settings: { writesEnabled: false, refreshMillis: 3000 },
    paused: false,
    timer: null,
    history: {},          // queue -> [{t, processed}]
    taskQueue: null,
    taskState: 'dead',
    tasksKey: null,       // what the tasks table shows, to skip identical re-renders
    lastOk: null
  };

  function $(id) { return document.getElementById(id); }

  // el('td', {class: 'num'}, 'text', childNode, ...): strings become text nodes.
  function el(tag, attrs) {
    var node = document.createElement(tag);
    if (attrs) {
      Object.keys(attrs).forEach(function (key) {
        if (key === 'class') { node.className = attrs[key]; }
        else if (key === 'text') { node.textContent = attrs[key]; }
        else if (key.indexOf('on') === 0) { node.addEventListener(key.substring(2), attrs[key]); }
        else { node.setAttribute(key, attrs[key]); }
      });
    }
    for (var i = 2; i < arguments.length; i++) {
      var child = arguments[i];
      if (child === null || child === undefined) { continue; }
      node.appendChild(typeof child === 'string' || typeof child === 'number'
        ? document.createTextNode(String(child)) : child);
    }
    return node;
  }

  function svg(tag, attrs) {
    var node = document.createElementNS('http://www.w3.org/2000/svg', tag);
    Object.keys(attrs || {}).forEach(function (key) { node.setAttribute(key, attrs[key]); });
    return node;
  }

  function replaceChildren(node, children) {
    while (node.firstChild) { node.removeChild(node.firstChild); }
    children.forEach(function (child) { node.appendChild(child); });
  }

  // Older servers send only writesEnabled; newer ones say whether this user may write.
  function canWrite() {
    var s = state.settings;
    return s.canWrite !== undefined ? s.canWrite : s.writesEnabled;
  }

  function fmt(n) { return Number(n).toLocaleString(); }

  function duration(ms) {
    if (ms < 1000) { return ms + ' ms'; }
    var s = ms / 1000;
    if (s < 60) { return s.toFixed(s < 10 ? 1 : 0) + ' s'; }
    var m = s / 60;
    if (m < 60) { return m.toFixed(0) + ' min'; }
    var h = m / 60;
    return h < 48 ? h.toFixed(1) + ' h' : (h / 24).toFixed(1) + ' d';
  }

  function ago(iso) {
    if (!iso) { return '–'; }
    var t = Date.parse(iso);
    if (isNaN(t)) { return iso; }
    var ms = Math.max(0, Date.now() - t);
    return ms < 1000 ? 'just now' : duration(ms) + ' ago';
  }

  function api(path, options) {
    options = options || {};
    var headers = { 'Accept': 'application/json' };
    if (options.method === 'POST' && state.settings.csrfHeader) {
      headers[state.settings.csrfHeader] = state.settings.csrfToken;
    }
    return fetch('api/' + path, { method: options.method || 'GET', headers: headers, credentials: 'same-origin' })
      .then(function (response) {
        return response.text().then(function (body) {
          var json = null;
          try { json = body ? JSON.parse(body) : null; } catch (e) { json = null; }
          if (!response.ok) {
            var message = (json && json.message) || ('HTTP ' + response.status);
            throw new Error(message);
          }
          return json;
        });
      });
  }

  function toast(message, bad) {
    var node = $('toast');
    node.textContent = message;
    node.className = bad ? 'toast bad' : 'toast';
    node.hidden = false;
    clearTimeout(toast.timer);
    toast.timer = setTimeout(function () { node.hidden = true; }, 4000);
  }

  // ---- queues ---------------------------------------------------------------------

  function rate(queue) {
    var points = state.history[queue] || [];
    var rates = [];
    for (var i = 1; i < points.length; i++) {
      var dt = (points[i].t - points[i - 1].t) / 1000;
      rates.push(dt > 0 ? Math.max(0, points[i].processed - points[i - 1].processed) / dt : 0);
    }
    return rates;
  }

  function remember(queues) {
    var now = Date.now();
    queues.forEach(function (q) {
      var points = state.history[q.name] || (state.history[q.name] = []);
      points.push({ t: now, processed: q.processed });
      if (points.length > HISTORY + 1) { points.shift(); }
    });
  }

  // a sharded queue: how many shards, each one's sizes on hover
  function shardBadge(q) {
    if (!q.shards || q.shards.length < 2) {
      return null;
    }
    var lines = q.shards.map(function (s) {
      return s.name + ': ' + ['pending', 'scheduled', 'active', 'retry', 'dead'].map(function (k) {
        return fmt(s.sizes[k] || 0) + ' ' + k;
      }).join(', ');
    });
    return el('span', { class: 'badge shards', title: lines.join('\n') }, q.shards.length + ' shards');
  }

  // a queue with a max-backlog: how full it is (pending + scheduled + retry of the limit)
  function backlogBadge(q) {
    if (!q.sizes.maxBacklog) {
      return null;
    }
    var percent = Math.floor(100 * (q.sizes.backlog || 0) / q.sizes.maxBacklog);
    return el('span', { class: 'badge' + (percent >= 80 ? ' warn' : ''),
      title: 'backlog ' + fmt(q.sizes.backlog || 0) + ' of max-backlog ' + fmt(q.sizes.maxBacklog)
        + ' (pending + scheduled + retry); past it submits are refused' }, percent + ' % full');
  }

  function sparkline(rates) {
    var width = 110, height = 26, pad = 2;
    var box = svg('svg', { viewBox: '0 0 ' + width + ' ' + height, 'aria-hidden': 'true' });
    var max = Math.max.apply(null, rates.concat([0.0001]));
    var step = (width - 2 * pad) / Math.max(1, HISTORY - 1);
    var start = width - pad - step * (rates.length - 1);
    // A dashed baseline, so an idle queue still shows an (empty) chart.
    box.appendChild(svg('line', { x1: pad, y1: height - pad, x2: width - pad, y2: height - pad }));
    var points = rates.map(function (r, i) {
      return (start + i * step).toFixed(1) + ',' + (height - pad - (r / max) * (height - 2 * pad)).toFixed(1);
    });
    if (points.length > 1) {
      box.appendChild(svg('polygon', { points: start.toFixed(1) + ',' + (height - pad) + ' ' + points.join(' ')
        + ' ' + (width - pad) + ',' + (height - pad) }));
      box.appendChild(svg('polyline', { points: points.join(' ') }));
    }
    return box;
  }

  function count(value, cls) {
    return el('td', { class: 'num' + (value === 0 ? ' zero' : (cls ? ' ' + cls : '')) }, fmt(value));
  }

  // A queue in a pool shows the pool's name and its weight (or "strict"); a rate limit
  // shows as a badge. Taken from the first server that reports them.
  function flowControl(servers) {
    var flow = { pool: null, limit: null };
    servers.forEach(function (s) {
      if (s.pool && !flow.pool) {
        flow.pool = s.pool + (s.strict ? ' (strict)' : ' (weight ' + s.weight + ')');
      }
      if (s.rateLimit && !flow.limit) {
        flow.limit = s.rateLimit;
      }
    });
    return flow;
  }

  function renderQueues(overview) {
    var totals = { pending: 0, active: 0, scheduled: 0, retry: 0, dead: 0 };
    var totalRate = 0;
    var rows = overview.queues.map(function (q) {
      Object.keys(totals).forEach(function (k) { totals[k] += q.sizes[k] || 0; });
      var rates = rate(q.name);
      var current = rates.length ? rates[rates.length - 1] : 0;
      totalRate += current;
      var busy = 0, threads = 0;
      q.servedBy.forEach(function (s) { busy += s.busy; threads += s.concurrency; });
      var flow = flowControl(q.servedBy);
      var name = el('td', null, el('span', { class: 'qname' }, q.name),
        q.paused ? el('span', { class: 'badge' }, 'paused') : null,
        flow.limit ? el('span', { class: 'badge', title: 'rate limit, across every instance' }, '≤ ' + flow.limit) : null,
        shardBadge(q), backlogBadge(q));
      var workers = el('td', { class: 'workers' });
      if (threads > 0) {
        var bar = el('span', { class: 'bar' }, el('span'));
        bar.firstChild.style.width = Math.round(100 * busy / threads) + '%';
        workers.appendChild(bar);
        workers.appendChild(document.createTextNode(busy + '/' + threads + ' on ' + q.servedBy.length
          + (flow.pool ? ' · pool ' + flow.pool : '')));
      } else {
        workers.appendChild(document.createTextNode('none'));
      }
      var actions = el('td', { class: 'actions' });
      if (canWrite()) {
        actions.appendChild(pauseButton('queues/' + encodeURIComponent(q.name), q.paused));
      }
      var flags = (q.sizes.dead > 0 ? 'has-dead ' : '') + (q.sizes.retry > 0 ? 'has-retry' : '');
      return el('tr', { 'data-queue': q.name, class: flags.trim() }, name,
        count(q.sizes.pending, 'n-pending'), count(q.sizes.scheduled, 'n-scheduled'), count(q.sizes.active, 'n-active'),
        count(q.sizes.retry, 'n-retry'), count(q.sizes.dead, 'n-dead'),
        el('td', { class: 'num' + (q.latencyMillis === 0 ? ' zero' : '') },
          q.latencyMillis === 0 ? '–' : duration(q.latencyMillis)),
        el('td', null, el('span', { class: 'spark' }, sparkline(rates),
          el('span', { class: 'r' }, current.toFixed(1) + '/s'))),
        workers, actions);
    });
    replaceChildren(document.querySelector('#queues tbody'), rows);
    $('queues-empty').hidden = rows.length > 0;
    $('queues-hint').textContent = 'throughput counted by the instance serving this page';
    Object.keys(totals).forEach(function (k) {
      var node = $('t-' + k);
      node.textContent = fmt(totals[k]);
      node.classList.toggle('nonzero', totals[k] > 0);
    });
    $('t-rate').textContent = totalRate.toFixed(1) + '/s';
  }

  // ---- instances ------------------------------------------------------------------

  function renderInstances(overview) {
    var cards = overview.instances.map(function (i) {
      var bar = el('span', { class: 'bar' }, el('span'));
      bar.firstChild.style.width = (i.threads ? Math.round(100 * i.busy / i.threads) : 0) + '%';
      var silent = i.lastHeartbeat ? Date.now() - Date.parse(i.lastHeartbeat) : 0;
      return el('div', { class: 'inst' + (silent > 30000 ? ' late' : '') },
        el('div', { class: 'host' }, i.host || i.id),
        el('div', { class: 'meta' }, i.id),
        el('div', { class: 'workers' }, bar, i.busy + '/' + i.threads + ' threads busy'),
        el('div', { class: 'meta' }, 'pid ' + i.pid + ' · up ' + ago(i.startedAt).replace(' ago', '')
          + (i.lastHeartbeat ? ' · beat ' + ago(i.lastHeartbeat) : '')),
        el('div', { class: 'qs' }, i.queues.map(function (q) { return el('span', { class: 'chip' }, q); })
          .reduce(function (f, c) { f.appendChild(c); return f; }, document.createDocumentFragment())));
    });
    replaceChildren($('instances'), cards);
    $('instances-empty').hidden = cards.length > 0;
    $('instances-hint').textContent = cards.length + (cards.length === 1 ? ' live instance' : ' live instances');
  }

  // ---- schedules ------------------------------------------------------------------

  // Pause or Resume for a queue or a schedule, whichever it is now
  function pauseButton(path, paused) {
    return el('button', {
      type: 'button', class: paused ? 'primary' : 'ghost',
      onclick: function () { write(path + (paused ? '/resume' : '/pause')); }
    }, paused ? 'Resume' : 'Pause');
  }

  // ---- outbox (crash-safe submits) ------------------------------------------------
  // Rows waiting in the application's outbox table, and the age of the oldest; shown only
  // when the answering application has the outbox on.

  function renderOutbox(overview) {
    var outbox = overview.outbox;
    $('t-outbox-tile').hidden = !outbox;
    if (outbox) {
      $('t-outbox').textContent = outbox.rows < 0 ? '?' : outbox.rows + (outbox.rows > 0 ? ' · ' + outbox.oldestSeconds + ' s' : '');
      $('t-outbox-tile').title = 'Tasks of committed transactions waiting in table ' + outbox.table + ' for Redis';
    }
  }

  // ---- stored tasks this instance cannot read (start-up sample check) -------------
  // One line per task name: the count, and an example id with why it cannot be read.

  function renderUnreadable(overview) {
    var unreadable = overview.unreadable || [];
    $('t-unreadable-tile').hidden = unreadable.length === 0;
    var count = 0;
    var lines = unreadable.map(function (u) {
      count += u.count;
      return u.taskName + ': ' + u.count + ' of ' + u.sampled + ' sampled, e.g. ' + u.exampleId + ' in ' + u.exampleQueue + ': ' + u.exampleError;
    });
    $('t-unreadable').textContent = String(count);
    $('t-unreadable-tile').title = lines.join('\n');
  }

  function renderSchedules(overview) {
    var schedules = overview.schedules || [];
    var rows = schedules.map(function (s) {
      var actions = el('td', { class: 'actions' });
      if (canWrite()) {
        actions.appendChild(pauseButton('schedules/' + encodeURIComponent(s.name), s.paused));
      }
      return el('tr', {},
        el('td', { title: s.problem || '' }, s.name, s.runtime ? el('span', { class: 'badge' }, 'run-time · ' + s.task) : null,
          s.paused ? el('span', { class: 'badge' }, 'paused') : null,
          s.problem ? el('span', { class: 'badge dead' }, 'not fired: ' + s.problem) : null),
        el('td', {}, s.queue),
        el('td', {}, s.expression + (s.expression.indexOf('cron') === 0 ? ' (' + s.zone + ')' : '')
          + ' · misfire ' + s.misfire + (s.overlap ? '' : ' · no overlap')),
        el('td', {}, s.lastTick ? ago(s.lastTick) : '–'),
        el('td', {}, s.nextTick || '–'),
        el('td', {}, s.lastRunTaskId ? (s.lastRunState || 'finished') + ' · ' + s.lastRunTaskId : '–'),
        actions);
    });
    replaceChildren($('schedules').querySelector('tbody'), rows);
    $('schedules-empty').hidden = rows.length > 0;
    $('schedules-hint').textContent = rows.length + (rows.length === 1 ? ' schedule' : ' schedules');
  }

  // ---- tasks ----------------------------------------------------------------------

  function syncQueueSelect(overview) {
    var select = $('task-queue');
    var names = overview.queues.map(function (q) { return q.name; });
    if (!state.taskQueue || names.indexOf(state.taskQueue) < 0) {
      var withDead = overview.queues.filter(function (q) { return q.sizes.dead > 0; })[0];
      state.taskQueue = withDead ? withDead.name : (names[0] || null);
    }
    var current = Array.prototype.map.call(select.options, function (o) { return o.value; });
    if (current.join('\n') !== names.join('\n')) {
      replaceChildren(select, names.map(function (n) { return el('option', { value: n }, n); }));
    }
    if (state.taskQueue) { select.value = state.taskQueue; }
  }

  // Rows are rebuilt only when the tasks changed: a refresh must not swap a row (and its
  // button) from under the operator's pointer or fold an expanded error.
  function renderTasks(page) {
    var key = JSON.stringify([canWrite(), page.tasks]);
    if (key === state.tasksKey) {
      Array.prototype.forEach.call(document.querySelectorAll('#tasks td.when'), function (cell) {
        cell.textContent = ago(cell.getAttribute('title'));
      });
      return;
    }
    state.tasksKey = key;
    var rows = page.tasks.map(function (t) {
      var error = t.lastError ? el('div', { class: 'err', title: 'Click to expand' }, t.lastError)
        : el('div', { class: 'err none' }, 'no error recorded');
      error.addEventListener('click', function () { error.classList.toggle('open'); });
      var args = t.argumentsHidden ? el('div', { class: 'args hidden' }, 'arguments hidden')
        : (t.arguments ? el('div', { class: 'args' }, el('span', { class: 'k' }, 'args'),
          typeof t.arguments === 'string' ? t.arguments : JSON.stringify(t.arguments))
          : null);
      var actions = el('td', { class: 'actions' });
      if (canWrite()) {
        if (t.state === 'dead') {
          actions.appendChild(el('button', { type: 'button', class: 'primary retry',
            onclick: function (e) { e.target.disabled = true; write(taskPath(t) + '/retry'); } }, 'Retry'));
        }
        actions.appendChild(el('button', { type: 'button', class: 'danger delete',
          onclick: function (e) {
            if (window.confirm('Delete task ' + t.id + ' (' + t.name + ')?')) {
              e.target.disabled = true;
              write(taskPath(t) + '/delete');
            }
          } }, 'Delete'));
      }
      return el('tr', { 'data-task-id': t.id },
        el('td', null, el('div', { class: 'tname' }, t.name), el('div', { class: 'tid' }, t.id), args,
          (t.waitsFor && t.waitsFor.length) ? el('div', { class: 'args waits' }, el('span', { class: 'k' }, 'waits for'),
            t.waitsFor.join(', ')) : null,
          t.result ? el('div', { class: 'args result' }, el('span', { class: 'k' }, 'result'), t.result) : null),
        el('td', { class: 'num' }, el('span', { class: 'attempts' + (t.state === 'retry' ? ' retry' : ''),
          title: 'attempts made / allowed' }, t.attempts + ' / ' + (t.maxRetries + 1))),
        el('td', null, error),
        el('td', { class: 'when', title: t.updatedAt }, ago(t.updatedAt)),
        actions);
    });
    replaceChildren(document.querySelector('#tasks tbody'), rows);
    $('tasks-empty').hidden = rows.length > 0;
  }

  function taskPath(t) {
    return 'queues/' + encodeURIComponent(t.queue) + '/tasks/' + encodeURIComponent(t.id);
  }

  function loadTasks() {
    if (!state.taskQueue) {
      renderTasks({ tasks: [] });
      return Promise.resolve();
    }
    return api('queues/' + encodeURIComponent(state.taskQueue) + '/tasks?state=' + state.taskState + '&count=50')
      .then(renderTasks);
  }

  // ---- writes and refresh ---------------------------------------------------------

  function write(path) {
    api(path, { method: 'POST' })
      .then(function (done) { toast(done.message); })
      .catch(function (e) { toast(e.message, true); })
      .then(refresh);
  }

  // The page shown refreshes itself: the overview here, the other pages in views.js.
  function refreshView() {
    return api('overview').then(function (overview) {
      state.overview = overview;
      remember(overview.queues);
      if (state.view && state.view !== 'overview' && pages[state.view]) {
        return pages[state.view](overview);
      }
      renderQueues(overview);
      renderInstances(overview);
      renderSchedules(overview);
      renderOutbox(overview);
      renderUnreadable(overview);
      syncQueueSelect(overview);
      return loadTasks();
    });
  }

  var pages = {};

  function refresh() {
    return refreshView().then(function () {
      state.lastOk = Date.now();
      $('banner').hidden = true;
      $('live-dot').className = 'dot ok';
      $('live-text').textContent = 'live · every ' + (state.settings.refreshMillis / 1000) + ' s';
    }).catch(function (e) {
      $('banner').textContent = 'Could not refresh: ' + e.message;
      $('banner').hidden = false;
      $('live-dot').className = 'dot bad';
      $('live-text').textContent = state.lastOk ? 'stale since ' + ago(new Date(state.lastOk).toISOString()) : 'offline';
    });
  }

  function schedule() {
    clearTimeout(state.timer);
    if (!state.paused && !document.hidden) {
      state.timer = setTimeout(function () { refresh().then(schedule); }, state.settings.refreshMillis);
    }
  }

  function start() {
    $('toggle-refresh').addEventListener('click', function (e) {
      state.paused = !state.paused;
      e.target.textContent = state.paused ? 'Resume updates' : 'Pause updates';
      e.target.setAttribute('aria-pressed', state.paused ? 'true' : 'false');
      $('live-text').textContent = state.paused ? 'paused' : 'live';
      if (!state.paused) { refresh().then(schedule); } else { clearTimeout(state.timer); }
    });
    // a hidden tab does not poll; it catches up at once when shown again
    document.addEventListener('visibilitychange', function () {
      if (document.hidden) { clearTimeout(state.timer); } else if (!state.paused) { refresh().then(schedule); }
    });
    $('task-queue').addEventListener('change', function (e) { state.taskQueue = e.target.value; loadTasks(); });
    Array.prototype.forEach.call(document.querySelectorAll('.seg button'), function (button) {
      button.addEventListener('click', function () {
        state.taskState = button.getAttribute('data-state');
        Array.prototype.forEach.call(document.querySelectorAll('.seg button'), function (b) {
          b.classList.toggle('on', b === button);
        });
        loadTasks();
      });
    });
    api('settings').then(function (settings) {
      state.settings = settings;
      $('writes-note').textContent = !settings.writesEnabled
        ? 'Read-only. Set async-task.console.writes-enabled=true (behind authentication) to retry, delete, pause and resume.'
        : canWrite() ? 'Writes are on: retry, delete, pause and resume act on Redis at once.'
          : 'Read-only for you: writes need a signed-in user with role ' + settings.writeRole + '.';
    }).catch(function () { /* keep the read-only defaults */ })
      .then(refresh).then(schedule);
  }

  // What views.js builds its pages with.
  window.asyncTaskConsole = {
    el: el, svg: svg, api: api, toast: toast, ago: ago, fmt: fmt, duration: duration, canWrite: canWrite,
    replaceChildren: replaceChildren, state: state, pages: pages, refresh: refresh,
    write: function (path) {
      return api(path, { method: 'POST' })
        .then(function (done) { toast(done.message); return done; })
        .catch(function (e) { toast(e.message, true); })
        .then(function (done) { return refresh().then(function () { return done; }); });
    }
  };

  document.addEventListener('DOMContentLoaded', start);
}());
