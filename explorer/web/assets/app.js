// promote explorer: one page, six views, every view a URL.
//
// The engine is promote itself: either the server's API (promote serve)
// or promote compiled to WebAssembly (promote site); engine.js says which.
// Both run the same Go function (explorer.Call), so the answers are the
// same. Nothing here is fetched from anywhere but this page's own origin.
'use strict';

(function () {
  const VIEWS = ['query', 'table', 'lattice', 'cast', 'infer', 'lint'];
  // The URL parameters each view reads; anything else opens the default
  // view with a note.
  const PARAMS = {
    query: ['q', 'rules'],
    table: ['rules', 'against'],
    lattice: ['rules'],
    cast: ['from', 'to', 'policy', 'v'],
    infer: ['prog', 'rules'],
    lint: ['py'],
  };
  const DEFAULTS = {
    query: { q: 'i32 bf16', rules: '' },
    table: { rules: 'jax', against: 'numpy' },
    lattice: { rules: 'jax' },
    cast: { from: 'f32', to: 'bf16', policy: 'default', v: '0.1\n1.00390625\n65520\n3.4e38\n1e-40\nnan' },
    infer: { prog: 'x: i8\ny: u8\nz = x + y\nz * 1.5\nsum(z) / 2', rules: 'numpy,jax,pytorch,tensorflow:mode=all,array-api' },
    lint: { py: 'import numpy as np\n\nscale = np.float32(0.5)\nratio = scale * 2.0\npixels = np.zeros((4, 4), dtype=np.uint8)\nbrighter = pixels + 300\npixels += np.int16(5)\n' },
  };

  const $ = (id) => document.getElementById(id);
  const stats = (window.promoteStats = {
    engine: window.promoteEngine === 'wasm' ? 'wasm' : 'api',
    engineReadyMs: null, // the engine can answer
    compiledMs: null, // the wasm is compiled (site)
    goMainMs: null, // Go's main started: runtime and package init done (site)
    firstAnswerMs: null,
    calls: [], // {op, engineMs, totalMs}
  });

  // ---- engines ----------------------------------------------------------

  function apiEngine() {
    return {
      ready: Promise.resolve(),
      call: async (req) => {
        const r = await fetch('api', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(req),
        });
        if (!r.ok && r.headers.get('Content-Type') !== 'application/json') {
          return { error: 'promote serve: ' + r.status + ' ' + (await r.text()).trim() };
        }
        return r.json();
      },
    };
  }

  function loadScript(src) {
    return new Promise((resolve, reject) => {
      const s = document.createElement('script');
      s.src = src;
      s.onload = resolve;
      s.onerror = () => reject(new Error('could not load ' + src));
      document.head.appendChild(s);
    });
  }

  function wasmEngine() {
    // The download starts at once, beside wasm_exec.js, and compiles as it
    // streams in.
    const wasm = fetch('promote.wasm');
    const ready = (async () => {
      await loadScript('wasm_exec.js');
      const go = new Go();
      let inst;
      try {
        inst = await WebAssembly.instantiateStreaming(wasm, go.importObject);
      } catch (e) {
        // A server that does not send application/wasm: compile from bytes.
        const buf = await (await fetch('promote.wasm')).arrayBuffer();
        inst = await WebAssembly.instantiate(buf, go.importObject);
      }
      stats.compiledMs = performance.now();
      go.run(inst.instance); // main registers promoteCall, then waits
      if (typeof globalThis.promoteCall !== 'function') {
        throw new Error('promote.wasm did not start');
      }
      stats.goMainMs = globalThis.promoteMainMs;
    })();
    return {
      ready,
      call: async (req) => {
        await ready;
        return JSON.parse(globalThis.promoteCall(JSON.stringify(req)));
      },
    };
  }

  const engine = stats.engine === 'wasm' ? wasmEngine() : apiEngine();
  engine.ready.then(
    () => {
      stats.engineReadyMs = performance.now();
      $('engine').textContent = stats.engine === 'wasm' ? 'engine: promote in WebAssembly' : 'engine: promote serve';
    },
    (e) => {
      $('engine').textContent = 'engine failed: ' + e.message;
      $('engine').className = 'error';
    }
  );

  // call runs one request and records how long the engine and the page
  // took.
  async function call(req) {
    const t0 = performance.now();
    let resp;
    try {
      resp = await engine.call(req);
    } catch (e) {
      resp = { error: 'promote: ' + e.message };
    }
    resp._t0 = t0;
    resp._engineMs = performance.now() - t0;
    return resp;
  }

  function done(resp, op) {
    const total = performance.now() - resp._t0;
    stats.calls.push({ op: op, engineMs: resp._engineMs, totalMs: total, tookMs: resp.took_ms });
    if (stats.calls.length > 200) stats.calls.shift();
    $('timing').textContent = 'answered in ' + total.toFixed(1) + ' ms';
  }

  // ---- state and URLs -----------------------------------------------------

  const state = {};
  for (const v of VIEWS) state[v] = Object.assign({}, DEFAULTS[v]);
  let view = 'query';

  function readURL() {
    const p = new URLSearchParams(location.search);
    const v = p.has('view') ? p.get('view') : 'query';
    const unknown = [];
    if (!VIEWS.includes(v)) unknown.push('view=' + v);
    for (const k of p.keys()) {
      if (k !== 'view' && !(VIEWS.includes(v) && PARAMS[v].includes(k))) unknown.push(k);
    }
    if (unknown.length > 0) {
      note('Unknown parameter' + (unknown.length > 1 ? 's' : '') + ' ' + unknown.join(', ') +
        ': showing the default view. Parameters: view=' + VIEWS.join('|') + '; ' +
        VIEWS.map((x) => x + ': ' + PARAMS[x].join(', ')).join('; ') + '.');
      return 'query';
    }
    for (const k of PARAMS[v]) if (p.has(k)) state[v][k] = p.get(k);
    return v;
  }

  function urlOf(v) {
    const p = new URLSearchParams();
    if (v !== 'query') p.set('view', v);
    for (const k of PARAMS[v]) {
      const val = state[v][k];
      if (val !== undefined && val !== '') p.set(k, val);
    }
    const s = p.toString();
    return s === '' ? location.pathname : '?' + s;
  }

  function writeURL() {
    const u = urlOf(view);
    history.replaceState(null, '', u);
    $('share').href = u;
    for (const a of document.querySelectorAll('#tabs a')) a.href = urlOf(a.dataset.view);
  }

  function note(text) {
    $('note').textContent = text;
    $('note').hidden = false;
  }

  // ---- DOM helpers --------------------------------------------------------

  function el(tag, attrs, ...kids) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === 'class') e.className = v;
      else e.setAttribute(k, v);
    }
    for (const k of kids) e.append(k instanceof Node ? k : document.createTextNode(String(k)));
    return e;
  }

  function spans(links, text) {
    const f = document.createDocumentFragment();
    if (!links || links.length === 0) {
      f.append(text || '');
      return f;
    }
    for (const s of links) {
      if (s.url) f.append(el('a', { href: s.url, rel: 'noopener noreferrer', target: '_blank' }, s.text));
      else f.append(s.text);
    }
    return f;
  }

  function showError(id, msg) {
    $(id).textContent = msg || '';
  }

  // latest drops answers that arrive after a newer request was sent.
  const seq = {};
  function latest(op) {
    const n = (seq[op] = (seq[op] || 0) + 1);
    return () => seq[op] === n;
  }

  // ---- views --------------------------------------------------------------

  async function runQuery() {
    const s = state.query;
    const fresh = latest('query');
    const resp = await call({ op: 'query', q: s.q, rules: s.rules });
    if (!fresh()) return;
    const table = $('q-table');
    for (const b of [...table.tBodies]) b.remove();
    $('q-summary').textContent = '';
    if (resp.error) {
      showError('q-error', resp.error);
      table.hidden = true;
      done(resp, 'query');
      writeURL();
      return;
    }
    showError('q-error', '');
    const q = resp.query;
    table.hidden = q.rows.length === 0;
    // The answers open grouped by result, the most common first and
    // refusals last; each row is one line, its short reason the summary of
    // a details element that holds the rule's full text and its source.
    const groups = new Map();
    for (const r of q.rows) {
      const key = r.error ? '' : r.result;
      if (!groups.has(key)) groups.set(key, []);
      groups.get(key).push(r);
    }
    const order = [...groups.keys()].sort((a, b) =>
      (a === '') - (b === '') || groups.get(b).length - groups.get(a).length);
    const frag = document.createDocumentFragment(); // one insertion, one layout
    for (const key of order) {
      const rows = groups.get(key);
      const body = el('tbody', { class: 'group' });
      if (q.rows.length > 1) {
        const n = rows.length;
        const head = key === '' ? n + (n === 1 ? ' refuses' : ' refuse') :
          key + ' \u2014 ' + n + (n === 1 ? ' rule set' : ' rule sets');
        body.append(el('tr', { class: 'group' + (rows[0].differs ? ' differs' : '') },
          el('th', { colspan: '4', scope: 'rowgroup' }, (rows[0].differs ? '\u2260 ' : '') + head)));
      }
      for (const r of rows) {
        const full = r.error ? r.error : (r.rule ? r.rule + ': ' : '') + (r.reason || '');
        // A refusal's message is the system's own and may run to a
        // paragraph: its first 120 characters open, the rest a click away.
        let brief = r.brief || full;
        if (brief.length > 120) brief = brief.slice(0, 119) + '\u2026';
        const details = el('details', {},
          el('summary', {}, brief),
          el('p', { class: 'full' }, full));
        if (r.source) details.append(el('p', { class: 'source' }, spans(r.links, r.source)));
        const tr = el('tr', { class: (r.differs ? 'differs' : '') + (r.error ? ' refused' : '') },
          el('td', { class: 'mark' }, r.differs ? '\u2260' : ''),
          el('td', { class: 'rules', title: r.family_title || '' }, r.label),
          el('td', { class: 'result' }, r.error ? 'error' : r.result),
          el('td', { class: 'why' }, details));
        tr.dataset.spec = r.spec;
        body.append(tr);
      }
      frag.append(body);
    }
    table.append(frag);
    $('q-summary').textContent = q.summary ? q.summary + (q.dialect !== 'neutral' ? ' (read in ' + q.dialect + "'s spelling)" : '') :
      (q.rows.length ? 'read in ' + q.dialect + "'s spelling" : '');
    if (q.rows.length > 0 && stats.firstAnswerMs === null) stats.firstAnswerMs = performance.now();
    done(resp, 'query');
    writeURL();
  }

  async function runPicture(kind) {
    const s = state[kind];
    const p = kind === 'table' ? 't' : 'l';
    const fresh = latest(kind);
    const req = { op: kind, rules: s.rules };
    if (kind === 'table') req.against = s.against;
    const resp = await call(req);
    if (!fresh()) return;
    if (resp.error) {
      showError(p + '-error', resp.error);
      done(resp, kind);
      writeURL();
      return;
    }
    showError(p + '-error', '');
    const pic = resp.picture;
    // The SVG is promote's own drawing (the same as promote table
    // -format svg and promote lattice write): presentation attributes and
    // escaped text only, no scripts.
    const doc = new DOMParser().parseFromString(pic.svg, 'image/svg+xml');
    const svg = document.importNode(doc.documentElement, true);
    $(p + '-picture').replaceChildren(svg);
    $(p + '-summary').textContent = kind === 'table' && pic.against ? pic.differ + ' cells differ' : (pic.notes || []).join(' ');
    done(resp, kind);
    writeURL();
  }

  async function runCast() {
    const s = state.cast;
    const fresh = latest('cast');
    const resp = await call({ op: 'cast', from: s.from, to: s.to, policy: s.policy, values: s.v });
    if (!fresh()) return;
    const body = $('c-table').tBodies[0];
    body.replaceChildren();
    if (resp.error) {
      showError('c-error', resp.error);
      done(resp, 'cast');
      writeURL();
      return;
    }
    showError('c-error', '');
    for (const r of resp.cast.rows) {
      if (r.error) {
        body.append(el('tr', { class: 'refused' }, el('td', {}, r.line), el('td', { colspan: '5', class: 'why' }, 'error: ' + r.error)));
        continue;
      }
      const read = r.read && r.read !== 'exact' ? ' (' + r.read + ' from the decimal)' : '';
      body.append(el('tr', { class: r.rounding === 'exact' ? '' : 'inexact' },
        el('td', { class: 'num' }, r.line),
        el('td', { class: 'num' }, r.in_hex + ' = ' + r.in_value + read),
        el('td', {}, '→'),
        el('td', { class: 'result' }, r.out_hex),
        el('td', { class: 'num' }, r.out_value),
        el('td', { class: 'rounding' }, r.rounding)));
    }
    done(resp, 'cast');
    writeURL();
  }

  async function runInfer() {
    const s = state.infer;
    const fresh = latest('infer');
    const resp = await call({ op: 'infer', program: s.prog, rules: s.rules });
    if (!fresh()) return;
    const t = $('i-table');
    t.tHead.replaceChildren();
    t.tBodies[0].replaceChildren();
    $('i-errors').replaceChildren();
    $('i-summary').textContent = '';
    if (resp.error) {
      showError('i-error', resp.error);
      done(resp, 'infer');
      writeURL();
      return;
    }
    showError('i-error', '');
    const l = resp.infer;
    t.tHead.append(el('tr', {}, el('th', {}, ''), el('th', {}, 'line'), el('th', {}, 'name'), ...l.rules.map((r) => el('th', {}, r))));
    (l.rows || []).forEach((row, i) => {
      const mark = i === l.first ? '>' : row.agree ? '' : '*';
      t.tBodies[0].append(el('tr', { class: row.agree ? '' : 'differs' },
        el('td', { class: 'mark' }, mark), el('td', {}, row.line), el('td', {}, row.name || '_'),
        ...row.types.map((c) => el('td', { class: 'result' }, c))));
    });
    l.errors.forEach((m, i) => {
      if (m) $('i-errors').append(el('li', {}, l.rules[i] + ': error: ' + m));
    });
    $('i-summary').textContent = l.summary;
    done(resp, 'infer');
    writeURL();
  }

  async function runLint() {
    const s = state.lint;
    const fresh = latest('lint');
    const resp = await call({ op: 'lint', program: s.py });
    if (!fresh()) return;
    const body = $('p-table').tBodies[0];
    body.replaceChildren();
    $('p-summary').textContent = '';
    if (resp.error) {
      showError('p-error', resp.error);
      done(resp, 'lint');
      writeURL();
      return;
    }
    const l = resp.lint;
    showError('p-error', l.error ? 'syntax error at ' + l.error : '');
    for (const f of l.findings) {
      body.append(el('tr', { class: 'differs', title: f.message },
        el('td', { class: 'num' }, f.line + ':' + f.col),
        el('td', {}, f.op + ' on ' + f.operands.join(', ')),
        el('td', { class: 'result' }, f.old),
        el('td', { class: 'result' }, f.new),
        el('td', { class: 'why' }, f.case + (f.old_rule || f.new_rule ? ' [rules: ' + (f.old_rule || '-') + ' / ' + (f.new_rule || '-') + ']' : ''))));
    }
    $('p-summary').textContent = l.summary;
    done(resp, 'lint');
    writeURL();
  }

  const RUN = { query: runQuery, table: () => runPicture('table'), lattice: () => runPicture('lattice'), cast: runCast, infer: runInfer, lint: runLint };

  // fill copies the state into the view's inputs.
  function fill(v) {
    const s = state[v];
    switch (v) {
      case 'query': $('q').value = s.q; $('q-rules').value = s.rules; markChips(); break;
      case 'table': $('t-rules').value = s.rules; $('t-against').value = s.against; break;
      case 'lattice': $('l-rules').value = s.rules; break;
      case 'cast': $('c-from').value = s.from; $('c-to').value = s.to; $('c-policy').value = s.policy; $('c-values').value = s.v; break;
      case 'infer': $('i-prog').value = s.prog; $('i-rules').value = s.rules; break;
      case 'lint': $('p-src').value = s.py; break;
    }
  }

  function show(v) {
    view = v;
    for (const x of VIEWS) $('view-' + x).hidden = x !== v;
    for (const a of document.querySelectorAll('#tabs a')) a.classList.toggle('active', a.dataset.view === v);
    fill(v);
    RUN[v]();
  }

  // bind updates a view's state from an input and runs it, debounced.
  function bind(id, v, key, delay) {
    const input = $(id);
    let timer;
    const go = () => {
      state[v][key] = input.value;
      RUN[v]();
    };
    input.addEventListener('input', () => {
      clearTimeout(timer);
      timer = setTimeout(go, delay);
    });
    input.addEventListener('change', () => {
      clearTimeout(timer);
      go();
    });
  }

  function markChips() {
    const on = new Set(state.query.rules.split(',').map((s) => s.trim()).filter(Boolean));
    for (const b of $('q-chips').children) b.classList.toggle('on', on.has(b.textContent));
  }

  async function setup() {
    for (const f of document.querySelectorAll('form')) f.addEventListener('submit', (e) => e.preventDefault());
    for (const a of document.querySelectorAll('#tabs a')) {
      a.addEventListener('click', (e) => {
        e.preventDefault();
        show(a.dataset.view);
      });
    }
    bind('q', 'query', 'q', 0);
    bind('q-rules', 'query', 'rules', 250);
    bind('t-rules', 'table', 'rules', 300);
    bind('t-against', 'table', 'against', 300);
    bind('l-rules', 'lattice', 'rules', 300);
    bind('c-from', 'cast', 'from', 200);
    bind('c-to', 'cast', 'to', 200);
    bind('c-policy', 'cast', 'policy', 0);
    bind('c-values', 'cast', 'v', 150);
    bind('i-prog', 'infer', 'prog', 200);
    bind('i-rules', 'infer', 'rules', 300);
    bind('p-src', 'lint', 'py', 200);

    view = readURL();
    show(view); // the first answer comes before the menus are built

    const meta = await call({ op: 'meta' });
    if (meta.error) return;
    const m = meta.meta;
    const specs = $('specs');
    for (const r of m.rules) {
      specs.append(el('option', { value: r.name }, r.title));
      for (const p of r.presets) specs.append(el('option', { value: p }, r.title));
      const chip = el('button', { type: 'button', title: r.title }, r.name);
      chip.addEventListener('click', () => {
        const list = state.query.rules.split(',').map((s) => s.trim()).filter(Boolean);
        const i = list.indexOf(r.name);
        if (i >= 0) list.splice(i, 1);
        else list.push(r.name);
        state.query.rules = list.join(',');
        $('q-rules').value = state.query.rules;
        markChips();
        runQuery();
      });
      $('q-chips').append(chip);
    }
    markChips();
    for (const d of m.dtypes) $('dtypes').append(el('option', { value: d }));
    for (const p of m.policies) $('c-policy').append(el('option', { value: p }, p));
    $('c-policy').value = state.cast.policy;
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', setup);
  else setup();
})();
