// async-task console: the pages beyond the overview (tasks of any state, one task, search,
// instances), routed by the URL's hash so each page has an address. Values from the server
// are inserted as text only (see console.js).
(function () {
  'use strict';
  var C = window.asyncTaskConsole;
  var el = C.el, api = C.api;
  var STATES = ['pending', 'scheduled', 'retry', 'active', 'dead', 'completed', 'waiting'];
  var PAGE = 50;
  var ARGS_SHOWN = 2000;
  var route = { name: 'overview' };

  function $(id) { return document.getElementById(id); }

  // A page is rebuilt only when what it shows changed: a refresh must not swap an element
  // from under the operator's pointer, focus or selection.
  var shown = {};
  function changed(part, value) {
    var key = JSON.stringify([C.canWrite(), value]);
    if (shown[part] === key) { return false; }
    shown[part] = key;
    return true;
  }

  function when(iso) {
    return iso ? el('time', { datetime: iso, title: iso }, C.ago(iso).replace(' ago', '') + (Date.parse(iso) > Date.now() ? ' from now' : ' ago'))
      : el('span', null, '–');
  }

  function relative(iso) {
    if (!iso) { return el('span', null, '–'); }
    var t = Date.parse(iso), ms = t - Date.now();
    var text = ms > 1000 ? 'in ' + C.duration(ms) : C.ago(iso);
    return el('time', { datetime: iso, title: iso }, text);
  }

  function taskHref(queue, id) {
    return '#/task/' + encodeURIComponent(queue) + '/' + encodeURIComponent(id);
  }

  function taskPath(queue, id) {
    return 'queues/' + encodeURIComponent(queue) + '/tasks/' + encodeURIComponent(id);
  }

  function parseRoute() {
    var hash = location.hash.replace(/^#\/?/, '');
    var cut = hash.indexOf('?');
    var params = new URLSearchParams(cut >= 0 ? hash.substring(cut + 1) : '');
    var parts;
    try {
      parts = (cut >= 0 ? hash.substring(0, cut) : hash).split('/').map(decodeURIComponent);
    } catch (e) {
      return { name: 'overview' };
    }
    if (parts[0] === 'queue') {
      return { name: 'browse', queue: parts[1] || null, state: STATES.indexOf(parts[2]) >= 0 ? parts[2] : 'pending',
        order: params.get('order') === 'oldest' ? 'oldest' : 'newest',
        offset: Math.max(0, parseInt(params.get('offset') || '0', 10) || 0) };
    }
    if (parts[0] === 'task' && parts.length >= 3) {
      return { name: 'task', queue: parts[1], id: parts.slice(2).join('/'), all: params.get('all') === '1',
        bizId: params.get('bizId') };
    }
    if (parts[0] === 'search') { return { name: 'search', q: params.get('q') || '' }; }
    if (parts[0] === 'instances') { return { name: 'instances' }; }
    // pages of other scripts (batches.js) route themselves
    if (C.routes && C.routes[parts[0]]) { return C.routes[parts[0]](parts, params); }
    return { name: 'overview' };
  }

  function browseHref(r) {
    return '#/queue/' + encodeURIComponent(r.queue) + '/' + r.state + '?order=' + r.order + '&offset=' + r.offset;
  }

  function show(name) {
    Array.prototype.forEach.call(document.querySelectorAll('main > .view'), function (view) {
      view.hidden = view.id !== 'view-' + name;
    });
    Array.prototype.forEach.call(document.querySelectorAll('[data-nav]'), function (link) {
      if (link.getAttribute('data-nav') === name) { link.setAttribute('aria-current', 'page'); }
      else { link.removeAttribute('aria-current'); }
    });
  }

  // ---- tasks of one state ---------------------------------------------------------

  function browse(overview) {
    var names = overview.queues.map(function (q) { return q.name; });
    if (!route.queue || names.indexOf(route.queue) < 0) {
      if (!names.length) { C.replaceChildren(document.querySelector('#browse-table tbody'), []); return null; }
      route.queue = names[0];
    }
    var select = $('browse-queue');
    var current = Array.prototype.map.call(select.options, function (o) { return o.value; });
    if (current.join('\n') !== names.join('\n')) {
      C.replaceChildren(select, names.map(function (n) { return el('option', { value: n }, n); }));
    }
    select.value = route.queue;
    $('browse-order').value = route.order;
    var queue = overview.queues.filter(function (q) { return q.name === route.queue; })[0];
    C.replaceChildren($('browse-states'), STATES.map(function (s) {
      var link = el('a', { href: browseHref({ queue: route.queue, state: s, order: route.order, offset: 0 }) },
        s + ' ' + C.fmt((queue && queue.sizes[s]) || 0));
      if (s === route.state) { link.setAttribute('aria-current', 'page'); }
      return link;
    }));
    $('browse-title').textContent = 'Tasks of ' + route.queue;
    renderBulk();
    return Promise.all([
      api('queues/' + encodeURIComponent(route.queue) + '/browse?state=' + route.state + '&order=' + route.order
        + '&offset=' + route.offset + '&count=' + PAGE).then(renderPage),
      api('queues/' + encodeURIComponent(route.queue) + '/history').then(renderHistory)
    ]);
  }

  function renderPage(page) {
    if (!changed('page', page)) { return; }
    var rows = page.tasks.map(function (t) {
      var name = t.unreadable
        ? el('span', { class: 'unreadable' }, 'unreadable (' + C.fmt(t.rawSize) + ' bytes)')
        : el('span', { class: 'tname' }, t.name);
      return el('tr', { 'data-row-id': t.id },
        el('td', null, el('a', { href: taskHref(page.queue, t.id) }, name), el('div', { class: 'tid' }, t.id),
          t.argumentsPreview ? el('div', { class: 'args' }, t.argumentsPreview) : null),
        el('td', null, t.state),
        el('td', { class: 'num' }, t.unreadable ? '–' : t.attempts + ' / ' + (t.maxRetries + 1)),
        el('td', null, t.lastError ? el('div', { class: 'err' }, t.lastError) : '–'),
        el('td', null, relative(t.at || t.updatedAt)));
    });
    C.replaceChildren(document.querySelector('#browse-table tbody'), rows);
    $('browse-empty').hidden = rows.length > 0;
    var last = Math.min(page.total, page.offset + page.tasks.length);
    $('page-range').textContent = page.total === 0 ? '0 tasks'
      : C.fmt(page.offset + 1) + '–' + C.fmt(last) + ' of ' + C.fmt(page.total);
    $('page-prev').disabled = page.offset === 0;
    $('page-next').disabled = page.offset + page.count >= page.total;
  }

  function renderBulk() {
    var box = $('bulk');
    var actions = {
      dead: [['retry', 'Retry all dead'], ['delete', 'Delete all dead']],
      scheduled: [['run', 'Run all scheduled now'], ['delete', 'Delete all scheduled']],
      retry: [['run', 'Run all retries now'], ['delete', 'Delete all retries']],
      completed: [['delete', 'Delete all completed']],
      pending: [['delete', 'Delete all pending']]
    }[route.state] || [];
    if (!C.canWrite() || !actions.length) { C.replaceChildren(box, []); return; }
    if (box.getAttribute('data-for') === route.queue + '/' + route.state) { return; }
    box.setAttribute('data-for', route.queue + '/' + route.state);
    var nameInput = el('input', { id: 'bulk-name', type: 'text', placeholder: 'all task names' });
    var children = [];
    if (route.state !== 'pending') {
      children.push(el('label', { for: 'bulk-name' }, 'Only task name '), nameInput);
    }
    actions.forEach(function (a) {
      children.push(el('button', { type: 'button', class: a[0] === 'delete' ? 'danger' : 'primary',
        'data-bulk': a[0], onclick: function (e) {
          var name = nameInput.value.trim();
          var what = a[1] + (name ? ' named ' + name : '') + ' of queue ' + route.queue + '?';
          if (!window.confirm(what)) { return; }
          e.target.disabled = true;
          C.write('queues/' + encodeURIComponent(route.queue) + '/bulk?state=' + route.state + '&action=' + a[0]
            + (name ? '&name=' + encodeURIComponent(name) : ''))
            .then(function () { e.target.disabled = false; });
        } }, a[1]));
    });
    C.replaceChildren(box, children);
  }

  // Bars drawn as SVG by the page: processed (all attempts that ended) with the failed
  // ones over them in red; each bar's title tells its numbers.
  function chart(points, label, format) {
    var width = 600, height = 100, top = 12;
    var max = Math.max.apply(null, points.map(function (p) { return p.processed; }).concat([1]));
    var box = C.svg('svg', { viewBox: '0 0 ' + width + ' ' + height, role: 'img', 'aria-label': label,
      preserveAspectRatio: 'none' });
    var step = width / points.length;
    box.appendChild(C.svg('line', { class: 'axis', x1: 0, y1: height - 0.5, x2: width, y2: height - 0.5 }));
    points.forEach(function (p, i) {
      var h = (height - top) * p.processed / max, f = (height - top) * p.failed / max;
      var group = C.svg('g', {});
      var title = C.svg('title', {});
      title.textContent = format(p.start) + ': ' + p.processed + ' processed, ' + p.failed + ' failed';
      group.appendChild(title);
      group.appendChild(C.svg('rect', { class: 'ok-bar', x: i * step + 0.5, y: height - h, width: Math.max(1, step - 1), height: h }));
      if (f > 0) {
        group.appendChild(C.svg('rect', { class: 'bad-bar', x: i * step + 0.5, y: height - f, width: Math.max(1, step - 1), height: f }));
      }
      box.appendChild(group);
    });
    var top_ = C.svg('text', { x: 2, y: 10 });
    top_.textContent = 'max ' + max;
    box.appendChild(top_);
    return box;
  }

  function sum(points, field) {
    return points.reduce(function (n, p) { return n + p[field]; }, 0);
  }

  function renderHistory(history) {
    if (!changed('history', history)) { return; }
    var hour = history.perMinute, days = history.perDay;
    C.replaceChildren($('history'), [
      el('h3', null, 'Last hour, per minute'),
      el('p', { class: 'hint', id: 'history-hour' }, C.fmt(sum(hour, 'processed')) + ' processed, '
        + C.fmt(sum(hour, 'failed')) + ' failed'),
      chart(hour, 'Processed and failed per minute, last hour', function (s) { return new Date(s).toLocaleTimeString(); }),
      el('h3', null, 'Last 90 days, per day'),
      el('p', { class: 'hint' }, C.fmt(sum(days, 'processed')) + ' processed, ' + C.fmt(sum(days, 'failed')) + ' failed'),
      chart(days, 'Processed and failed per day, last 90 days', function (s) { return s.substring(0, 10); })
    ]);
  }

  // ---- one task -------------------------------------------------------------------

  function fact(list, name, value) {
    list.appendChild(el('dt', null, name));
    list.appendChild(el('dd', null, value === null || value === undefined ? '–' : value));
  }

  function taskPage() {
    return api(taskPath(route.queue, route.id) + '/detail').then(function (t) {
      if (!changed('task', [t, route.all])) { return; }
      $('task-title').textContent = (t.unreadable ? 'Unreadable task' : t.name) + ' · ' + t.state;
      renderTaskActions(t);
      var facts = el('dl', { class: 'facts', id: 'task-facts' });
      fact(facts, 'Id', t.id);
      fact(facts, 'Queue', el('a', { href: '#/queue/' + encodeURIComponent(t.queue) + '/' + (STATES.indexOf(t.state) >= 0 ? t.state : 'pending') }, t.queue));
      fact(facts, 'State', t.state);
      fact(facts, 'Attempts', t.attempts + ' of ' + (t.maxRetries + 1));
      // stored with the task since it has one; a task submitted before that shows the bizId
      // its search found it by
      var bizId = t.bizId || route.bizId;
      if (bizId) {
        fact(facts, 'BizId', el('a', { href: '#/search?q=' + encodeURIComponent(bizId), id: 'task-bizid',
          title: 'Search every task holding this bizId' }, bizId));
      }
      fact(facts, 'Created', relative(t.createdAt));
      fact(facts, 'State changed', relative(t.updatedAt));
      if (t.scheduledAt) { fact(facts, 'Scheduled for', relative(t.scheduledAt)); }
      if (t.retryAt) { fact(facts, 'Next attempt', relative(t.retryAt)); }
      if (t.leaseUntil) { fact(facts, 'Lease until', relative(t.leaseUntil)); }
      if (t.diedAt) { fact(facts, 'Died', relative(t.diedAt)); }
      if (t.expiresAt) { fact(facts, 'Kept until', relative(t.expiresAt)); }
      if (t.runningOn.length) { fact(facts, 'Running on', t.runningOn.join(', ')); }
      if (t.progress) { fact(facts, 'Progress', C.progressBar ? C.progressBar(t.progress) : el('span', { id: 'task-progress' }, t.progress)); }
      if (t.cancelRequested) { fact(facts, 'Cancelled', el('span', { id: 'task-cancelled', class: 'badge dead' }, t.cancelRequested)); }
      if (t.lastError) { fact(facts, 'Last error', t.lastError); }
      var parts = [facts];
      if (t.unreadable) {
        parts.push(el('p', { class: 'unreadable' }, 'The stored data could not be read (' + C.fmt(t.rawSize)
          + ' bytes). Its first bytes:'), el('pre', { class: 'code' }, t.raw || ''));
      }
      parts.push(el('h3', null, 'Arguments'));
      if (t.argumentsHidden) {
        parts.push(el('p', { class: 'hint' }, 'hidden (async-task.console.show-arguments=false)'));
      } else if (t.arguments) {
        var long = t.arguments.length > ARGS_SHOWN && !route.all;
        parts.push(el('pre', { class: 'code', id: 'task-args' }, long ? t.arguments.substring(0, ARGS_SHOWN) + '…' : t.arguments));
        if (long) {
          parts.push(el('a', { href: taskHref(t.queue, t.id) + '?all=1'
            + (route.bizId ? '&bizId=' + encodeURIComponent(route.bizId) : '') }, 'Show all (' + C.fmt(t.arguments.length) + ' characters)'));
        }
      } else {
        parts.push(el('p', { class: 'hint' }, 'none readable'));
      }
      if (typeof t.headers === 'string') {
        parts.push(el('h3', null, 'Headers'), el('pre', { class: 'code' }, t.headers));
      } else if (t.headers && Object.keys(t.headers).length) {
        parts.push(el('h3', null, 'Headers'), el('pre', { class: 'code' }, JSON.stringify(t.headers, null, 2)));
      }
      parts.push(el('h3', null, 'Attempts (last ' + t.history.length + ' failed)'));
      var attempts = el('ol', { class: 'attempt-list', id: 'task-attempts' });
      t.history.forEach(function (a) {
        attempts.appendChild(el('li', { class: 'attempt' },
          el('div', null, el('span', { class: 'err-class' }, a.error || 'unknown error'), ': ', a.message || ''),
          el('div', { class: 'hint' }, 'started ', relative(a.start), ', ended ', relative(a.end),
            a.start && a.end ? ' (' + C.duration(Date.parse(a.end) - Date.parse(a.start)) + ')' : '',
            ' on ' + (a.instance || 'unknown instance')),
          a.stack ? el('pre', { class: 'code' }, a.stack) : null));
      });
      parts.push(t.history.length ? attempts : el('p', { class: 'hint' }, 'No failed attempt recorded.'));
      C.replaceChildren($('task-body'), parts);
    }).catch(function (e) {
      if (!changed('task', e.message)) { return; }
      $('task-title').textContent = 'Task not found';
      C.replaceChildren($('task-actions'), []);
      C.replaceChildren($('task-body'), [el('p', null, e.message)]);
    });
  }

  function renderTaskActions(t) {
    var buttons = [];
    var path = taskPath(t.queue, t.id);
    function button(label, cls, action, confirmText) {
      return el('button', { type: 'button', class: cls, 'data-action': action, onclick: function (e) {
        if (confirmText && !window.confirm(confirmText)) { return; }
        e.target.disabled = true;
        C.write(path + '/' + action);
      } }, label);
    }
    if (C.canWrite()) {
      if (t.state === 'dead') { buttons.push(button('Retry now', 'primary', 'retry')); }
      if (t.state === 'scheduled' || t.state === 'retry') { buttons.push(button('Run now', 'primary', 'run')); }
      if (t.state === 'active') { buttons.push(button('Kill', 'danger', 'kill', 'Kill running task ' + t.id + '?')); }
      if (t.state !== 'active') { buttons.push(button('Delete', 'danger', 'delete', 'Delete task ' + t.id + '?')); }
    }
    C.replaceChildren($('task-actions'), buttons);
  }

  // ---- search and instances -------------------------------------------------------

  function search() {
    $('search-q').value = route.q;
    if (!route.q) { C.replaceChildren(document.querySelector('#search-table tbody'), []); return null; }
    return api('search?q=' + encodeURIComponent(route.q)).then(function (result) {
      if (!changed('search', result)) { return; }
      $('search-title').textContent = 'Search: ' + result.query;
      $('search-note').textContent = result.note;
      var rows = result.matches.map(function (m) {
        return el('tr', { 'data-match': m.id },
          el('td', null, el('a', { href: taskHref(m.queue, m.id)
            + (m.via === 'bizId' ? '?bizId=' + encodeURIComponent(route.q) : '') }, m.name || m.id),
            el('div', { class: 'tid' }, m.id)),
          el('td', null, m.queue), el('td', null, m.state),
          el('td', null, m.via === 'bizId' ? 'bizId (remembered ' + C.duration(m.bizIdKeptFor || 0) + ' more)' : 'task id'));
      });
      C.replaceChildren(document.querySelector('#search-table tbody'), rows);
      $('search-empty').hidden = rows.length > 0;
    });
  }

  function instances() {
    return api('instances').then(function (view) {
      if (!changed('instances', view)) { return; }
      var rows = view.instances.map(function (i) {
        var running = el('td', null);
        Object.keys(i.running || {}).forEach(function (queue) {
          i.running[queue].forEach(function (id) {
            running.appendChild(el('a', { href: taskHref(queue, id), class: 'chip' }, id));
            running.appendChild(document.createTextNode(' '));
          });
        });
        return el('tr', { class: i.gone ? 'gone' : '', 'data-instance': i.id },
          el('td', null, el('div', null, i.host || i.id), el('div', { class: 'tid' }, i.id + (i.gone ? ' · gone, last seen ' : '')),
            i.gone ? relative(i.lastSeen) : null),
          el('td', null, i.version || '–'),
          el('td', null, i.queues.join(', ')),
          el('td', { class: 'num' }, i.busy + ' / ' + Math.max(0, i.threads - i.busy)),
          running,
          el('td', null, relative(i.startedAt)));
      });
      C.replaceChildren(document.querySelector('#instances-table tbody'), rows);
    });
  }

  // ---- routing --------------------------------------------------------------------

  C.pages.browse = browse;
  C.pages.task = function () { return taskPage(); };
  C.pages.search = function () { return search(); };
  C.pages.instances = function () { return instances(); };
  C.route = function () { return route; };
  C.taskHref = taskHref;
  C.relative = relative;
  C.changed = changed;

  function go() {
    route = parseRoute();
    C.state.view = route.name;
    show(route.name);
    $('bulk').removeAttribute('data-for');
    shown = {};
    C.refresh();
  }

  function start() {
    window.addEventListener('hashchange', go);
    $('search-form').addEventListener('submit', function (e) {
      e.preventDefault();
      var q = $('search-q').value.trim();
      if (q) { location.hash = '#/search?q=' + encodeURIComponent(q); }
    });
    $('browse-queue').addEventListener('change', function (e) {
      location.hash = browseHref({ queue: e.target.value, state: route.state, order: route.order, offset: 0 });
    });
    $('browse-order').addEventListener('change', function (e) {
      location.hash = browseHref({ queue: route.queue, state: route.state, order: e.target.value, offset: 0 });
    });
    $('page-prev').addEventListener('click', function () {
      location.hash = browseHref({ queue: route.queue, state: route.state, order: route.order, offset: Math.max(0, route.offset - PAGE) });
    });
    $('page-next').addEventListener('click', function () {
      location.hash = browseHref({ queue: route.queue, state: route.state, order: route.order, offset: route.offset + PAGE });
    });
    route = parseRoute();
    C.state.view = route.name;
    show(route.name);
  }

  document.addEventListener('DOMContentLoaded', start);
}());
