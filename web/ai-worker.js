// Stronghold's AI worker: runs the computer's searches (and hints) and the
// coach's analyses off the page's thread, so frames and input never wait
// for them. The page (src/game/play/ai_worker.rs) posts JSON commands,
// `{"Search": request}`, `{"Analyse": request}` or `{"Stop": {"id": N}}`;
// every job answers with JSON replies (its progress, then its move or its
// analysis), a step at a time. Between steps the worker yields, so a stop
// or a new job gets through at once. Jobs share the worker in turns. The
// module is the no-Bevy crate `web/worker`.
// scripts/web stamps the build id on the module's URLs below.
import init, { WorkerAnalysis, WorkerSearch, command_wants_table, load_table, table_loaded } from './stronghold_ai.js';

const STEP_MS = 60;
const TABLE_URL = 'assets/tablebase/bagh-chal.sctb';

const ready = init({ module_or_path: new URL('stronghold_ai_bg.wasm', import.meta.url) });
/** The jobs running (searches, analyses), in turn order. */
const running = [];
/** Analyses waiting for the table before they start (a stop cancels). */
const waiting = new Set();
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

/** Fetches and reads Bagh-Chal's table once, for the jobs after it. */
function loadTable() {
  return (table ??= fetch(TABLE_URL)
    .then((r) => {
      if (!r.ok) throw new Error(`${TABLE_URL}: HTTP ${r.status}`);
      return r.arrayBuffer();
    })
    .then((bytes) => load_table(new Uint8Array(bytes)))
    .catch((e) => console.warn(`AI worker: no Bagh-Chal table (${e})`)));
}

async function step() {
  if (stepping) return;
  stepping = true;
  try {
    while (running.length > 0) {
      const job = running.shift();
      const reply = job.step(STEP_MS);
      postMessage(reply);
      if (job.finished()) job.free();
      else running.push(job);
      await yieldToMessages();
    }
  } finally {
    stepping = false;
  }
}

function stop(id) {
  waiting.delete(id);
  const at = running.findIndex((job) => job.id() === id);
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
  // The command's own text goes to the module: JSON numbers past 2^53
  // (seeds) would not survive a trip through JavaScript.
  if (command.Analyse) {
    const id = command.Analyse.id;
    stop(id);
    // An analysis of Bagh-Chal starts once the table is there (or failed).
    if (command_wants_table(event.data) && !table_loaded()) {
      waiting.add(id);
      await loadTable();
      if (!waiting.delete(id)) return;
    }
    running.push(new WorkerAnalysis(event.data));
    return step();
  }
  if (!command.Search) return console.warn('AI worker: unknown command');
  stop(command.Search.id);
  const search = new WorkerSearch(event.data);
  if (search.wants_table() && !table_loaded()) loadTable();
  running.push(search);
  step();
};

ready.catch((e) => fail(`the AI module did not load: ${e}`));
