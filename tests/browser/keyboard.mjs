// The web page with the keyboard alone and as a screen reader reads it
// (issue 56; run by play.mjs, check `keyboardGames`):
// - the menus: every item of the main menu is found in the page's
//   accessibility tree by role and name (the copy of egui's AccessKit tree,
//   #ui-mirror), and Tab and Enter alone open the new game's page and start
//   a game;
// - a whole game of Pirates: the first moves on the canvas (Tab to the
//   board, the arrow keys, Enter; the page's status tells where the cursor
//   is), then Escape and Tab out to the command box, and the rest typed;
// - a whole game of Kaooa typed in the command box;
// - a two-round match (Gioco dell'Orso): round one typed to its end, the
//   round's end said, round 2 of 2 in the panel, round two to the end;
// - the point under the board's cursor is said in its own live region;
// - each move's announcement is read from the live log's ARIA snapshot
//   (Playwright's `ariaSnapshot`, what a screen reader is given), and the
//   result at the end.

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The name of the focused element, as the page's accessibility tree has it. */
const focusedName = (page) => page.evaluate(() => {
  const e = document.activeElement;
  return e ? (e.getAttribute('aria-label') ?? e.textContent ?? '').trim() + `|${e.id}|${e.tagName}` : '';
});

/** Tabs until `test(name)` holds for the focused element (at most `most` presses). */
async function tabTo(page, test, most, what) {
  for (let i = 0; i < most; i++) {
    await page.keyboard.press('Tab');
    if (test(await focusedName(page))) return;
  }
  throw new Error(`Tab never reached ${what}; focus on ${await focusedName(page)}`);
}

/** The move's words as the log says them (English). */
function expectedWords(move) {
  if (move.startsWith('@')) return `placed on ${move.slice(1)}`;
  if (/^x[a-z]\d+$/.test(move)) return `on ${move.slice(1)} removed`;
  if (move === 'pass') return 'pass';
  const points = move.split(/[-x]/);
  if (move.includes('x')) return `from ${points[0]} takes`;
  return `from ${points[0]} to ${points[1]}`;
}

/** A simple player: the longest capture, else a move by a fixed sequence. */
function chooser() {
  let seed = 7n;
  return (legal) => {
    const jumps = legal.filter((m) => /x/.test(m) && !m.startsWith('x')).sort((a, b) => b.length - a.length);
    if (jumps.length) return jumps[0];
    seed = (seed * 6364136223846793005n + 1442695040888963407n) % (1n << 64n);
    return legal[Number(seed >> 33n) % legal.length];
  };
}

/** The log's ARIA snapshot: what a screen reader has been told. */
const logSnapshot = (page) => page.locator('#speech-log').ariaSnapshot();

/** Types a move in the command box (which has the focus) and checks its announcement. */
async function typeMove(page, h, move, before) {
  await page.keyboard.type(move);
  await page.keyboard.press('Enter');
  await h.waitStatus(page, `s => s.moves > ${before} || s.outcome`, 20_000, `the typed move ${move}`);
  await announced(page, h, move);
}

async function announced(page, h, move) {
  const words = expectedWords(move);
  const deadline = Date.now() + 10_000;
  for (;;) {
    const snapshot = await logSnapshot(page);
    const lines = snapshot.split('\n').filter((l) => l.includes('paragraph'));
    if (lines.slice(-2).some((l) => l.includes(words))) return snapshot;
    if (Date.now() > deadline) throw new Error(`the log never said "${words}" for ${move}:\n${snapshot}`);
    await page.waitForTimeout(100);
  }
}

