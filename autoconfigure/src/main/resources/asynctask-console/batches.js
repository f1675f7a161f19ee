// async-task console: the batch pages (#/batches, #/batch/<id>) and the progress bars of
// batches and tasks. Values from the server are inserted as text only (see console.js).
(function () {
  'use strict';
  var C = window.asyncTaskConsole;
  var el = C.el, api = C.api;
  var PARTS = ['completed', 'dead', 'active', 'pending'];

  function $(id) { return document.getElementById(id); }

  function batchHref(id) { return '#/batch/' + encodeURIComponent(id); }

  function batchPath(id) { return 'batches/' + encodeURIComponent(id); }

  function lower(state) { return String(state || '').toLowerCase(); }

  // one bar of four parts: completed, dead, active and pending of the total
  function batchBar(b, id) {
    var bar = el('span', { class: 'pbar', role: 'img', id: id || null,
      'aria-label': PARTS.map(function (p) { return C.fmt(b[p]) + ' ' + p; }).join(', ') + ' of ' + C.fmt(b.total) });
    PARTS.forEach(function (p) {
      var part = el('span', { class: 'p-' + p, 'data-part': p, title: C.fmt(b[p]) + ' ' + p });
      part.style.width = (b.total ? (100 * b[p] / b.total) : 0).toFixed(2) + '%';
      bar.appendChild(part);
    });
    return bar;
  }

  // a task's "40% page 8 of 20 (time)" as a bar with its text
  C.progressBar = function (text) {
    var percent = Math.max(0, Math.min(100, parseInt(text, 10) || 0));
    var bar = el('span', { class: 'pbar small', role: 'img', 'aria-label': percent + ' %' }, el('span', { class: 'p-completed' }));
    bar.firstChild.style.width = percent + '%';
    return el('span', { id: 'task-progress', 'data-percent': String(percent) }, bar, ' ', text);
  };

  function counts(b) {
    return C.fmt(b.completed + b.dead) + ' of ' + C.fmt(b.total) + ' ended (' + b.percentDone + ' %) · '
      + PARTS.map(function (p) { return C.fmt(b[p]) + ' ' + p; }).join(' · ');
  }

  // ---- the list -------------------------------------------------------------------

  function list() {
    return api('batches?count=50').then(function (page) {
      if (!C.changed('batches', page)) { return; }
      $('batches-note').textContent = C.fmt(page.listed) + ' listed (the last 1,000 of 7 days)';
      var rows = page.batches.map(function (b) {
        return el('tr', { 'data-batch-id': b.batchId },
          el('td', null, el('a', { href: batchHref(b.batchId) }, el('span', { class: 'tname' }, b.name || '(unnamed)')),
            el('div', { class: 'tid' }, b.batchId)),
          el('td', null, el('span', { class: 'bstate s-' + lower(b.state) }, lower(b.state))),
          el('td', { class: 'progress' }, batchBar(b), el('div', { class: 'hint' }, counts(b))),
          el('td', null, C.relative(b.createdAt)),
          el('td', null, C.relative(b.endedAt)));
      });
      C.replaceChildren(document.querySelector('#batches-table tbody'), rows);
      $('batches-empty').hidden = rows.length > 0;
    });
  }

  // ---- one batch ------------------------------------------------------------------

  function fact(list, name, value) {
    list.appendChild(el('dt', null, name));
    list.appendChild(el('dd', null, value === null || value === undefined ? '–' : value));
  }

  function page() {
    var id = C.route().id;
    return api(batchPath(id)).then(function (b) {
      if (!C.changed('batch', b)) { return; }
      $('batch-title').textContent = (b.name || 'Batch') + ' · ' + lower(b.state);
      renderActions(b);
      var facts = el('dl', { class: 'facts', id: 'batch-facts' });
      fact(facts, 'Id', b.batchId);
      fact(facts, 'State', el('span', { id: 'batch-state', class: 'bstate s-' + lower(b.state) }, lower(b.state)));
      fact(facts, 'Progress', el('span', null, batchBar(b, 'batch-progress'),
        el('div', { id: 'batch-counts', class: 'hint' }, counts(b))));
      fact(facts, 'Created', C.relative(b.createdAt));
      fact(facts, 'Ended', b.endedAt ? C.relative(b.endedAt) : 'not yet');
      var parts = [facts, el('h3', null, 'Dead children (' + C.fmt(b.deadListed)
        + (b.deadListed > b.deadChildren.length ? ', the newest ' + b.deadChildren.length + ' shown' : '') + ')')];
      if (!b.deadChildren.length) {
        parts.push(el('p', { class: 'hint', id: 'batch-no-dead' }, 'No child went dead.'));
      } else {
        var rows = b.deadChildren.map(function (d) {
          return el('tr', { 'data-dead-id': d.taskId },
            el('td', null, el('a', { href: C.taskHref(d.queue, d.taskId) }, el('span', { class: 'tname' }, d.name || d.taskId)),
              el('div', { class: 'tid' }, d.taskId)),
            el('td', null, d.queue), el('td', null, d.state),
            el('td', null, d.lastError ? el('div', { class: 'err' }, d.lastError) : '–'));
        });
        var table = el('table', { class: 'grid', id: 'batch-dead' },
          el('thead', null, el('tr', null, el('th', null, 'Task'), el('th', null, 'Queue'), el('th', null, 'State now'),
            el('th', null, 'Error'))), el('tbody'));
        C.replaceChildren(table.querySelector('tbody'), rows);
        parts.push(el('div', { class: 'scroll' }, table));
      }
      C.replaceChildren($('batch-body'), parts);
    }).catch(function (e) {
      if (!C.changed('batch', e.message)) { return; }
      $('batch-title').textContent = 'Batch not found';
      C.replaceChildren($('batch-actions'), []);
      C.replaceChildren($('batch-body'), [el('p', null, e.message)]);
    });
  }

  function renderActions(b) {
    var buttons = [];
    function button(label, cls, action, confirmText) {
      return el('button', { type: 'button', class: cls, 'data-action': action, onclick: function (e) {
        if (!window.confirm(confirmText)) { return; }
        e.target.disabled = true;
        C.write(batchPath(b.batchId) + '/' + action).then(function () { e.target.disabled = false; });
      } }, label);
    }
    if (C.canWrite()) {
      if (b.deadListed > 0) {
        buttons.push(button('Retry all dead', 'primary', 'retry-dead',
          'Retry every dead child of batch ' + (b.name || b.batchId) + '?'));
      }
      if (b.state === 'OPEN' || b.state === 'RUNNING') {
        buttons.push(button('Cancel batch', 'danger', 'cancel', 'Cancel batch ' + (b.name || b.batchId)
          + '? Its children not started yet will not run.'));
      }
    }
    C.replaceChildren($('batch-actions'), buttons);
  }

  // ---- routing --------------------------------------------------------------------

  C.routes = C.routes || {};
  C.routes.batches = function () { return { name: 'batches' }; };
  C.routes.batch = function (parts) {
    return parts[1] ? { name: 'batch', id: parts.slice(1).join('/') } : { name: 'batches' };
  };
  C.pages.batches = function () { return list(); };
  C.pages.batch = function () { return page(); };
}());
