// 四國戰棋 in the browser: a guest opens a siguo room with short draw limits (the lobby's
// options form), arranges the deployment (random layout, a swap), plays against three AI
// seats to the end, and no frame the page received before the reveal carried another seat's
// deployment; the replay then shows every piece.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { guest, launch, openPage, roomState, uniqueName, waitMovesPast, withScreenshots } from '../../../zhanqi-cli/tests/browser/browser.mjs';
import { playTurn } from './play.mjs';

/** A layout as text: six rows of six points. */
const LAYOUT = /^[GRCS.]{6}(\/[GRCS.]{6}){5}$/;

/**
 * Every piece a frame carries (objects with a point and a seat), and every layout string in it.
 * @param {unknown} value
 * @param {{cells: {point: string, seat: string}[], layouts: string[]}} found
 */
function collect(value, found) {
  if (typeof value === 'string') {
    if (LAYOUT.test(value)) found.layouts.push(value);
  } else if (Array.isArray(value)) {
    for (const item of value) collect(item, found);
  } else if (value && typeof value === 'object') {
    const object = /** @type {Record<string, unknown>} */ (value);
    if (typeof object.point === 'string' && typeof object.seat === 'string') {
      found.cells.push({ point: object.point, seat: object.seat });
    }
    for (const item of Object.values(object)) collect(item, found);
  }
  return found;
}

test('a siguo room with three AI seats plays to the end without showing a deployment early', async () => {
  const browser = await launch();
  const pages = [];
  try {
    await withScreenshots('siguo', pages, async () => {
      const page = await openPage(browser, { lang: 'en' });
      pages.push(page);
      await guest(page, uniqueName('sg'));
      /** @type {{at: number, data: any}[]} */
      const frames = [];
      page.on('websocket', (socket) => {
        socket.on('framereceived', ({ payload }) => {
          try {
            frames.push({ at: Date.now(), data: JSON.parse(String(payload)) });
          } catch {
            // Not JSON (a ping): nothing to check.
          }
        });
      });
      // A fresh connection, so that every frame of the room is seen.
      await page.reload();
      await page.locator('body[data-page=lobby]').waitFor();
      await page.locator('#create-mode').selectOption({ label: '四國戰棋 (four kingdoms)' });
      await page.locator('[data-option=quiet_limit]').fill('12');
      await page.locator('[data-option=max_actions]').fill('100');
      await page.locator('#create-room button[type=submit]').click();
      await page.waitForURL(/#\/room\/.+/);
      await page.locator('.page.room[data-phase=setup]').waitFor();
      await page.locator('.seat-card[data-seat="1"] button.sit').click();
      await page.locator('.page.room[data-you="1"]').waitFor();
      await page.locator('#ready').waitFor();

      // The editor: 23 pieces of seat 1 in its zone; a random layout; a swap by two clicks.
      const board = page.locator('#board svg');
      await board.locator('[data-piece]').nth(22).waitFor();
      assert.equal(await board.locator('[data-piece]').count(), 23);
      assert.equal(await board.locator('[data-seat="1"][data-piece]').count(), 23);
      await page.locator('#random-layout').click();
      const layoutBox = page.locator('#layout-text-box');
      await layoutBox.locator('summary').click();
      const before = await page.locator('#layout-current').textContent();
      const soldier = await board.locator('[data-piece="S"]').first().getAttribute('data-point');
      assert.ok(soldier, 'a soldier to swap');
      await board.locator(`[data-point="${soldier}"]`).click();
      const target = await board.evaluate((svg) => [...svg.querySelectorAll('.spot.target-move')].map((spot) => spot.getAttribute('data-point'))[0]);
      assert.ok(target, 'a picked piece marks the zone points it may go to');
      await board.locator(`[data-point="${target}"]`).click();
      await page.waitForFunction((before) => document.querySelector('#layout-current')?.textContent !== before, before);
      // A broken layout is refused with every rule it breaks, one a line.
      await page.locator('#layout-text').fill('SSSSSS/SSSSSS/SSSSSS/S...../G...../R.C...');
      await page.locator('#import-layout').click();
      await page.locator('#layout-violations li').nth(2).waitFor();
      const violations = await page.locator('#layout-violations li').allTextContents();
      assert.equal(violations.length, 3, violations.join(' | '));
      assert.ok(violations.every((line) => !line.includes('§')), violations.join(' | '));

      await page.locator('#ai-level').selectOption('easy');
      for (const seat of ['2', '3', '4']) {
        await page.locator(`.seat-card[data-seat="${seat}"] button.add-ai`).click();
        await page.locator(`.seat-card[data-seat="${seat}"] .player.ai`).waitFor();
      }
      const mine = await page.locator('#layout-current').textContent();
      await page.locator('#ready').click();
      await page.locator('.page.room[data-phase=playing]').waitFor();
      assert.ok((await board.locator('[data-piece]').count()) > 80, 'every deployment shows after the reveal');

      const kinds = new Set();
      for (let turn = 0; turn < 200; turn++) {
        // Wait for this seat's turn (the AIs move in between) or the end.
        await page.waitForFunction(() => {
          const room = document.querySelector('.page.room');
          return room && (room.dataset.phase === 'over' || (room.dataset.myTurn === 'true' && room.dataset.animating !== 'true'));
        }, undefined, { timeout: 120_000 });
        const state = await roomState(page);
        if (state.phase === 'over') break;
        kinds.add(await playTurn(page));
        await waitMovesPast(page, state.moves).catch(() => {});
      }
      await page.locator('#result').waitFor({ timeout: 120_000 });
      const outcome = await page.locator('#result').getAttribute('data-outcome');
      assert.ok(['win', 'loss', 'draw'].includes(outcome ?? ''), `outcome ${outcome}`);

      // Before the reveal (the first room frame in play), nothing but seat 1's own pieces and
      // layout: no cell of another seat, no layout string but seat 1's.
      const reveal = frames.findIndex((frame) => frame.data?.type === 'room' && frame.data.room?.phase === 'playing');
      assert.ok(reveal > 0, 'the reveal was seen');
      const early = frames.slice(0, reveal);
      // Seat 1's own layouts, as the room showed them to it while it arranged them.
      const own = new Set(early.map((frame) => frame.data?.room?.setup?.layout).filter(Boolean));
      assert.ok(own.has(mine), 'seat 1 saw its own layout');
      for (const frame of early) {
        const found = collect(frame.data, { cells: [], layouts: [] });
        const others = found.cells.filter((cell) => cell.seat !== '1');
        assert.deepEqual(others, [], `a frame before the reveal carried another seat's pieces: ${JSON.stringify(frame.data).slice(0, 300)}`);
        const strangers = found.layouts.filter((layout) => !own.has(layout));
        assert.deepEqual(strangers, [], `a frame before the reveal carried a layout that is not seat 1's: ${JSON.stringify(frame.data).slice(0, 300)}`);
      }
      console.log(`siguo: ${frames.length} frames, the reveal at ${reveal}, turns played: ${[...kinds].join(', ')}, outcome ${outcome}`);

      // The replay shows every piece at its start.
      await page.locator('#open-replay').click();
      await page.locator('.page.replay svg.board [data-piece]').first().waitFor();
      assert.ok((await page.locator('.page.replay svg.board [data-piece]').count()) > 80);
      assert.deepEqual(page.errors, [], 'no script errors');
    });
  } finally {
    await browser.close();
  }
});