async function menusByRole(page, base, h) {
  await h.openGame(page, base);
  const mirror = page.locator('#ui-mirror');
  for (const name of ['New game', 'Puzzles', 'Saved games', 'Rules', 'Settings', 'About']) {
    const count = await mirror.getByRole('button', { name, exact: true }).count();
    if (count !== 1) throw new Error(`the menu item "${name}" is not in the page's accessibility tree once (${count})`);
  }
  writeFileSync(join(h.out, 'menu-aria.yaml'), await mirror.ariaSnapshot());
  // Keyboard alone: from the page's start to "New game", Enter; to "Start", Enter.
  await page.evaluate(() => document.activeElement?.blur());
  await tabTo(page, (n) => n.startsWith('New game|'), 40, 'New game');
  await page.keyboard.press('Enter');
  await mirror.getByRole('button', { name: 'Start', exact: true }).waitFor({ state: 'attached', timeout: 10_000 });
  await tabTo(page, (n) => n.startsWith('Start|'), 80, 'Start');
  await page.keyboard.press('Enter');
  await h.waitStatus(page, "s => s.screen === 'game'", 10_000, 'the game Start opens');
  h.log('menus: every main-menu item found by role and name; Tab and Enter started a game');
}

/** The arrow that brings the cursor nearer to `to` (canvas y grows downwards). */
function arrowToward(s, to) {
  const [x0, y0] = s.points[s.cursor];
  const [x1, y1] = s.points[to];
  const [dx, dy] = [x1 - x0, y1 - y0];
  if (Math.abs(dx) > Math.abs(dy)) return dx > 0 ? 'ArrowRight' : 'ArrowLeft';
  return dy > 0 ? 'ArrowDown' : 'ArrowUp';
}

async function cursorTo(page, h, to) {
  for (let i = 0; i < 24; i++) {
    const s = await h.waitStatus(page, 's => !!s.cursor', 10_000, 'the board cursor');
    if (s.cursor === to) return;
    const cursor = s.cursor;
    await page.keyboard.press(arrowToward(s, to));
    await h.waitStatus(page, `s => s.cursor !== '${cursor}'`, 10_000, `the cursor to leave ${cursor}`);
  }
  throw new Error(`the arrows never brought the cursor to ${to}`);
}

/** A step on the canvas by the board's cursor: to the piece, Enter, to its point, Enter. */
async function stepByArrows(page, h, s) {
  const move = s.legal.find((m) => /^[a-g]\d-[a-g]\d$/.test(m));
  const [from, to] = move.split('-');
  await cursorTo(page, h, from);
  // The point under the cursor is said in the page's second live region.
  await page.waitForFunction((p) => document.getElementById('cursor-words')?.textContent?.includes(`${p}: `),
    from, { timeout: 10_000 });
  await page.keyboard.press('Enter');
  await h.waitStatus(page, `s => s.selected === '${from}'`, 10_000, `${from} picked up`);
  await cursorTo(page, h, to);
  await page.keyboard.press('Enter');
  await h.waitStatus(page, `s => s.moves > ${s.moves}`, 10_000, `the move ${move}`);
  await announced(page, h, move);
  return move;
}

/** Plays to the end by typing in the command box; returns the moves typed. */
async function typeToTheEnd(page, h, most) {
  const pick = chooser();
  let typed = 0;
  for (;;) {
    const s = await h.waitStatus(page, 's => s.mover === "human" || s.outcome', 20_000, 'a person to move');
    if (s.outcome) break;
    if (typed >= most) throw new Error(`no end after ${typed} typed moves`);
    await typeMove(page, h, pick(s.legal), s.moves);
    typed += 1;
  }
  return typed;
}

async function resultSaid(page) {
  const snapshot = await logSnapshot(page);
  const last = snapshot.split('\n').filter((l) => l.includes('paragraph')).pop() ?? '';
  if (last.includes('to move')) throw new Error(`the end was not said: ${last}`);
  return last;
}

async function piratesByKeys(page, base, h) {
  await h.openGame(page, base, '?game=pirates&hunters=human&crowd=human');
  // The page gives the canvas the keyboard once the board is drawn; Tab
  // there is the game's own: its first stop is the board.
  await page.keyboard.press('Tab');
  let s = await h.waitStatus(page, 's => !!s.cursor', 10_000, 'the board to take the keyboard');
  const byArrows = [];
  for (let i = 0; i < 2; i++) {
    byArrows.push(await stepByArrows(page, h, s));
    s = await h.waitStatus(page, 's => true', 1_000, 'the status');
  }
  await page.screenshot({ path: join(h.out, 'keyboard-board.png') });
  // Escape, Tab: out of the canvas into the command box.
  await page.keyboard.press('Escape');
  await page.keyboard.press('Tab');
  const focus = await focusedName(page);
  if (!focus.includes('|command|')) throw new Error(`Escape, Tab should reach the command box: ${focus}`);
  await page.screenshot({ path: join(h.out, 'keyboard-words.png') });
  const typed = await typeToTheEnd(page, h, 400);
  const last = await resultSaid(page);
  writeFileSync(join(h.out, 'pirates-log-aria.yaml'), await logSnapshot(page));
  h.log(`Pirates by keys: ${byArrows.join(' ')} by the arrows, ${typed} moves typed; the log ends "${last.trim()}"`);
}

