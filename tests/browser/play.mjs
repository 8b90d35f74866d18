// The browser test: serves dist/web (a small static server), drives Debian's
// Chromium headless through playwright-core (WebGL 2 from SwiftShader), and
// checks what a player would: the page loads with no console error at all,
// the board is drawn within 30 s, a legal move clicked on the canvas is
// played and the computer answers it; on a touch screen tap-tap and drag play
// moves too; on a phone (both ways up) the canvas fills the screen; where
// WebGL 2 is missing or the module fails, the page says so; online, the page
// and the engine's bot play each other through a server (online.mjs); the
// computer thinks in the page's AI worker within one ply of the desktop's
// depth, and the coach analyses a game there; a game on the star plays there; a click
// on the board at the moment the page says ready takes; after one visit the page plays offline, and a new build replaces
// the old one whole; the first load stays under its download bar; whole
// games play with the keyboard alone, announced in the page's live log, and
// the menus are found by role and name (keyboard.mjs). It reads
// the page's status (`window.strongholdStatus`, src/game/web.rs) instead of
// pixels and saves screenshots. The desktop's depth comes from
// $STRONGHOLD_CLI, else $CARGO_TARGET_DIR/release/stronghold-cli, else the
// debug build.
//
//   node tests/browser/play.mjs [--dist dist/web] [--out /tmp/stronghold-browser] [--phone-board warn|strict]
//       [--online-join warn|strict] [--depth warn|strict]
//   node tests/browser/play.mjs --only desktopGame,touchGame   (some of the checks)
//   node tests/browser/play.mjs --measure [--seconds 20] [--moves 12]
//       also measures frame times (idle, and while Master thinks) and Master's
//       depth per move in a Master vs Master game.
// Exit status 0 when every check passed, 1 otherwise.

import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { keyboardGames } from './keyboard.mjs';
import { onlineGames } from './online.mjs';
import { serve } from './serve.mjs';

const options = parseArgs(process.argv.slice(2));
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const BOARD_TIMEOUT_MS = 30_000;
const REPLY_TIMEOUT_MS = 90_000;
// The bar for the page, its scripts and the game's module (all fetched
// before the first board), gzip; the same holds for everything fetched
// before the first board, assets included.
const FIRST_LOAD_GZIP_LIMIT = 5 * 1024 * 1024;
// The page, scripts and modules fetched before the first board (the AI
// worker's files come after it, with the computer's first search).
const FIRST_LOAD = /^(index\.html|loader\.js|style\.css|stronghold\.js|stronghold_bg\.wasm)$/;

function parseArgs(argv) {
  const o = {
    dist: 'dist/web', out: '/tmp/stronghold-browser', measure: false, seconds: 20, moves: 12, phoneBoard: 'warn',
    onlineJoin: 'strict', depth: 'warn',
  };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    if (flag === '--measure') o.measure = true;
    else if (flag === '--phone-board') o.phoneBoard = argv[++i];
    else if (flag === '--online-join') o.onlineJoin = argv[++i];
    else if (flag === '--depth') o.depth = argv[++i];
    else if (flag === '--only') o.only = argv[++i];
    else if (['--dist', '--out', '--seconds', '--moves'].includes(flag)) o[flag.slice(2)] = argv[++i];
    else throw new Error(`unknown argument ${flag}`);
  }
  o.seconds = Number(o.seconds);
  o.moves = Number(o.moves);
  return o;
}

