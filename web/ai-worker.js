// Stronghold's AI worker: runs the computer's searches (and hints) off the
// page's thread, so frames and input never wait for them. The page
// (src/game/play/ai_worker.rs) posts JSON commands, `{"Search": request}`
// or `{"Stop": {"id": N}}`; every search answers with JSON replies (its
// progress, then its move), a step at a time. Between steps the worker
// yields, so a stop or a new search gets through at once. Several searches
// share the worker in turns. The module is the no-Bevy crate `web/worker`.
// scripts/web stamps the build id on the module's URLs below.
import init, { WorkerSearch, load_table, table_loaded } from './stronghold_ai.js';

const STEP_MS = 60;
const TABLE_URL = 'assets/tablebase/bagh-chal.sctb';

const ready = init({ module_or_path: new URL('stronghold_ai_bg.wasm', import.meta.url) });
/** The searches running, in turn order. */
const running = [];
let stepping = false;
let table = null;

// A task boundary without setTimeout's clamping: lets messages in.
const channel = new MessageChannel();
let resume = null;
channel.port1.onmessage = () => { const r = resume; resume = null; r?.(); };
const yieldToMessages = () => new Promise((r) => { resume = r; channel.port2.postMessage(0); });

function fail(reason) {
  postMessage(JSON.stringify({ id: 0, status: { Failed: { reason: String(reason) } } }));
}

/** Fetches and reads Bagh-Chal's table once, for the searches after it. */
function loadTable() {
  table ??= fetch(TABLE_URL)
    .then((r) => {
      if (!r.ok) throw new Error(`${TABLE_URL}: HTTP ${r.status}`);
      return r.arrayBuffer();
    })
    .then((bytes) => load_table(new Uint8Array(bytes)))
    .catch((e) => console.warn(`AI worker: no Bagh-Chal table (${e})`));
}

async function step() {
  if (stepping) return;
  stepping = true;
  try {
    while (running.length > 0) {
      const search = running.shift();
      const reply = search.step(STEP_MS);
      postMessage(reply);
      if (search.finished()) search.free();
      else running.push(search);
      await yieldToMessages();
    }
  } finally {
    stepping = false;
  }
}

function stop(id) {
  const at = running.findIndex((s) => s.id() === id);
  if (at >= 0) running.splice(at, 1)[0].free();
}

onmessage = async (event) => {
  try {
    await ready;
  } catch (e) {
    return fail(`the AI module did not load: ${e}`);
  }
  let command;
  try {
    command = JSON.parse(event.data);
  } catch (e) {
    return console.warn(`AI worker: unreadable command (${e})`);
  }
  if (command.Stop) return stop(command.Stop.id);
  if (!command.Search) return console.warn('AI worker: unknown command');
  stop(command.Search.id);
  // The command's own text: JSON numbers past 2^53 (seeds) would not survive
  // a trip through JavaScript.
  const search = new WorkerSearch(event.data);
  if (search.wants_table() && !table_loaded()) loadTable();
  running.push(search);
  step();
};

ready.catch((e) => fail(`the AI module did not load: ${e}`));
