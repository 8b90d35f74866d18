// Stronghold's loader. It checks that the browser can run the game
// (WebAssembly with SIMD; WebGL 2 only when the game fails), downloads and
// compiles the module with a real progress bar, starts it, counts the files
// the game fetches while it starts (texts, pictures, sounds), and hides
// itself once the game reports its board drawn
// (`window.strongholdStatus.ready`, set by src/game/shell/web.rs), then
// registers the service worker that keeps the game for offline play.
// Whatever fails is shown as a message, never as a blank page. Its texts are
// the `web-loader-*` messages of assets/i18n/<lang>/web.ftl.

const root = document.documentElement;
// scripts/web stamps a build id on the page: a new build is never mixed
// with an old module or loader from the browser's cache.
const version = root.dataset.build ? `?v=${root.dataset.build}` : '';
const WASM_URL = `stronghold_bg.wasm${version}`;
const JS_URL = `./stronghold.js${version}`;
const ASSETS = /(^|\/)assets\//;

const byId = (id) => document.getElementById(id);
const realFetch = window.fetch.bind(window);

// Used only when web.ftl itself cannot be fetched (then the network is down
// and the player must be told so in some language).
const FALLBACK = {
  'web-loader-failed-title': 'The game could not start',
  'web-loader-failed': 'Stronghold could not be downloaded or started. Check the connection and reload the page.',
  'web-loader-reload': 'Reload',
};

const language = pickLanguage();
let messages = {};
let loaderOpen = true;
let lastPanic = null;
const assets = { started: 0, done: 0 };
// When each step of the start ended (ms since the page began to load), for
// the browser test's figures: where the time to the first board goes.
const loadTimes = {};
window.strongholdLoadTimes = loadTimes;
const mark = (step) => { loadTimes[step] = Math.round(performance.now()); };

/** The game's language for the loader: the browser's first of Russian or English. */
function pickLanguage() {
  for (const tag of navigator.languages || [navigator.language || 'en']) {
    if (/^ru\b/i.test(tag)) return 'ru';
    if (/^en\b/i.test(tag)) return 'en';
  }
  return 'en';
}

/** The simple `id = text` messages of a Fluent file (continuation lines joined). */
function parseFtl(text) {
  const out = {};
  let id = null;
  for (const line of text.split(/\r?\n/)) {
    const entry = /^([a-zA-Z][\w-]*)\s*=\s*(.*)$/.exec(line);
    if (entry) {
      id = entry[1];
      out[id] = entry[2].trim();
    } else if (id && /^\s+\S/.test(line)) {
      out[id] = (out[id] ? out[id] + ' ' : '') + line.trim();
    } else {
      id = null;
    }
  }
  return out;
}

/** A message with its `{ $name }` placeables filled in. */
function tr(id, args = {}) {
  const text = messages[id] ?? FALLBACK[id] ?? id;
  return text.replace(/\{\s*\$(\w+)\s*\}/g, (_, name) => String(args[name] ?? ''));
}

async function loadMessages() {
  try {
    const response = await realFetch(`assets/i18n/${language}/web.ftl`);
    if (response.ok) messages = parseFtl(await response.text());
  } catch {
    // The fallback texts cover the failure this leads to.
  }
  root.lang = language;
}

const oneDecimal = new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 });

function megabytes(bytes) {
  return oneDecimal.format(bytes / 1048576);
}

const shown = { percent: -1, text: '' };

/** Moves the bar to `fraction` (0..1) and shows `text` under it. The page
 *  is touched only when either changes: the module arrives in hundreds of
 *  chunks, and each update costs the page's thread. */
function progress(fraction, text) {
  const percent = Math.round(Math.max(0, Math.min(1, fraction)) * 100);
  if (percent !== shown.percent) {
    shown.percent = percent;
    byId('bar-fill').style.width = `${percent}%`;
    document.querySelector('#loader .bar').setAttribute('aria-valuenow', String(percent));
  }
  if (text !== shown.text) {
    shown.text = text;
    byId('loader-text').textContent = text;
  }
}

/** Replaces the loader (or the game) with a message and the technical detail. */
function fail(kind, detail) {
  loaderOpen = false;
  byId('loader').hidden = true;
  byId('failure-title').textContent = tr(`web-loader-${kind}-title`);
  byId('failure-text').textContent = tr(`web-loader-${kind}`);
  byId('failure-detail').textContent = detail ? String(detail) : '';
  const reload = byId('failure-reload');
  reload.textContent = tr('web-loader-reload');
  reload.onclick = () => location.reload();
  byId('failure').hidden = false;
}

/** The module is built with WebAssembly SIMD (.cargo/config.toml): a
 *  browser that cannot validate one SIMD instruction cannot run it. */
function hasWasmSimd() {
  // (module (func (result v128) i32.const 0 i8x16.splat i8x16.popcnt))
  const probe = [0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0,
    10, 10, 1, 8, 0, 65, 0, 253, 15, 253, 98, 11];
  try {
    return WebAssembly.validate(new Uint8Array(probe));
  } catch {
    return false;
  }
}

function hasWebGl2() {
  try {
    const gl = document.createElement('canvas').getContext('webgl2');
    if (!gl) return false;
    gl.getExtension('WEBGL_lose_context')?.loseContext();
    return true;
  } catch {
    return false;
  }
}