/** Everything the page must never do: console errors, uncaught errors, failed requests. */
function watch(page, label, problems) {
  page.on('console', (msg) => {
    // BROWSER_CONSOLE=1 shows everything the page logs (for debugging).
    if (process.env.BROWSER_CONSOLE) console.log(`${label} console ${msg.type()}: ${msg.text()}`);
    if (msg.type() === 'error') problems.push(`${label}: console error: ${msg.text()}`);
    if (msg.text().includes('panicked at')) problems.push(`${label}: panic: ${msg.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`${label}: page error: ${error.message}`));
  // Leaving a page (another address, a reload, closing) aborts what it was
  // still fetching, such as sounds on a loaded machine: not a fault of the
  // page. A missing file shows as an HTTP error below.
  page.on('requestfailed', (request) => {
    const error = request.failure()?.errorText;
    if (error !== 'net::ERR_ABORTED') problems.push(`${label}: request failed: ${request.url()} ${error}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${label}: HTTP ${response.status()} ${response.url()}`);
  });
}

/** Headless Chromium with WebGL 2 from SwiftShader (Playwright gives it a fresh profile). */
async function launch() {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--no-sandbox',
      '--disable-background-networking', '--disable-component-update', '--no-first-run',
      '--disable-sync',
    ],
  });
}

const status = (page) => page.evaluate(() => window.strongholdStatus ?? null);

/** Waits for the status to satisfy `test` (a function source run in the page). */
async function waitStatus(page, test, timeout, what) {
  try {
    await page.waitForFunction(`(() => { const s = window.strongholdStatus; return !!s && (${test})(s); })()`,
      null, { timeout, polling: 100 });
  } catch {
    throw new Error(`timed out after ${timeout / 1000} s waiting for ${what}; status: ${JSON.stringify(await status(page))}`);
  }
  return status(page);
}

/**
 * Loads the page and waits for the board (`timeout`: longer where another
 * live page shares the machine); returns the status and the time it took.
 */
async function openGame(page, base, query = '', timeout = BOARD_TIMEOUT_MS) {
  const started = Date.now();
  await page.goto(`${base}/index.html${query}`);
  const s = await waitStatus(page, 's => s.ready', timeout, 'the board to be drawn');
  const ms = Date.now() - started;
  // The loading screen fades out over the board: play once it is gone.
  await page.locator('#loader').waitFor({ state: 'hidden', timeout: 5_000 });
  return { status: s, ms };
}

/** A legal step (`c4-c5`) for the person to move, as page coordinates of its two points. */
async function pickStep(page, s) {
  const box = await page.locator('#stronghold').boundingBox();
  const steps = s.legal.filter((m) => /^[a-g]\d-[a-g]\d$/.test(m));
  if (steps.length === 0) throw new Error(`no simple step among ${s.legal.join(' ')}`);
  const move = steps[Math.floor(steps.length / 2)];
  const [from, to] = move.split('-').map((p) => {
    const [x, y] = s.points[p] ?? [];
    if (x === undefined) throw new Error(`point ${p} not in the status`);
    if (x < 0 || y < 0 || x > box.width || y > box.height) throw new Error(`point ${p} off the canvas: ${x},${y}`);
    return { x: box.x + x, y: box.y + y };
  });
  return { move, from, to };
}

/** Waits until our move is on the board and the computer has answered it. */
async function awaitReply(page, before, move) {
  const played = await waitStatus(page, `s => s.moves >= ${before + 1}`, 10_000, `the move ${move}`);
  if (played.moves === before + 1 && played.lastMove !== move) {
    throw new Error(`played ${played.lastMove}, not the clicked ${move}`);
  }
  const answered = await waitStatus(page, `s => s.moves >= ${before + 2} && s.mover === 'human' || s.outcome`,
    REPLY_TIMEOUT_MS, 'the computer to answer');
  return answered;
}

/** The address that starts a game at once: the person plays the crowd against Medium. */
const PLAY = '?hunters=medium&crowd=human';

async function desktopGame(browser, base, report) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  watch(page, 'desktop', report.problems);
  // The plain address: the main menu over the board.
  const { status: menu, ms } = await openGame(page, base);
  report.figures.firstBoardMs = ms;
  // Where the time went (web/loader.js marks each step, from the page's start).
  const steps = await page.evaluate(() => window.strongholdLoadTimes ?? {});
  report.figures.firstBoardSteps = steps;
  log(`board drawn after ${ms} ms on the ${menu.screen} (${Object.keys(menu.points).length} points; ms from the page's start: ${JSON.stringify(steps)})`);
  await page.screenshot({ path: join(options.out, 'menu.png') });
  if (menu.screen !== 'menu') throw new Error(`the plain address should open the menu: ${JSON.stringify(menu)}`);
  // A game from the address: click a move, then drag one.
  const { status: s0 } = await openGame(page, base, PLAY);
  if (s0.screen !== 'game' || s0.mover !== 'human') throw new Error(`expected the person to move first: ${JSON.stringify(s0)}`);
  const { move, from, to } = await pickStep(page, s0);
  // One frame handles every click since the last with the pointer where it
  // ended (Bevy's picking): a person's clicks are frames apart, so are ours.
  await page.mouse.click(from.x, from.y);
  await waitStatus(page, `s => s.selected === '${move.split('-')[0]}'`, 10_000, 'the piece to be picked up');
  await page.mouse.click(to.x, to.y);
  const s1 = await awaitReply(page, s0.moves, move);
  log(`clicked ${move}; the computer answered ${s1.lastMove} (depth ${s1.lastSearch?.depth})`);
  const drag = await pickStep(page, s1);
  await mouseDrag(page, drag.from, drag.to);
  const s2 = await awaitReply(page, s1.moves, drag.move);
  log(`dragged ${drag.move}; the computer answered ${s2.lastMove}`);
  await page.screenshot({ path: join(options.out, 'desktop.png') });
  await resumesFromStorage(page, base, s2);
  await context.close();
}

/**
 * A game on a board that is no grid, from the address (`?game=kaooa`: the
 * star): the same board of entities as every game, with its ten points,
 * and the computer playing both sides in the AI worker.
 */
async function starGame(browser, base, report) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  watch(page, 'star', report.problems);
  const { status: s0 } = await openGame(page, base, '?game=kaooa&hunters=easy&crowd=easy');
  const points = Object.keys(s0.points ?? {});
  if (s0.screen !== 'game' || s0.game !== 'kaooa' || points.length !== 10) {
    throw new Error(`expected Kaooa's star on the board: ${JSON.stringify(s0)}`);
  }
  const s1 = await waitStatus(page, 's => s.moves >= 6 || s.outcome', REPLY_TIMEOUT_MS,
    'six moves of the computers');
  await page.screenshot({ path: join(options.out, 'star.png') });
  log(`Kaooa: ${s1.moves} moves by the computers (${s1.moveList.join(' ')})`);
  await context.close();
}

/**
 * A click on the board the moment the page says ready takes: ten fresh
 * loads and ten offline reloads of a Bagh-Chal game, each placing a goat
 * at once (the loader that fades over the board used to take such a click).
 */
async function clickAtReady(browser, base, report) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const problems = [];
  watch(page, 'click at ready', problems);
  const address = `${base}/index.html?game=bagh-chal&hunters=medium&crowd=human`;
  const loadAndClick = async (label) => {
    await page.goto(address);
    // Polled every animation frame: at the first frame that sees `ready`,
    // what a click on the goat's point would reach, then the click itself.
    const handle = await page.waitForFunction(() => {
      const s = window.strongholdStatus;
      if (!s?.ready) return null;
      const placement = s.legal.find((m) => /^@[a-g]\d$/.test(m));
      const point = placement && s.points[placement.slice(1)];
      if (!point) return { moves: s.moves, legal: s.legal };
      const canvas = document.getElementById('stronghold').getBoundingClientRect();
      const [x, y] = [canvas.left + point[0], canvas.top + point[1]];
      const hit = document.elementFromPoint(x, y);
      return { moves: s.moves, placement, x, y, hit: hit?.id || hit?.tagName };
    }, null, { timeout: BOARD_TIMEOUT_MS, polling: 'raf' });
    const at = await handle.jsonValue();
    if (!at.placement) throw new Error(`${label}: no goat to place among ${at.legal.join(' ')}`);
    if (at.hit !== 'stronghold') throw new Error(`${label}: at ready a click on ${at.placement} reaches ${at.hit}, not the board`);
    await page.mouse.click(at.x, at.y);
    await waitStatus(page, `s => s.moves >= ${at.moves + 1}`, 5_000, `${label}: the goat clicked at ready (${at.placement})`);
  };
  for (let i = 1; i <= 10; i++) await loadAndClick(`fresh load ${i}`);
  await awaitOfflineCopy(page);
  await context.setOffline(true);
  for (let i = 1; i <= 10; i++) await loadAndClick(`offline reload ${i}`);
  report.problems.push(...problems.filter((p) => !/request failed|ERR_INTERNET_DISCONNECTED/.test(p)));
  log('a click at the moment of ready took, 10 fresh loads and 10 offline reloads');
  await context.close();
}

/** The unfinished game is kept in localStorage: the plain address brings it back. */
async function resumesFromStorage(page, base, before) {
  await page.waitForTimeout(1500); // the autosave is written once the board settles
  const keys = await page.evaluate(() => Object.keys(localStorage).sort());
  const { status: after } = await openGame(page, base);
  if (after.moves !== before.moves || after.lastMove !== before.lastMove) {
    throw new Error(`reloaded with ${after.moves} moves (last ${after.lastMove}), expected ${before.moves} (last ${before.lastMove}); localStorage keys: ${keys.join(', ')}`);
  }
  await page.screenshot({ path: join(options.out, 'resumed.png') });
  log(`reloaded: the game of ${after.moves} moves is back (localStorage: ${keys.join(', ')})`);
}

/**
 * The loading screen on a slow line (the module at 4 MB/s): the bar moves
 * through several steps, says how much has arrived, and gives way to the board.
 */
async function loadingScreen(browser, base, report) {
  const context = await browser.newContext({ viewport: { width: 800, height: 600 } });
  const page = await context.newPage();
  watch(page, 'loading', report.problems);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false, latency: 20, downloadThroughput: 4 * 1024 * 1024, uploadThroughput: 1024 * 1024,
  });
  await page.goto(`${base}/index.html`);
  const seen = new Map();
  let shot = false;
  while (!(await status(page))?.ready) {
    const value = Number(await page.locator('#loader .bar').getAttribute('aria-valuenow'));
    const text = await page.locator('#loader-text').textContent();
    if (!seen.has(value)) seen.set(value, text);
    if (!shot && value >= 30) {
      await page.screenshot({ path: join(options.out, 'loading.png') });
      shot = true;
    }
    await page.waitForTimeout(100);
  }
  const steps = [...seen.keys()].filter((v) => v > 0 && v < 85);
  const download = [...seen.values()].find((t) => /MB/.test(t));
  const after = [...seen.entries()].filter(([v]) => v >= 85).map(([v, t]) => `${v}% ${t}`);
  log(`loading: the bar went through ${seen.size} values (${steps.length} while downloading), e.g. "${download}", then: ${after.join('; ')}`);
  if (steps.length < 5 || !download) throw new Error(`the loading bar did not show the download: ${JSON.stringify([...seen])}`);
  await context.close();
}

