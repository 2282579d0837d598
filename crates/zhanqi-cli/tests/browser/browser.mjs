// What the browser tests share: launching Debian's Chromium through playwright-core (never a
// downloaded browser), signing people in through the page, reading the room page's data
// attributes, making moves by clicking, and screenshots of every open page on failure.

import { chromium } from 'playwright-core';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The server under test, started by ../browser.rs. */
export const BASE = process.env.ZHANQI_URL ?? 'http://127.0.0.1:8080';

const CHROMIUM = process.env.ZHANQI_CHROMIUM ?? '/usr/bin/chromium';
const SHOTS = process.env.ZHANQI_SCREENSHOTS ?? path.join(os.tmpdir(), 'zhanqi-browser-screenshots');

/** Launches headless Chromium with the flags of DESIGN.md §4. */
export async function launch() {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-quic',
      '--no-first-run', '--disable-background-networking', '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** A name no earlier run used (names are unique in the database). */
export function uniqueName(prefix) {
  return `${prefix}${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 1296).toString(36)}`;
}

/**
 * Opens a page in a fresh browser context (its own cookies), in English unless told.
 * @param {import('playwright-core').Browser} browser
 */
export async function openPage(browser, { phone = false, lang = 'en' } = {}) {
  const context = await browser.newContext({
    viewport: phone ? { width: 390, height: 844 } : { width: 1280, height: 900 },
    deviceScaleFactor: 1,
    isMobile: phone,
    hasTouch: phone,
  });
  await context.addInitScript((lang) => {
    if (!localStorage.getItem('zhanqi.lang')) localStorage.setItem('zhanqi.lang', lang);
  }, lang);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.errors = errors;
  await page.goto(BASE + '/');
  return page;
}

/**
 * Runs `body` with screenshots of every page in `pages` (an array filled as the test goes)
 * when it fails; their paths are printed.
 */
export async function withScreenshots(name, pages, body) {
  try {
    await body();
  } catch (error) {
    fs.mkdirSync(SHOTS, { recursive: true });
    for (const [index, page] of pages.entries()) {
      const file = path.join(SHOTS, `${name}-${index}.png`);
      try {
        await page.screenshot({ path: file, fullPage: true });
        console.error(`screenshot of page ${index} (${page.url()}): ${file}`);
        if (page.errors?.length) console.error(`page ${index} script errors: ${page.errors.join(' | ')}`);
      } catch (shotError) {
        console.error(`no screenshot of page ${index}: ${shotError.message}`);
      }
    }
    throw error;
  }
}

/** Registers through the sign-in page and waits for the lobby. */
export async function register(page, name, password = 'correct horse 9') {
  await page.locator('#register input[name=name]').fill(name);
  await page.locator('#register input[name=password]').fill(password);
  await page.locator('#register button[type=submit]').click();
  await page.locator('body[data-page=lobby]').waitFor();
  await page.locator('#nav-profile', { hasText: name }).waitFor();
}

/** Plays as a guest through the sign-in page and waits for the lobby. */
export async function guest(page, name) {
  await page.locator('#guest input[name=name]').fill(name);
  await page.locator('#guest button[type=submit]').click();
  await page.locator('body[data-page=lobby]').waitFor();
}

/** Creates a room of `mode` from the lobby; returns its id once its page shows. */
export async function createRoom(page, mode) {
  await page.locator('#create-mode').selectOption(mode);
  await page.locator('#create-room button[type=submit]').click();
  await page.waitForURL(/#\/room\/.+/);
  await page.locator('.page.room[data-phase=setup]').waitFor();
  return decodeURIComponent(page.url().split('#/room/')[1]);
}

/** Takes `seat` in the room shown and waits for the deployment controls. */
export async function sit(page, seat) {
  await page.locator(`.seat-card[data-seat="${seat}"] button.sit`).click();
  await page.locator(`.page.room[data-you="${seat}"]`).waitFor();
  await page.locator('#ready').waitFor();
}

/** The room page's attributes: phase, moves, whether it is this page's turn. */
export async function roomState(page) {
  return page.locator('.page.room').evaluate((element) => ({
    phase: element.dataset.phase,
    moves: Number(element.dataset.moves),
    myTurn: element.dataset.myTurn === 'true',
    you: element.dataset.you,
  }));
}

/** Piece letter on every occupied post of the board shown: {post: letter}. */
export async function pieces(page) {
  return page.locator('svg.board').evaluate((board) => {
    const out = {};
    for (const spot of board.querySelectorAll('[data-post][data-piece]')) {
      out[spot.getAttribute('data-post')] = spot.getAttribute('data-piece');
    }
    return out;
  });
}

/**
 * Makes one move by clicking: a piece the page marks selectable, then one of the targets it
 * then marks. `attacks`: 'avoid' (moves only, when any), 'prefer' or 'any'. Returns the
 * action clicked, or null when no piece of the page had a target of the wanted kind.
 */
export async function clickMove(page, attacks = 'any') {
  const board = page.locator('svg.board');
  const sources = await board.evaluate((svg) =>
    [...svg.querySelectorAll('.spot.selectable')].map((spot) => spot.getAttribute('data-post')));
  shuffle(sources);
  /** @type {{from: string, to: string, attack: boolean} | null} */
  let fallback = null;
  for (const from of sources) {
    await board.locator(`[data-post="${from}"]`).click();
    const targets = await board.evaluate((svg) => ({
      moves: [...svg.querySelectorAll('.spot.target-move')].map((s) => s.getAttribute('data-post')),
      attacks: [...svg.querySelectorAll('.spot.target-attack')].map((s) => s.getAttribute('data-post')),
    }));
    const wanted = attacks === 'prefer' ? targets.attacks : attacks === 'avoid' ? targets.moves : [...targets.moves, ...targets.attacks];
    if (wanted.length > 0) {
      const to = wanted[Math.floor(Math.random() * wanted.length)];
      await board.locator(`[data-post="${to}"]`).click();
      return `${from}${targets.attacks.includes(to) ? 'x' : '-'}${to}`;
    }
    if (!fallback && targets.moves.length + targets.attacks.length > 0) {
      const to = targets.moves[0] ?? targets.attacks[0];
      fallback = { from, to, attack: !targets.moves.includes(to) };
    }
    // Click it again to put it down before trying another piece.
    await board.locator(`[data-post="${from}"]`).click();
  }
  if (attacks === 'prefer' && fallback) {
    await board.locator(`[data-post="${fallback.from}"]`).click();
    await board.locator(`[data-post="${fallback.to}"]`).click();
    return `${fallback.from}${fallback.attack ? 'x' : '-'}${fallback.to}`;
  }
  return null;
}

/** Waits until the room page's move counter passes `moves` or the game ends. */
export async function waitMovesPast(page, moves) {
  await page.waitForFunction((moves) => {
    const room = document.querySelector('.page.room');
    return room && (Number(room.dataset.moves) > moves || room.dataset.phase === 'over');
  }, moves);
}

function shuffle(items) {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j], items[i]];
  }
}