async function kaooaByKeys(page, base, h) {
  await h.openGame(page, base, '?game=kaooa&hunters=human&crowd=human');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Tab');
  const typed = await typeToTheEnd(page, h, 300);
  const last = await resultSaid(page);
  h.log(`Kaooa by keys: ${typed} moves typed; the log ends "${last.trim()}"`);
}

/** Gioco dell'Orso's round one but its last ply (tests/game/game_ai.rs has the same). */
const GIOCO_ROUND_ONE = ('@c4 @d3 @e4 d4-d5 d3-d4 d5-d7 d4-d5 d7-c6 c4-a4 c6-b5 a4-b3 b5-a4 d5-c4 '
  + 'a4-b5 e4-g4 b5-c6 b3-b5 c6-d7 c4-d5 d7-e6 g4-f5 e6-d7 f5-e6 d7-c6 d5-d7').split(' ');

/**
 * A two-round match on the web: round one typed to its end, the log says
 * how long the bear lasted and that the players swap, the panel (in the
 * page's copy of the accessibility tree) shows round 2 of 2, and round two
 * goes on.
 */
async function giocoRounds(page, base, h) {
  await h.openGame(page, base, '?game=gioco-dell-orso&hunters=human&crowd=human');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Tab');
  for (const move of GIOCO_ROUND_ONE) {
    const s = await h.waitStatus(page, 's => s.mover === "human"', 20_000, 'a person to move');
    await typeMove(page, h, move, s.moves);
  }
  const snapshot = await logSnapshot(page);
  if (!snapshot.includes('Round one is over: the bear lasted 22 moves')) {
    throw new Error(`the log did not say round one's end:\n${snapshot}`);
  }
  const mirror = page.locator('#ui-mirror');
  await mirror.getByText('2 of 2', { exact: true }).first().waitFor({ state: 'attached', timeout: 10_000 });
  // Round two: the start's pieces again, the hunters to be placed again.
  const s = await h.waitStatus(page, 's => s.mover === "human" && s.legal.length > 0', 20_000, 'round two');
  if (!s.legal.some((m) => m.startsWith('@'))) throw new Error(`round two should start with placements: ${s.legal.join(' ')}`);
  const typed = await typeToTheEnd(page, h, 250);
  const last = await resultSaid(page);
  if (!/The player who began as the (bear|hunters) wins the match!|Draw\./.test(last)) {
    throw new Error(`the match's result should name the winning player: ${last}`);
  }
  h.log(`Gioco dell'Orso: round one typed (${GIOCO_ROUND_ONE.length} moves), round two ${typed} moves; the log ends "${last.trim()}"`);
}

export async function keyboardGames(browser, base, report, h) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const menuPage = await context.newPage();
  // The new game's page looks for the online lobby on the default server,
  // which this test does not run: the browser's own console line for the
  // refused WebSocket is expected there (online.mjs runs a server), and
  // nothing else is.
  const menuProblems = [];
  h.watch(menuPage, 'keyboard menus', menuProblems);
  await menusByRole(menuPage, base, h);
  report.problems.push(...menuProblems.filter((p) => !/WebSocket connection to .* failed/.test(p)));
  await menuPage.close();
  const page = await context.newPage();
  h.watch(page, 'keyboard', report.problems);
  await piratesByKeys(page, base, h);
  await kaooaByKeys(page, base, h);
  await giocoRounds(page, base, h);
  await context.close();
}