/** Taps a point (a touch of about a tenth of a second, as a finger). */
async function tap(page, { x, y }) {
  await page.touchscreen.tap(x, y);
  await page.waitForTimeout(150);
}

/** Drags with one finger from `from` to `to` (Chrome's touch events, as a phone sends). */
async function touchDrag(page, cdp, from, to) {
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [from] });
  await nextFrames(page, 2);
  for (let i = 1; i <= DRAG_STEPS; i++) {
    const x = from.x + (to.x - from.x) * i / DRAG_STEPS;
    const y = from.y + (to.y - from.y) * i / DRAG_STEPS;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] });
    await nextFrames(page, 2);
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

/** A mouse drag as a person makes one, spread over frames (see `nextFrames`). */
async function mouseDrag(page, from, to) {
  await page.mouse.move(from.x, from.y);
  await nextFrames(page, 2);
  await page.mouse.down();
  await nextFrames(page, 2);
  for (let i = 1; i <= DRAG_STEPS; i++) {
    await page.mouse.move(from.x + (to.x - from.x) * i / DRAG_STEPS, from.y + (to.y - from.y) * i / DRAG_STEPS);
    await nextFrames(page, 2);
  }
  await page.mouse.up();
}

/** Steps of a drag; each waits for the game to draw a frame. */
const DRAG_STEPS = 4;

