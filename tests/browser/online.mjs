// The browser test's online part: the web build plays a friend through a
// real `stronghold-server` on 127.0.0.1 (a port the system chose, a fresh
// database), the friend being the engine's bot (`stronghold-cli online`).
// First the page creates a room (`?create=pirates&side=crowd`) and the bot
// joins by its code; then the bot creates one and the page joins by link
// (`?join=CODE`); then a bot keeps a seek open in the lobby
// (`--seek pirates`, named, with a clock) and the page plays anyone
// (`?anyone=pirates`), a rated game it finishes by losing on time. Each
// time the page clicks its moves on the canvas and the bot answers, and
// each side's moves reach the other: the bot prints the page's moves, the
// page shows the bot's. In the created room and the lobby game the page is
// reloaded mid-game: it must sit in its seat again at once (the seat kept
// in localStorage, the address turned into `?join=CODE`), with every move,
// and play on. Last, two nodes over a PostgreSQL cluster of the test's own
// (pg.mjs): the page plays a bot's room through the other node's relay,
// and plays on there after the room's node is killed.
//
// The server and the bot are the native builds of this checkout: in
// $STRONGHOLD_BIN_DIR, else $CARGO_TARGET_DIR/debug (target/debug), as
// `cargo build --no-default-features --features server,online` leaves them.

import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { startPgCluster } from './pg.mjs';

const SEAT_TIMEOUT_MS = 60_000;
const BOT_TIMEOUT_MS = 60_000;
/** Moves the page plays in each game (the bot answers each). */
const ROUNDS = 2;
/** The lobby game's clock: long enough for its rounds and a reload on a
 * slow machine, short enough that waiting for the flag costs a minute. */
const LOBBY_CLOCK = '1+0';
const FLAG_TIMEOUT_MS = 90_000;

/** A child process whose stdout lines can be awaited. */
function child(program, args, label) {
  const proc = spawn(program, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const lines = [];
  const waiting = [];
  let stderr = '';
  proc.stderr.on('data', (data) => { stderr += data; });
  createInterface({ input: proc.stdout }).on('line', (line) => {
    lines.push(line);
    for (const w of [...waiting]) w();
  });
  const exited = new Promise((resolve) => proc.on('exit', resolve));
  return {
    proc,
    lines,
    /** The first line matching `pattern`, waited for up to `timeout` ms. */
    line(pattern, timeout, what) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = lines.find((l) => pattern.test(l));
          if (found === undefined) return false;
          waiting.splice(waiting.indexOf(check), 1);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiting.splice(waiting.indexOf(check), 1);
          reject(new Error(`${label}: no ${what} after ${timeout / 1000} s; stdout: ${lines.join(' | ')}; stderr: ${stderr.slice(-400)}`));
        }, timeout);
        waiting.push(check);
        check();
      });
    },
    async stop() {
      if (proc.exitCode === null) proc.kill('SIGTERM');
      await exited;
    },
  };
}

/** A server on a port the system chose; its first line says which. */
async function startServer(bins, db = null, extra = []) {
  db ??= join(mkdtempSync(join(tmpdir(), 'stronghold-online-')), 'online.sqlite3');
  const server = child(join(bins, 'stronghold-server'), ['--addr', '127.0.0.1:0', '--db', db, ...extra], 'server');
  const first = await server.line(/listening on/, 30_000, 'listening line');
  server.url = `ws://127.0.0.1:${first.split(':').pop().trim()}/ws`;
  return server;
}

function startBot(bins, args) {
  return child(join(bins, 'stronghold-cli'), ['online', ...args, '--level', 'beginner', '--pace-ms', '150'], 'bot');
}

/**
 * The page (the crowd, who moves first in Pirates) plays ROUNDS moves by
 * clicking, the bot answers each: the bot prints each of the page's moves,
 * and the page shows each of the bot's.
 */