/** The module's response (from `fetching`), its body counted on the bar as it streams in. */
async function download(fetching) {
  const response = await fetching;
  if (!response.ok) throw new Error(`${WASM_URL}: HTTP ${response.status}`);
  const plain = !response.headers.get('content-encoding');
  const total = Number(root.dataset.wasmBytes) ||
    (plain ? Number(response.headers.get('content-length')) : 0);
  const show = (received) => {
    const done = total ? received / total : 0;
    progress(0.85 * done, tr('web-loader-download', {
      done: megabytes(received),
      total: total ? megabytes(total) : '?',
    }));
  };
  show(0);
  // Compiling as it streams needs the wasm type, whatever the server said.
  const wasm = { 'Content-Type': 'application/wasm' };
  if (!response.body) return new Response(await response.arrayBuffer(), { headers: wasm });
  const reader = response.body.getReader();
  let received = 0;
  const counted = new ReadableStream({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) {
        controller.close();
        progress(0.88, tr('web-loader-compile'));
        return;
      }
      received += value.byteLength;
      show(received);
      controller.enqueue(value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
  return new Response(counted, { headers: wasm });
}

function showAssets() {
  if (!loaderOpen) return;
  if (assets.started > 0 && assets.done === assets.started) {
    // Everything asked for has arrived: the renderer is setting up.
    progress(0.97, tr('web-loader-start'));
    return;
  }
  const total = Math.max(assets.started, 1);
  progress(0.9 + 0.07 * (assets.done / total), tr('web-loader-assets', {
    done: assets.done,
    total: assets.started,
  }));
}

/** Counts the game's asset requests while the loader is up. */
function countAssetFetches() {
  window.fetch = (input, init) => {
    const url = typeof input === 'string' ? input : input?.url ?? String(input);
    if (!loaderOpen || !ASSETS.test(url)) return realFetch(input, init);
    assets.started += 1;
    showAssets();
    return realFetch(input, init).finally(() => {
      assets.done += 1;
      showAssets();
    });
  };
}

/** A panic prints its message with console.error before the module traps. */
function watchForCrashes() {
  const consoleError = console.error;
  console.error = function (...args) {
    const text = args.map(String).join(' ');
    if (text.includes('panicked at')) lastPanic = text;
    return consoleError.apply(this, args);
  };
  // A game that fails to start on a browser without WebGL 2 gets that said
  // (checked only now: making a test context costs a software renderer a
  // third of a second of every start).
  const crashed = (detail) => {
    if (loaderOpen && !hasWebGl2()) return fail('no-webgl2', lastPanic ?? detail);
    fail(loaderOpen ? 'failed' : 'crashed', lastPanic ?? detail);
  };
  window.addEventListener('error', (event) => crashed(event.error?.stack ?? event.message));
  window.addEventListener('unhandledrejection', (event) => crashed(event.reason?.stack ?? event.reason));
}

/** Resolves once the game says its board is on screen. */
function boardDrawn() {
  return new Promise((resolve) => {
    const ready = () => {
      byId('loader').style.pointerEvents = 'none';
      resolve();
    };
    // The game sets `window.strongholdStatus` (src/game/shell/web.rs); an
    // accessor sees the status that says ready the moment it is set, so
    // the loader stops taking clicks before any script can read `ready`
    // (a click on the board right then used to land on the fading loader).
    let current = window.strongholdStatus;
    Object.defineProperty(window, 'strongholdStatus', {
      configurable: true,
      enumerable: true,
      get: () => current,
      set: (status) => {
        current = status;
        if (status?.ready) ready();
      },
    });
    if (current?.ready) ready();
  });
}

/**
 * The game keeps every key on its canvas (Tab walks its own buttons), so
 * Escape then Tab leaves it for the game in words beside it (#words:
 * src/game/ui/speech.rs), as in a code editor; the keys never reach the
 * game. The canvas's label says so to a screen reader.
 */
function keyboardWayOut() {
  let escaped = false;
  byId('stronghold').addEventListener('keydown', (event) => {
    if (event.key === 'Tab' && escaped) {
      event.stopImmediatePropagation();
      event.preventDefault();
      byId('command').focus();
    }
    escaped = event.key === 'Escape';
  }, { capture: true });
}

async function main() {
  keyboardWayOut();
  await loadMessages();
  progress(0, tr('web-loader-check'));
  if (typeof WebAssembly !== 'object') return fail('no-wasm');
  if (!hasWasmSimd()) return fail('no-wasm', 'WebAssembly SIMD (Chrome 91, Firefox 89, Safari 16.4 and later)');
  mark('checked');
  watchForCrashes();
  try {
    // The module compiles off the page's thread as it downloads.
    const [bindings, module] = await Promise.all([
      import(JS_URL),
      WebAssembly.compileStreaming(download(realFetch(WASM_URL))),
    ]);
    mark('downloaded');
    countAssetFetches();
    await bindings.default({ module_or_path: module });
    mark('started');
  } catch (error) {
    return fail(hasWebGl2() ? 'failed' : 'no-webgl2', error?.stack ?? error);
  }
  showAssets();
  await boardDrawn();
  mark('ready');
  if (!loaderOpen) return;
  loaderOpen = false;
  window.fetch = realFetch;
  progress(1, tr('web-loader-ready'));
  const loader = byId('loader');
  loader.classList.add('done');
  setTimeout(() => { loader.hidden = true; }, 400);
  byId('stronghold').focus();
  keepForOffline();
}

/** After the first board: the service worker (web/sw.js) keeps this build
 *  for offline play. Only a build from scripts/web (with its id) has one. */
function keepForOffline() {
  if (!root.dataset.build || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register('sw.js').catch((error) => {
    console.warn(`Offline play is off: ${error}`);
  });
}

main();