/**
 * Waits until the page has drawn `n` more frames. Bevy reads the pointer once
 * a frame, so a drag whose events all land between two frames (a slow
 * software renderer draws about two a second) is seen as a jump, not a
 * drag; a person's drag spans many frames, and so does ours.
 */
function nextFrames(page, n) {
  return page.evaluate((count) => new Promise((resolve) => {
    let left = count;
    const tick = () => (--left > 0 ? requestAnimationFrame(tick) : resolve());
    requestAnimationFrame(tick);
  }), n);
}

/** A touch screen (a tablet, where the board and the panel both fit): tap-tap and drag play moves. */
async function touchGame(browser, base, report) {
  const context = await browser.newContext({
    viewport: { width: 1024, height: 768 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true,
  });
  const page = await context.newPage();
  watch(page, 'touch', report.problems);
  const { status: s0 } = await openGame(page, base, PLAY);
  const cdp = await context.newCDPSession(page);
  const first = await pickStep(page, s0);
  await tap(page, first.from);
  await waitStatus(page, `s => s.selected === '${first.move.split('-')[0]}'`, 10_000, 'the tapped piece to be picked up');
  await tap(page, first.to);
  const s1 = await awaitReply(page, s0.moves, first.move);
  log(`touch: tapped ${first.move}; the computer answered ${s1.lastMove}`);
  const drag = await pickStep(page, s1);
  await touchDrag(page, cdp, drag.from, drag.to);
  const s2 = await awaitReply(page, s1.moves, drag.move);
  log(`touch: dragged ${drag.move}; the computer answered ${s2.lastMove}`);
  await page.screenshot({ path: join(options.out, 'touch.png') });
  await context.close();
}

/**
 * A phone both ways up: the canvas fills the screen, and the board is on it.
 * The board fits beside the side panel only once the panel folds away on
 * narrow screens; until then `--phone-board warn` (the default) reports the
 * points off screen instead of failing.
 */
async function phoneLayout(browser, base, report) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true,
  });
  const page = await context.newPage();
  watch(page, 'phone', report.problems);
  await openGame(page, base, PLAY);
  for (const [width, height, name] of [[390, 844, 'portrait'], [844, 390, 'landscape']]) {
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(800);
    const box = await page.locator('#stronghold').boundingBox();
    if (Math.abs(box.width - width) > 1 || Math.abs(box.height - height) > 1) {
      throw new Error(`phone ${name}: canvas ${box.width}x${box.height} does not fill ${width}x${height}`);
    }
    const s = await status(page);
    await page.screenshot({ path: join(options.out, `phone-${name}.png`) });
    const points = Object.values(s.points);
    const off = points.filter(([x, y]) => x < 0 || y < 0 || x > width || y > height).length;
    const xs = points.map(([x]) => x);
    const span = Math.max(...xs) - Math.min(...xs);
    const text = `phone ${name}: canvas fills ${width}x${height}; board ${Math.round(span)} px wide, ${off} of ${points.length} points off screen`;
    if (off > 0 && options.phoneBoard === 'strict') throw new Error(text);
    log(off > 0 ? `WARNING ${text} (the side panel must fold away on narrow screens)` : text);
  }
  await context.close();
}