async function playRounds(page, bot, t, label) {
  for (let round = 0; round < ROUNDS; round++) {
    const s0 = await t.waitStatus(page, "s => s.mover === 'human' && s.legal.length > 0", BOT_TIMEOUT_MS, `${label}: our turn`);
    const { move, from, to } = await t.pickStep(page, s0);
    await page.mouse.click(from.x, from.y);
    const picked = await t.waitStatus(page, `s => s.selected === '${move.split('-')[0]}'`, 10_000, `${label}: the piece picked up`);
    // Where the target is now (a board that moved between the two clicks,
    // as the side panel settles, is said: a person would see it move).
    const again = await t.pickStep(page, picked);
    if (again.move === move && (again.to.x !== to.x || again.to.y !== to.y)) {
      t.log(`${label}: WARNING the board moved between the clicks: ${move.split('-')[1]} from ${to.x},${to.y} to ${again.to.x},${again.to.y}`);
    }
    const target = again.move === move ? again.to : to;
    await page.mouse.click(target.x, target.y);
    const ply = s0.moves + 1;
    // On the page first (its status names what went wrong), then at the bot.
    await t.waitStatus(page, `s => s.moves >= ${ply}`, 10_000, `${label}: our move ${move} on the page`);
    const ours = await bot.line(new RegExp(`^move ${ply}: `), BOT_TIMEOUT_MS, `move ${ply}`);
    if (ours !== `move ${ply}: ${move}`) throw new Error(`${label}: the page played ${move}, the bot saw "${ours}"`);
    const theirs = (await bot.line(new RegExp(`^move ${ply + 1}: `), BOT_TIMEOUT_MS, `move ${ply + 1}`)).split(': ')[1];
    const s1 = await t.waitStatus(page, `s => s.moves >= ${ply + 1}`, BOT_TIMEOUT_MS, `${label}: the bot's move ${theirs} on the page`);
    if (s1.lastMove !== theirs) throw new Error(`${label}: the bot played ${theirs}, the page shows ${s1.lastMove}`);
    t.log(`${label}: the page played ${move}, the bot answered ${theirs}`);
  }
}

/** The page creates a room and the bot joins it by its code. */
async function pageCreates(browser, base, bins, server, report, t) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  t.watch(page, 'online-create', report.problems);
  const query = `?server=${encodeURIComponent(server.url)}&create=pirates&side=crowd`;
  await t.openGame(page, base, query);
  const room = await t.waitStatus(page, "s => s.screen === 'game' && s.online && s.online.code", SEAT_TIMEOUT_MS, 'the room created');
  const bot = startBot(bins, ['--server', server.url, '--join', room.online.code]);
  try {
    await t.waitStatus(page, "s => s.online.friend === 'connected'", SEAT_TIMEOUT_MS, 'the bot seated');
    t.log(`online: the page created room ${room.online.code}; the bot joined`);
    await playRounds(page, bot, t, 'online (page created)');
    await reloadKeepsTheSeat(page, room.online.code, t, 'online (page created)');
    await playRounds(page, bot, t, 'online (page created, reloaded)');
    await page.screenshot({ path: join(t.out, 'online-create.png') });
  } finally {
    await bot.stop();
    await context.close();
  }
}

/**
 * Reloads the page mid-game: it must come back to the game screen in the
 * same room and seat with the same moves, without a prompt, at an address
 * that joins the room (a reload again would not open another room).
 */
async function reloadKeepsTheSeat(page, code, t, label) {
  const before = await t.waitStatus(page, "s => s.online && s.online.phase === 'playing'", 10_000, `${label}: playing before the reload`);
  await page.reload();
  const after = await t.waitStatus(
    page,
    `s => s.ready && s.screen === 'game' && s.online && s.online.phase === 'playing' && s.moves === ${before.moves}`,
    SEAT_TIMEOUT_MS,
    `${label}: back in the seat after the reload`,
  );
  if (after.online.code !== code || after.online.you !== before.online.you) {
    throw new Error(`${label}: after the reload ${JSON.stringify(after.online)}, expected room ${code} as ${before.online.you}`);
  }
  const address = new URL(page.url()).search;
  if (!address.includes(`join=${code}`) || address.includes('create=') || address.includes('anyone=')) {
    throw new Error(`${label}: the address after the reload is ${address}`);
  }
  t.log(`${label}: reloaded after ${before.moves} moves: back in room ${code} as ${after.online.you} (${address})`);
}

/**
 * A named bot keeps a seek in the lobby with a one-minute clock; the page
 * plays anyone, reloads mid-game, plays on, then lets its clock run out:
 * the game ends for both (the page shows it lost on time), rated, and the
 * page and the bot see the same rating change.
 */