/**
 * Every element that lies (partly) outside a screen `width` pixels wide, and the page itself
 * when it is wider than the screen (a phone would then zoom out or scroll sideways).
 */
export async function offScreen(page, selector, width) {
  const outside = await page.locator(selector).evaluateAll((elements, width) => elements
    .filter((element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && (box.left < -1 || box.right > width + 1);
    })
    .map((element) => element.id || element.getAttribute('class') || element.tagName), width);
  const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  return pageWidth > width ? [...outside, `the page is ${pageWidth}px wide`] : outside;
}

/**
 * Tabs from the top of the page until the keyboard focus is on the board (`svg.board`, whose
 * targets carry `data-key`); returns the focused target's key.
 * @param {import('playwright-core').Page} page
 */
export async function tabToBoard(page) {
  await page.locator('body').click({ position: { x: 2, y: 2 } });
  for (let presses = 0; presses < 80; presses++) {
    await page.keyboard.press('Tab');
    const key = await page.evaluate(() => (document.activeElement?.closest('svg.board') ? document.activeElement.getAttribute('data-key') : null));
    if (key) return key;
  }
  throw new Error('Tab never reached the board');
}

/** The key of the target with the keyboard focus. */
export const focusedKey = (page) => page.evaluate(() => document.activeElement?.getAttribute('data-key') ?? null);