/** The messages instead of a blank page: no WebGL 2, and a module that fails to download. */
async function failurePages(browser, base) {
  const cases = [
    ['no-webgl2', (context) => context.addInitScript(() => {
      const getContext = HTMLCanvasElement.prototype.getContext;
      HTMLCanvasElement.prototype.getContext = function (kind, ...rest) {
        return kind === 'webgl2' ? null : getContext.call(this, kind, ...rest);
      };
    })],
    ['failed', (context) => context.route(/stronghold_bg\.wasm/, (route) => route.fulfill({ status: 404, body: 'gone' }))],
  ];
  for (const [kind, breakIt] of cases) {
    const context = await browser.newContext({ viewport: { width: 800, height: 600 } });
    await breakIt(context);
    const page = await context.newPage();
    await page.goto(`${base}/index.html`);
    const failure = page.locator('#failure');
    await failure.waitFor({ state: 'visible', timeout: 20_000 });
    const title = await page.locator('#failure-title').textContent();
    const expected = await page.evaluate(async (id) => {
      const text = await (await fetch('assets/i18n/en/web.ftl')).text();
      return new RegExp(`^${id}-title = (.*)$`, 'm').exec(text)?.[1];
    }, `web-loader-${kind}`);
    if (!title || title !== expected) throw new Error(`${kind}: failure title "${title}", expected "${expected}"`);
    await page.screenshot({ path: join(options.out, `failure-${kind}.png`) });
    log(`${kind}: the page says "${title}"`);
    await context.close();
  }
}

/** Frame intervals (requestAnimationFrame) for `seconds`, split by whether the AI was thinking. */
async function frameTimes(page, seconds) {
  return page.evaluate((ms) => new Promise((resolve) => {
    const frames = { idle: [], thinking: [] };
    let last = performance.now();
    const end = last + ms;
    const tick = (now) => {
      (window.strongholdStatus?.thinking ? frames.thinking : frames.idle).push(now - last);
      last = now;
      if (now < end) requestAnimationFrame(tick); else resolve(frames);
    };
    requestAnimationFrame(tick);
  }), seconds * 1000);
}

function summary(values) {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))];
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  return { frames: values.length, mean: +mean.toFixed(1), p50: +at(0.5).toFixed(1), p99: +at(0.99).toFixed(1), max: +sorted.at(-1).toFixed(1) };
}

/** Idle frames (two people, nobody moves), then a Master vs Master game: frames and depth per move. */
async function measure(browser, base, report) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const idle = await context.newPage();
  watch(idle, 'measure-idle', report.problems);
  await openGame(idle, base, '?hunters=human&crowd=human');
  await idle.waitForTimeout(2000);
  report.figures.idleFrames = summary((await frameTimes(idle, options.seconds)).idle);
  await idle.close();
  const page = await context.newPage();
  watch(page, 'measure-master', report.problems);
  await openGame(page, base, '?hunters=master&crowd=master');
  const frames = await frameTimes(page, options.seconds);
  report.figures.masterFrames = summary(frames.thinking);
  report.figures.masterIdleFrames = summary(frames.idle);
  const depths = [];
  let seen = 0;
  const deadline = Date.now() + options.moves * 15_000;
  while (depths.length < options.moves && Date.now() < deadline) {
    const s = await waitStatus(page, `s => s.moves > ${seen} || s.outcome`, 30_000, 'a Master move');
    if (s.moves > seen && s.lastSearch) {
      depths.push({ ply: s.moves, move: s.lastMove, depth: s.lastSearch.depth, nodes: s.lastSearch.nodes, seconds: +s.lastSearch.seconds.toFixed(2) });
      seen = s.moves;
    }
    if (s.outcome) break;
  }
  report.figures.masterDepths = depths;
  await page.screenshot({ path: join(options.out, 'master.png') });
  await context.close();
}

/** A file of the build: its size raw, gzip -9 and brotli (each file compressed once: brotli takes a minute on the module). */
const compressed = new Map();
function fileSizes(f) {
  if (!compressed.has(f)) {
    const bytes = readFileSync(join(options.dist, f));
    compressed.set(f, { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length, brotli: brotliCompressSync(bytes).length });
  }
  return compressed.get(f);
}