async function pagePlaysAnyone(browser, base, bins, server, report, t) {
  const bot = startBot(bins, ['--server', server.url, '--seek', 'pirates', '--side', 'hunters', '--clock', LOBBY_CLOCK,
    '--name', 'Rook', '--key', 'rook-key-of-the-browser-test']);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    t.watch(page, 'online-anyone', report.problems);
    await t.openGame(page, base, `?anyone=pirates&clock=${encodeURIComponent(LOBBY_CLOCK)}&server=${encodeURIComponent(server.url)}`);
    const seated = await t.waitStatus(page, "s => s.screen === 'game' && s.online && s.online.phase === 'playing' && s.online.code && s.online.opponent", SEAT_TIMEOUT_MS, 'the page paired in the lobby');
    const code = (await bot.line(/^code: /, 30_000, 'code line')).slice('code: '.length).trim();
    if (seated.online.code !== code || seated.online.you !== 'crowd') {
      throw new Error(`online: paired ${JSON.stringify(seated.online)}, expected room ${code} as the crowd`);
    }
    if (!seated.online.rated || !/^Rook \[bot\] \(1500\?\)$/.test(seated.online.opponent) || !/^guest-/.test(seated.online.name ?? '')) {
      throw new Error(`online: the lobby game is not rated between a guest and the named bot: ${JSON.stringify(seated.online)}`);
    }
    t.log(`online: the page (${seated.online.name}) played anyone and met the bot's seek: room ${code}, rated, against ${seated.online.opponent}`);
    await playRounds(page, bot, t, 'online (lobby)');
    await reloadKeepsTheSeat(page, code, t, 'online (lobby)');
    await playRounds(page, bot, t, 'online (lobby, reloaded)');
    // The page plays no more: its clock runs out, and the game ends.
    const result = await bot.line(/^result: /, FLAG_TIMEOUT_MS, 'result line');
    const ended = await t.waitStatus(page, "s => s.outcome && s.online && s.online.rating", 30_000, 'the end and the rating change on the page');
    const botRating = await bot.line(/^rating: /, 10_000, 'rating line');
    if (!/flag/.test(result) || !/hunters/.test(result)) throw new Error(`online (lobby): the bot says ${result}, expected the hunters winning on time`);
    const [oldR, newR] = ended.online.rating.split(' -> ').map((r) => parseInt(r, 10));
    if (!(newR < oldR)) throw new Error(`online (lobby): the page lost on time, yet its rating went ${ended.online.rating}`);
    t.log(`online (lobby): finished: the bot says "${result}" and "${botRating}"; the page shows ${ended.outcome}, its rating ${ended.online.rating}`);
    await page.screenshot({ path: join(t.out, 'online-anyone.png') });
  } finally {
    await bot.stop();
    await context.close();
  }
}

/**
 * Two pages that know nothing of each other (two browser contexts, each
 * its own storage) both play anyone: they meet in one room, on opposite
 * sides, each a guest with a name of its own that the other sees.
 */
async function twoPagesFindEachOther(browser, base, server, report, t) {
  const contexts = [];
  try {
    const pages = [];
    const drawn = [];
    for (const label of ['stranger-1', 'stranger-2']) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      contexts.push(context);
      const page = await context.newPage();
      t.watch(page, `online-${label}`, report.problems);
      // The second page loads beside the first, which waits in the lobby
      // and then, paired, draws its running clock each second: on two
      // cores under SwiftShader (0.4 s a frame) it was drawn after 10 to
      // 26 s, and after more than 30 s once in CI.
      const query = `?anyone=fox-geese&server=${encodeURIComponent(server.url)}`;
      drawn.push((await t.openGame(page, base, query, SEAT_TIMEOUT_MS)).ms);
      pages.push(page);
    }
    const seated = [];
    for (const [i, page] of pages.entries()) {
      seated.push(await t.waitStatus(page, "s => s.screen === 'game' && s.online && s.online.phase === 'playing' && s.online.opponent", SEAT_TIMEOUT_MS, `stranger ${i + 1} paired`));
    }
    const [a, b] = seated.map((s) => s.online);
    if (a.code !== b.code || a.you === b.you || a.name === b.name || !a.opponent.startsWith(b.name) || !b.opponent.startsWith(a.name) || !a.rated) {
      throw new Error(`online: two strangers did not meet as expected: ${JSON.stringify([a, b])}`);
    }
    t.log(`online: two pages that knew nothing of each other met with Play anyone: room ${a.code}, ${a.name} (${a.you}) against ${b.name} (${b.you}), rated; boards drawn after ${drawn.join(' and ')} ms`);
  } finally {
    for (const context of contexts) await context.close();
  }
}