/**
 * Moves the keyboard focus with arrow keys to the board's target `key`, each press the way
 * the target lies on screen.
 * @param {import('playwright-core').Page} page
 * @param {string} key
 */
export async function arrowTo(page, key) {
  for (let presses = 0; presses < 60; presses++) {
    const [dx, dy] = await page.evaluate((key) => {
      const centre = (element) => {
        const box = element.getBoundingClientRect();
        return [box.x + box.width / 2, box.y + box.height / 2];
      };
      const [ax, ay] = centre(document.activeElement);
      const [bx, by] = centre(document.querySelector(`svg.board [data-key="${key}"]`));
      return [bx - ax, by - ay];
    }, key);
    if (Math.abs(dx) < 2 && Math.abs(dy) < 2) return;
    const arrow = Math.abs(dx) >= Math.abs(dy) ? (dx > 0 ? 'ArrowRight' : 'ArrowLeft') : (dy > 0 ? 'ArrowDown' : 'ArrowUp');
    await page.keyboard.press(arrow);
  }
  throw new Error(`arrow keys never reached ${key}`);
}

/** What a finger taps: controls, links, and a game's pickable pieces, cards and places. */
export const TAPPABLE = [
  'button', 'a[href]', 'select', 'input', 'textarea', '[role=button]',
  '.selectable', '.target', '.target-move', '.target-attack', '.target-capture',
].join(', ');

/**
 * The tappable elements shown on the page (inside a panned board too) and their sizes, so that
 * a test can demand what a finger needs: `{count, small, smallest}` where `small` lists the
 * ones under `least` CSS pixels as "what w×h" and `smallest` is the least side of any.
 */
export async function tapTargets(page, least = 40) {
  return page.evaluate(({ selector, least }) => {
    const describe = (element) => {
      const text = (element.textContent ?? '').trim().slice(0, 20);
      const name = element.id ? `#${element.id}` : `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`;
      const post = element.getAttribute('data-post') ?? element.getAttribute('data-point') ?? '';
      return `${name}${post ? `[${post}]` : ''}${text ? ` "${text}"` : ''}`;
    };
    const shown = [...document.querySelectorAll(selector)].filter((element) =>
      element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden');
    const boxes = shown.map((element) => ({ element, box: element.getBoundingClientRect() }));
    const small = boxes
      .filter(({ box }) => box.width + 0.5 < least || box.height + 0.5 < least)
      .map(({ element, box }) => `${describe(element)} ${box.width.toFixed(0)}×${box.height.toFixed(0)}`);
    const smallest = Math.min(...boxes.map(({ box }) => Math.min(box.width, box.height)));
    return { count: shown.length, small, smallest };
  }, { selector: TAPPABLE, least });
}

/**
 * What of `parts` ({name: selector}) is not wholly on the screen as it is now (missing, empty,
 * or beyond an edge), and whether any of them is covered by another part: the test of "on one
 * screen". Returns the problems as sentences.
 */
export async function offOneScreen(page, parts) {
  return page.evaluate((parts) => {
    const problems = [];
    const boxes = [];
    for (const [name, selector] of Object.entries(parts)) {
      const element = document.querySelector(selector);
      const box = element?.getBoundingClientRect();
      if (!element || !box || box.width === 0 || box.height === 0) {
        problems.push(`${name} (${selector}) is not shown`);
        continue;
      }
      if (box.left < -1 || box.top < -1 || box.right > innerWidth + 1 || box.bottom > innerHeight + 1) {
        problems.push(`${name} lies at ${box.left.toFixed(0)},${box.top.toFixed(0)}–${box.right.toFixed(0)},${box.bottom.toFixed(0)}, beyond the ${innerWidth}×${innerHeight} screen`);
      }
      boxes.push({ name, element, box });
    }
    for (const a of boxes) {
      for (const b of boxes) {
        if (a === b || a.element.contains(b.element) || b.element.contains(a.element)) continue;
        const across = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
        const down = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
        if (across > 1 && down > 1 && a.name < b.name) problems.push(`${a.name} and ${b.name} overlap`);
      }
    }
    return problems;
  }, parts);
}