/** The download: what comes before the first board (the bar), and the AI worker's files after it; gzip -9 and brotli. */
function checkSizes(report) {
  const sizes = (files) => {
    const sum = { files, raw: 0, gzip: 0, brotli: 0 };
    for (const f of files) {
      const one = fileSizes(f);
      sum.raw += one.raw;
      sum.gzip += one.gzip;
      sum.brotli += one.brotli;
    }
    return sum;
  };
  const mb = (n) => (n / 1048576).toFixed(2);
  const all = readdirSync(options.dist);
  const first = sizes(all.filter((f) => FIRST_LOAD.test(f)));
  const worker = sizes(all.filter((f) => /^(ai-worker\.js|stronghold_ai\.js|stronghold_ai_bg\.wasm)$/.test(f)));
  report.figures.firstLoad = first;
  report.figures.aiWorker = worker;
  for (const [what, s] of [['before the first board', first], ['the AI worker, after it', worker]]) {
    log(`${what}: ${s.files.join(' + ')}: ${mb(s.raw)} MB raw, ${mb(s.gzip)} MB gzip, ${mb(s.brotli)} MB brotli`);
  }
  if (first.gzip > FIRST_LOAD_GZIP_LIMIT) {
    report.problems.push(`the page, scripts and module are ${mb(first.gzip)} MB gzip, over the bar of ${mb(FIRST_LOAD_GZIP_LIMIT)} MB`);
  }
}

/**
 * Everything the page really fetches before its first board (in a fresh
 * browser: the page's own resource timings, up to the moment its status
 * says ready), sized from dist/: at most 5 MB gzip, assets included. The
 * first board (the menu's Pirates board) needs its own skin's pictures
 * only: the other skins and the sounds come after it.
 */