/** The bot creates a room and the page joins it by link. */
async function pageJoins(browser, base, bins, server, report, t) {
  const bot = startBot(bins, ['--server', server.url, '--create', 'pirates', '--side', 'hunters']);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const code = (await bot.line(/^code: /, 30_000, 'code line')).slice('code: '.length).trim();
    const page = await context.newPage();
    t.watch(page, 'online-join', report.problems);
    await t.openGame(page, base, `?join=${code}&server=${encodeURIComponent(server.url)}`);
    const seated = await t.waitStatus(page, "s => s.screen === 'game' && s.online && s.online.phase === 'playing'", SEAT_TIMEOUT_MS, 'the page seated');
    if (seated.online.code !== code || seated.online.you !== 'crowd') {
      throw new Error(`online: joined ${JSON.stringify(seated.online)}, expected room ${code} as the crowd`);
    }
    t.log(`online: the bot created room ${code}; the page joined by link`);
    await playRounds(page, bot, t, 'online (bot created)');
    await page.screenshot({ path: join(t.out, 'online-join.png') });
  } finally {
    await bot.stop();
    await context.close();
  }
}

/**
 * Two nodes over one PostgreSQL: the bot makes a room on node one, the
 * page joins it by a link to node two (`server=TWO,ONE`) and plays through
 * node two's relay; then node one is killed (SIGKILL) mid-game, and the
 * page and the bot, each reconnecting by itself, play on on node two.
 */
async function pageOnTheOtherNode(browser, base, bins, report, t) {
  const cluster = await startPgCluster();
  const nodes = [];
  let bot = null;
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    nodes.push(await startServer(bins, cluster.url, ['--node', 'one']));
    nodes.push(await startServer(bins, cluster.url, ['--node', 'two']));
    const [one, two] = nodes;
    bot = startBot(bins, ['--server', `${one.url},${two.url}`, '--create', 'pirates', '--side', 'hunters']);
    const code = (await bot.line(/^code: /, 30_000, 'code line')).slice('code: '.length).trim();
    const page = await context.newPage();
    t.watch(page, 'online-two-nodes', report.problems);
    await t.openGame(page, base, `?join=${code}&server=${encodeURIComponent(`${two.url},${one.url}`)}`);
    await t.waitStatus(page, "s => s.screen === 'game' && s.online && s.online.phase === 'playing'", SEAT_TIMEOUT_MS, 'the page seated on node two');
    t.log(`online: the bot created room ${code} on node one; the page joined it on node two`);
    await playRounds(page, bot, t, 'online (two nodes)');
    one.proc.kill('SIGKILL');
    t.log('online: node one killed');
    await playRounds(page, bot, t, 'online (two nodes, node one killed)');
    await page.screenshot({ path: join(t.out, 'online-two-nodes.png') });
  } finally {
    await bot?.stop();
    await context.close();
    for (const node of nodes) await node.stop();
    cluster.stop();
  }
}

/**
 * Both ways round, on one server. `t` carries the test's helpers
 * (watch, waitStatus, openGame, pickStep, log, out).
 */
export async function onlineGames(browser, base, report, t) {
  const bins = process.env.STRONGHOLD_BIN_DIR ?? join(process.env.CARGO_TARGET_DIR ?? 'target', 'debug');
  const server = await startServer(bins);
  try {
    await pageCreates(browser, base, bins, server, report, t);
    await pagePlaysAnyone(browser, base, bins, server, report, t);
    await twoPagesFindEachOther(browser, base, server, report, t);
    try {
      await pageJoins(browser, base, bins, server, report, t);
    } catch (error) {
      // Joining by link failed now and then in 2026-12-02's runs (the page
      // seated, its click not played) and has not failed since; once more
      // on a fresh room, said, before it fails (`--online-join warn` only
      // warns).
      const text = String(error.message ?? error).slice(0, 300);
      if (t.onlineJoin !== 'strict') {
        t.log(`online: WARNING joining by link: ${text}`);
      } else {
        t.log(`online: WARNING joining by link failed once, again on a new room: ${text}`);
        await pageJoins(browser, base, bins, server, report, t);
      }
    }
  } finally {
    await server.stop();
  }
  await pageOnTheOtherNode(browser, base, bins, report, t);
}
