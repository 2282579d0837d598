// Issue 12 item 3: every table playable on a phone, and the screenshot tour (docs/tour.md).
//
// For every game and mode the server lists, a guest sits in a room against AI seats, plays a
// few random turns of the server's listed choices, and then — on a desktop (1280×900) and on a
// phone (390×844, touch), in Chinese and in English — the page must show the game, whose turn
// it is, the clock and the controls on one screen, and on the phone every tappable thing (a
// button, a link, a piece, a card, a place to move to) must be at least 40 px on each side.
// The lobby is checked the same way. With ZHANQI_WRITE_TOUR=1 it also saves a screenshot of
// each screen to docs/tour/ (compressed with pngquant when it is installed) and writes
// docs/tour.md; without it, it only checks.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { BASE, guest, launch, offOneScreen, openPage, tapTargets, uniqueName, withScreenshots } from './browser.mjs';

const WRITE = process.env.ZHANQI_WRITE_TOUR === '1';
/** `ZHANQI_TOUR_ONLY=siguo` visits only the tables whose `game-mode` contains that text. */
const ONLY = process.env.ZHANQI_TOUR_ONLY ?? '';
const DOCS = fileURLToPath(new URL('../../../../docs/', import.meta.url));
const TOUR = `${DOCS}tour/`;
const PHONE = { width: 390, height: 844 };
const LANGUAGES = ['zh', 'en'];
/** The random turns played before the pictures: the middle of a game, not its start. */
const TURNS = 6;

/**
 * What must be on one screen at a table during play: whose turn and the clock, the controls
 * when there are any, and on a phone the whole game (a taller table scrolls inside its box),
 * on a desktop the board when there is one.
 */
async function tableParts(page, phone) {
  const has = async (selector) => await page.locator(selector).count() > 0;
  return {
    ...(phone ? { 'the game': '.page.room .game-area' } : await has('.board-viewport') ? { 'the board': '.board-viewport' } : {}),
    'whose turn': '#status .turn',
    'the clock': '#clock',
    ...(await has('#controls :is(button, select, input)') ? { 'the controls': '#controls' } : {}),
  };
}

/**
 * Plays `turns` of the page's seat with random choices from the server's list, through a
 * second connection of the same person (the page's own is left alone), and returns how many
 * it played: nothing here knows a game. A choice the server does not list (a deployment to
 * edit) is left to the clock, which plays a random one when it runs out.
 * @param {import('playwright-core').Page} page
 * @param {number} room
 * @param {number} turns
 */