async function firstLoad(browser, base, report) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  watch(page, 'first-load', report.problems);
  // Stamps the moment the board is ready, on the page's clock.
  await page.addInitScript(() => {
    const timer = setInterval(() => {
      if (window.strongholdStatus?.ready) {
        window.strongholdReadyAt = performance.now();
        clearInterval(timer);
      }
    }, 10);
  });
  await openGame(page, base);
  const paths = await page.evaluate(() => performance.getEntriesByType('resource')
    .filter((e) => e.startTime <= window.strongholdReadyAt && new URL(e.name).origin === location.origin)
    .map((e) => decodeURIComponent(new URL(e.name).pathname).replace(/^\//, '')));
  await context.close();
  const fetched = new Set(['index.html', ...paths]);
  const skins = new Set([...fetched].map((f) => f.match(/^assets\/(?:sprites|textures)\/([^/]+)\//)?.[1]).filter(Boolean));
  if (skins.size > 1) report.problems.push(`before the first board the page fetched the pictures of ${skins.size} skins (${[...skins].join(', ')}); it needs one`);
  const sounds = [...fetched].filter((f) => f.startsWith('assets/sounds/'));
  if (sounds.length > 0) report.problems.push(`before the first board the page fetched sounds: ${sounds.join(', ')}`);
  const sum = { files: fetched.size, raw: 0, gzip: 0, brotli: 0 };
  const assets = { raw: 0, gzip: 0 };
  for (const f of fetched) {
    if (!existsSync(join(options.dist, f))) continue;
    const one = fileSizes(f);
    sum.raw += one.raw;
    sum.gzip += one.gzip;
    sum.brotli += one.brotli;
    if (f.startsWith('assets/')) {
      assets.raw += one.raw;
      assets.gzip += one.gzip;
    }
  }
  const mb = (n) => (n / 1048576).toFixed(2);
  report.figures.beforeFirstBoard = { ...sum, assetsRaw: assets.raw, assetsGzip: assets.gzip };
  log(`everything fetched before the first board: ${sum.files} files, ${mb(sum.raw)} MB raw, ${mb(sum.gzip)} MB gzip, ${mb(sum.brotli)} MB brotli (assets ${mb(assets.gzip)} MB gzip; goal 5 MB gzip; pictures of: ${[...skins].join(', ') || 'no skin'})`);
  if (sum.gzip > FIRST_LOAD_GZIP_LIMIT) report.problems.push(`everything fetched before the first board is ${mb(sum.gzip)} MB gzip, over ${mb(FIRST_LOAD_GZIP_LIMIT)} MB`);
}

/** The desktop's `stronghold-cli`: release when built (as players run it), else the debug build. */
function desktopCli() {
  const target = process.env.CARGO_TARGET_DIR ?? 'target';
  for (const profile of ['release', 'debug']) {
    const path = process.env.STRONGHOLD_CLI ?? join(target, profile, 'stronghold-cli');
    if (existsSync(path)) return { path, profile: process.env.STRONGHOLD_CLI ? 'given' : profile };
  }
  throw new Error(`no stronghold-cli under ${target} (set STRONGHOLD_CLI)`);
}

/**
 * Master's depth on the first move of Pirates and Bulgars, searched in the
 * page's AI worker, against the desktop's (`stronghold-cli bestmove pirates
 * --level master`, run right after on the same machine): at most one ply less.
 */
async function workerDepth(browser, base, report) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  watch(page, 'worker', report.problems);
  const workers = [];
  page.on('worker', (w) => workers.push(w.url()));
  await openGame(page, base, '?game=pirates&crowd=master&hunters=human');
  const s = await waitStatus(page, 's => s.moves >= 1 && s.lastSearch', REPLY_TIMEOUT_MS, "Master's first move");
  const browserDepth = s.lastSearch.depth;
  await context.close();
  if (!workers.some((url) => /ai-worker\.js/.test(url))) throw new Error(`the search did not run in the AI worker (workers: ${workers.join(', ') || 'none'})`);
  const cli = desktopCli();
  const out = execFileSync(cli.path, ['bestmove', 'pirates', '--level', 'master'], { encoding: 'utf8' });
  const desktopDepth = Number(/^depth (\d+)$/m.exec(out)?.[1]);
  report.figures.masterDepth = { browser: browserDepth, browserNodes: s.lastSearch.nodes, browserSeconds: +s.lastSearch.seconds.toFixed(2), desktop: desktopDepth, desktopCli: cli.profile };
  log(`Master's first move in Pirates and Bulgars: depth ${browserDepth} in the browser's AI worker (${s.lastSearch.nodes} nodes), ${desktopDepth} on the desktop (${cli.profile} stronghold-cli)`);
  if (!(browserDepth >= desktopDepth - 1)) {
    // The page's software renderer shares the two cores with the worker
    // here, which the desktop's search does not: `--depth strict` fails.
    const text = `the browser's depth ${browserDepth} is more than one ply under the desktop's ${desktopDepth}`;
    if (options.depth === 'strict') throw new Error(text);
    log(`WARNING ${text}`);
  }
}

/**
 * The coach's analysis runs in the page's AI worker: started from the
 * address (`analyse`), it reports the worker as its runner, the page takes
 * input meanwhile (a piece picked up), and every move ends up graded.
 */
async function workerAnalysis(browser, base, report) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  watch(page, 'analysis', report.problems);
  const moves = ['d4-d5', 'c6-c7'];
  const started = Date.now();
  const { status: s0 } = await openGame(page, base, `?game=pirates&hunters=human&crowd=human&moves=${moves.join('+')}&analyse`);
  if (s0.moves !== moves.length) throw new Error(`the game from the address has ${s0.moves} moves, not ${moves.length}`);
  const running = await waitStatus(page, 's => s.analysis && (s.analysis.runner || s.analysis.graded)', 20_000, 'the analysis to start');
  if (running.analysis.runner && running.analysis.runner !== 'worker') throw new Error(`the analysis runs in ${running.analysis.runner}, not the AI worker`);
  if (running.analysis.runner) {
    // The page's thread is free while the worker analyses: a piece can be picked up.
    const { move, from } = await pickStep(page, running);
    await page.mouse.click(from.x, from.y);
    await waitStatus(page, `s => s.selected === '${move.split('-')[0]}' || !(s.analysis && s.analysis.runner)`, 10_000, 'a piece to be picked up during the analysis');
  }
  const done = await waitStatus(page, `s => s.analysis && !s.analysis.runner && s.analysis.graded === ${moves.length}`, REPLY_TIMEOUT_MS, 'every move to be graded');
  report.figures.analysisSeconds = +((Date.now() - started) / 1000).toFixed(1);
  await page.screenshot({ path: join(options.out, 'analysis.png') });
  log(`the AI worker analysed ${done.analysis.graded} moves (${report.figures.analysisSeconds} s from opening the page)`);
  await context.close();
}

/** Waits until the service worker controls the page and keeps this build. */
async function awaitOfflineCopy(page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    for (let i = 0; i < 300 && !navigator.serviceWorker.controller; i++) await new Promise((r) => setTimeout(r, 100));
    if (!navigator.serviceWorker.controller) throw new Error('the service worker never took over the page');
    return { scope: registration.scope, caches: await caches.keys() };
  });
}

/** A copy of the build with another build id, as if built again. */
function rebuiltCopy(dist, oldId, newId) {
  const copy = mkdtempSync(join(tmpdir(), 'stronghold-rebuilt-'));
  cpSync(dist, copy, { recursive: true });
  for (const f of ['index.html', 'sw.js', 'ai-worker.js']) {
    const path = join(copy, f);
    writeFileSync(path, readFileSync(path, 'utf8').split(oldId).join(newId));
  }
  return copy;
}

/**
 * After one visit the game plays offline: the page reloads with the network
 * off, draws the board and the computer answers a move. Back online, a new
 * build comes through whole and the old build's cache goes.
 */
async function offlinePlay(browser, base, report, server) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const problems = [];
  watch(page, 'offline', problems);
  await openGame(page, base, PLAY);
  const kept = await awaitOfflineCopy(page);
  const build = await page.evaluate(() => document.documentElement.dataset.build);
  log(`offline: the service worker keeps build ${build} (caches: ${kept.caches.join(', ')})`);
  await context.setOffline(true);
  const { status: s0, ms } = await openGame(page, base, PLAY);
  const { move, from, to } = await pickStep(page, s0);
  await page.mouse.click(from.x, from.y);
  await waitStatus(page, `s => s.selected === '${move.split('-')[0]}'`, 10_000, 'the piece to be picked up (offline)');
  await page.mouse.click(to.x, to.y);
  const s1 = await awaitReply(page, s0.moves, move);
  await page.screenshot({ path: join(options.out, 'offline.png') });
  log(`offline: the page reloaded in ${ms} ms, played ${move} and the computer answered ${s1.lastMove}`);
  // Offline, fetches that find no network fail by design: only the page's own problems count.
  report.problems.push(...problems.filter((p) => !/request failed|ERR_INTERNET_DISCONNECTED/.test(p)));
  await context.setOffline(false);
  const newId = `${build.slice(0, 6)}rebuilt`;
  const copy = rebuiltCopy(options.dist, build, newId);
  server.serveFrom(copy);
  try {
    await openGame(page, base, PLAY);
    const shown = await page.evaluate(() => document.documentElement.dataset.build);
    if (shown !== newId) throw new Error(`back online the page is still build ${shown}, not the new ${newId}`);
    let keys = [];
    for (let i = 0; i < 100; i++) {
      keys = await page.evaluate(() => caches.keys());
      if (keys.length === 1 && keys[0] === `stronghold-${newId}`) break;
      await page.waitForTimeout(200);
    }
    if (keys.length !== 1 || keys[0] !== `stronghold-${newId}`) throw new Error(`the caches after the new build: ${keys.join(', ')}`);
    log(`offline: back online, the new build ${newId} came through and replaced the old cache (${keys.join(', ')})`);
  } finally {
    server.serveFrom(options.dist);
    rmSync(copy, { recursive: true, force: true });
  }
  await context.close();
}

function log(text) {
  console.log(`browser test: ${text}`);
}

async function main() {
  mkdirSync(options.out, { recursive: true });
  const server = await serve(options.dist);
  const base = `http://127.0.0.1:${server.address().port}`;
  const report = { problems: [], figures: {} };
  checkSizes(report);
  let browser;
  let failed = null;
  try {
    browser = await launch();
    log(`Chromium ${browser.version()}, serving ${options.dist} on ${base}`);
    const checks = {
      desktopGame, starGame, clickAtReady, firstLoad, touchGame, phoneLayout, loadingScreen, failurePages, workerDepth, workerAnalysis,
      offlinePlay: (b, base, report) => offlinePlay(b, base, report, server),
    };
    // Online play against the bot through a real server (tests/browser/online.mjs).
    const helpers = { watch, waitStatus, openGame, pickStep, log, out: options.out, onlineJoin: options.onlineJoin };
    checks.onlineGames = (b, base, report) => onlineGames(b, base, report, helpers);
    // The keyboard alone and the screen reader's page (tests/browser/keyboard.mjs).
    checks.keyboardGames = (b, base, report) => keyboardGames(b, base, report, helpers);
    if (options.measure) checks.measure = measure;
    for (const [name, check] of Object.entries(checks)) {
      if (!options.only || options.only.split(',').includes(name)) await check(browser, base, report);
    }
  } catch (error) {
    failed = error;
  } finally {
    await browser?.close();
    server.close();
  }
  if (Object.keys(report.figures).length) log(`figures ${JSON.stringify(report.figures, null, 1)}`);
  for (const problem of report.problems) console.error(`browser test: ${problem}`);
  if (failed) console.error(`browser test: FAILED: ${failed.stack ?? failed}`);
  const ok = !failed && report.problems.length === 0;
  log(ok ? `passed; screenshots in ${options.out}` : 'FAILED');
  process.exit(ok ? 0 : 1);
}

main();