async function playRandomTurns(page, room, turns) {
  return page.evaluate(({ room, turns }) => new Promise((resolve) => {
    const socket = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`);
    let played = 0;
    let id = 1_000_000;
    let waiting = false;
    let latest = null;
    const finish = () => {
      clearTimeout(timer);
      socket.close();
      resolve(played);
    };
    const timer = setTimeout(finish, 90_000);
    const consider = () => {
      if (!latest || waiting) return;
      if (latest.phase === 'over' || played >= turns) return finish();
      if (latest.phase !== 'playing' || latest.choices.length === 0) return;
      const choice = latest.choices[Math.floor(Math.random() * latest.choices.length)];
      waiting = true;
      played += 1;
      latest = null;
      socket.send(JSON.stringify({ type: 'act', id: id++, room, action: choice.action }));
    };
    socket.onopen = () => socket.send(JSON.stringify({ type: 'join', id: id++, room }));
    socket.onmessage = (frame) => {
      const message = JSON.parse(frame.data);
      if (message.type === 'ok' || message.type === 'error') waiting = false;
      if (message.type === 'room' && String(message.room?.id) === String(room)) latest = message.room;
      consider();
    };
  }), { room, turns });
}

/** Switches the page's language with the header's buttons and waits for the page to be drawn again. */
async function setLanguage(page, lang) {
  await page.locator(`header [data-lang="${lang}"]`).click();
  await page.locator(`header [data-lang="${lang}"].current`).waitFor();
}

/** Waits until it is the page's turn (its seat's clock runs) and the events before it have been shown. */
async function myTurn(page) {
  await page.locator('.page.room[data-phase=playing][data-animating=false] .seat-card.mine.to-move').waitFor({ timeout: 60_000 });
}

/**
 * Picks the first thing the page offers to pick on the table (a piece, a card), so that the
 * picture and the measurement show its targets too.
 */
async function pickSomething(page) {
  // Never a face-down piece of dark chess: clicking it flips it, which is a move, and the
  // whole-board check below counts moves.
  const pickable = page.locator('.game-area .selectable:not([data-piece=down])').first();
  if (await pickable.count() > 0) await pickable.click().catch(() => {});
  // Clicking may have scrolled the page to reach the piece; a player's screen starts at the top.
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** Saves the screen as docs/tour/<name>.png when asked to. */
async function shoot(page, name, shots) {
  if (!WRITE) return;
  fs.mkdirSync(TOUR, { recursive: true });
  const file = `${TOUR}${name}.png`;
  await page.screenshot({ path: file, animations: 'disabled', caret: 'hide' });
  spawnSync('pngquant', ['--force', '--skip-if-larger', '--quality', '55-85', '--strip', '--output', file, file]);
  shots.push(name);
}

/**
 * The checks of one screen: the parts on one screen, and on a phone the tap targets.
 * @param {import('playwright-core').Page} page
 * @param {Record<string, string>} parts
 * @param {boolean} phone
 * @param {string} where  named in the failures
 */
async function checkScreen(page, parts, phone, where) {
  assert.deepEqual(await offOneScreen(page, parts), [], `${where}: the essentials are on one screen`);
  if (!phone) return;
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= PHONE.width, `${where}: the page is ${width} px wide, wider than the phone`);
  const targets = await tapTargets(page, 40);
  assert.ok(targets.count > 0, `${where}: something to tap`);
  assert.deepEqual(targets.small, [], `${where}: every tap target is at least 40 px`);
  console.log(`${where}: ${targets.count} tap targets, the smallest side ${targets.smallest.toFixed(1)} px`);
}

/**
 * On a phone, a board too big to tap whole has a "whole board" button: it shows the whole board
 * at the screen's width, and a tap on that map zooms back in there without playing.
 */
async function checkWholeBoard(page, where, name, shots) {
  const toggle = page.locator('.board-zoom:visible');
  if (await toggle.count() === 0) return;
  const before = await roomMoves(page);
  await toggle.click();
  const view = page.locator('.board-viewport.whole');
  await view.waitFor();
  const fits = await view.evaluate((element) => element.scrollWidth <= element.clientWidth + 1);
  assert.ok(fits, `${where}: the whole board fits the phone's width`);
  await shoot(page, `${name}-phone-whole`, shots);
  const box = await view.boundingBox();
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await page.locator('.board-viewport.panned').waitFor();
  assert.equal(await page.locator('.board-viewport.whole').count(), 0, `${where}: a tap on the map zooms in`);
  assert.equal(await roomMoves(page), before, `${where}: a tap on the map does not play`);
}

/** The room page's move counter. */
async function roomMoves(page) {
  return Number(await page.locator('.page.room').getAttribute('data-moves'));
}

/** A page of the same person as `page`, in a phone's context. */
async function phoneOf(browser, page, lang) {
  const context = await browser.newContext({
    storageState: await page.context().storageState(),
    viewport: PHONE,
    deviceScaleFactor: 1,
    isMobile: true,
    hasTouch: true,
  });
  await context.addInitScript((lang) => localStorage.setItem('zhanqi.lang', lang), lang);
  const phone = await context.newPage();
  phone.setDefaultTimeout(15_000);
  phone.errors = [];
  phone.on('pageerror', (error) => phone.errors.push(error.message));
  return phone;
}

/**
 * Opens a room of `game`/`mode` from the lobby, sits in its first seat, fills the others with
 * AI and gets ready; returns the room's id once the game is under way.
 */
async function startAgainstAi(page, game, mode) {
  const option = page.locator(`#create-mode option[data-game="${game}"][value="${mode}"]`);
  await page.locator('#create-mode').selectOption({ index: await option.evaluate((element) => element.index) });
  await page.locator('#create-room button[type=submit]').click();
  await page.waitForURL(/#\/room\/.+/);
  await page.locator('.page.room[data-phase=setup]').waitFor();
  const room = Number(decodeURIComponent(page.url().split('#/room/')[1]));
  await page.locator('.seat-card button.sit').first().click();
  await page.locator('.page.room:not([data-you=""])').waitFor();
  await page.locator('#ai-level').selectOption('easy');
  while (await page.locator('.seat-card button.add-ai').count() > 0) {
    const before = await page.locator('.seat-card .player.ai').count();
    await page.locator('.seat-card button.add-ai').first().click();
    await page.waitForFunction((before) => document.querySelectorAll('.seat-card .player.ai').length > before, before);
  }
  await page.locator('#ready').click();
  await page.locator('.page.room[data-phase=playing]').waitFor({ timeout: 30_000 });
  return room;
}

/** The lobby, listing rooms, on a desktop and a phone in both languages. */
async function checkLobby(browser, pages, shots) {
  // The first page, before signing in: the games offered, and the ways in.
  for (const lang of LANGUAGES) {
    for (const phone of [false, true]) {
      const size = phone ? 'phone' : 'desktop';
      const landing = await openPage(browser, { lang, phone });
      pages.push(landing);
      await landing.locator('#game-list li').last().waitFor();
      // On a desktop the games and the guest form show at once; a phone scrolls to the form.
      const parts = phone ? { 'the first game': '#game-list li' } : { 'the first game': '#game-list li', 'the guest form': '#guest' };
      await checkScreen(landing, parts, phone, `the first page (${size}, ${lang})`);
      await shoot(landing, `landing-${size}-${lang}`, shots);
      await landing.context().close();
      pages.pop();
    }
  }
  const page = await openPage(browser, { lang: 'zh' });
  pages.push(page);
  await guest(page, uniqueName('游客'));
  await page.locator('.room-list tbody tr').first().waitFor();
  const phone = await phoneOf(browser, page, 'zh');
  pages.push(phone);
  await phone.goto(`${BASE}/#/lobby`);
  for (const lang of LANGUAGES) {
    for (const [screen, size] of [[page, 'desktop'], [phone, 'phone']]) {
      await setLanguage(screen, lang);
      await screen.locator('.room-list tbody tr').first().waitFor();
      await checkScreen(screen, { 'the first room': '.room-list tbody tr' }, size === 'phone', `the lobby (${size}, ${lang})`);
      await shoot(screen, `lobby-${size}-${lang}`, shots);
    }
  }
}

/** docs/tour.md, from the pictures taken. */
function writeTourPage(tables, shots) {
  const picture = (name, alt) => (shots.includes(name) ? `![${alt}](tour/${name}.png)` : '');
  const lines = [
    '# A tour of the site',
    '',
    'Screenshots of zhanqi as a player sees it: the first page, the lobby, then a table of every game and mode in',
    'the middle of a game against AI seats, on a desktop (1280×900) and on a phone (390×844), in',
    'Chinese and in English. They are taken by the browser test',
    '`crates/zhanqi-cli/tests/browser/tour.test.mjs`, which checks the same screens on every run',
    '(game, whose turn, clock and controls on one screen; on the phone every tap target at least',
    '40 px) and saves the pictures only when asked:',
    '',
    '```',
    'ZHANQI_WRITE_TOUR=1 ZHANQI_BROWSER_ONLY=tour ZHANQI_REQUIRE_BROWSER=1 cargo test -p zhanqi-cli --test cli browser::',
    '```',
    '',
    '(`pngquant`, when installed, compresses them.) The phone layout is described in',
    '[browser.md](browser.md#on-a-phone).',
    '',
  ];
  for (const { title, name } of [{ title: 'The first page', name: 'landing' }, { title: 'The lobby', name: 'lobby' }, ...tables]) {
    lines.push(`## ${title}`, '', '| | 中文 | English |', '|---|---|---|');
    for (const size of ['desktop', 'phone']) {
      lines.push(`| ${size} | ${LANGUAGES.map((lang) => picture(`${name}-${size}-${lang}`, `${title}, ${size}, ${lang}`)).join(' | ')} |`);
    }
    if (shots.includes(`${name}-phone-whole`)) lines.push(`| phone, "whole board" | ${picture(`${name}-phone-whole`, `${title}, the whole board on a phone`)} | |`);
    lines.push('');
  }
  fs.writeFileSync(`${DOCS}tour.md`, lines.join('\n'));
}

test('every table on a phone and a desktop, in both languages (the screenshot tour)', async () => {
  const browser = await launch();
  const pages = [];
  /** @type {string[]} */
  const shots = [];
  /** @type {{title: string, name: string}[]} */
  const tables = [];
  try {
    await withScreenshots('tour', pages, async () => {
      const games = (await (await fetch(`${BASE}/api/games`)).json()).games;
      assert.ok(games.length >= 5, 'every game is listed');
      for (const { name: game, modes } of games) {
        for (const mode of modes) {
          if (ONLY && !`${game}-${mode}`.includes(ONLY)) continue;
          const where = `${game} ${mode}`;
          const page = await openPage(browser, { lang: 'zh' });
          pages.push(page);
          await guest(page, uniqueName('游客'));
          const room = await startAgainstAi(page, game, mode);
          const played = await playRandomTurns(page, room, TURNS);
          assert.ok(played > 0, `${where}: the seat played`);
          const phone = await phoneOf(browser, page, 'zh');
          pages.push(phone);
          await phone.goto(`${BASE}/#/room/${room}`);
          const name = `${game}-${mode}`;
          for (const lang of LANGUAGES) {
            for (const [screen, size] of [[page, 'desktop'], [phone, 'phone']]) {
              await setLanguage(screen, lang);
              await myTurn(screen);
              await pickSomething(screen);
              const onPhone = size === 'phone';
              await checkScreen(screen, await tableParts(screen, onPhone), onPhone, `${where} (${size}, ${lang})`);
              await shoot(screen, `${name}-${size}-${lang}`, shots);
              if (onPhone && lang === 'zh') await checkWholeBoard(screen, where, name, shots);
            }
          }
          const title = await page.locator('.room-head h2').textContent();
          tables.push({ title: (title ?? name).split('·').slice(1).join('·').trim() || name, name });
          for (const screen of [page, phone]) assert.deepEqual(screen.errors, [], `${where}: no script errors`);
          await phone.context().close();
          await page.context().close();
          pages.length = 0;
        }
      }
      // The lobby last, when it lists the rooms above.
      await checkLobby(browser, pages, shots);
    });
    if (WRITE) writeTourPage(tables, shots);
  } finally {
    await browser.close();
  }
});
