// Issue 12, what the 四國戰棋 board tells a player: a guest plays seat 1 against three AIs.
// Seats differ by shape on cards and pieces; the legend names every piece in full; a whole
// move is made by keyboard alone while the selected piece pulses; the seats' last moves are
// drawn apart; a capture shows both pieces on the board, and the log names the player's own
// lost pieces.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  arrowTo, focusedKey, guest, launch, openPage, roomState, tabToBoard, uniqueName, withScreenshots,
} from '../../../zhanqi-cli/tests/browser/browser.mjs';
import { playTurn } from './play.mjs';

/**
 * Waits for this page's turn; false when the game ended first.
 * @param {import('playwright-core').Page} page
 */
async function myTurn(page) {
  await page.waitForFunction(() => {
    const room = document.querySelector('.page.room');
    return room && (room.dataset.phase === 'over' || (room.dataset.myTurn === 'true' && room.dataset.animating !== 'true'));
  }, undefined, { timeout: 120_000 });
  return (await roomState(page)).phase === 'playing';
}

/**
 * The room states the page has applied so far (siguo's room counts no moves).
 * @param {import('playwright-core').Page} page
 */
const statesSeen = (page) => page.locator('.page.room').evaluate((room) => Number(room.dataset.states));

/**
 * Waits until the page applied a room state after the `seen` first: the action was answered.
 * @param {import('playwright-core').Page} page
 * @param {number} seen
 */
const waitStatesPast = (page, seen) => page.waitForFunction((seen) => Number(document.querySelector('.page.room')?.dataset.states) > seen, seen);

test('the siguo board tells a player what happened, and plays by keyboard', async () => {
  const browser = await launch();
  const pages = [];
  try {
    await withScreenshots('siguo-feedback', pages, async () => {
      const page = await openPage(browser, { lang: 'en' });
      pages.push(page);
      await guest(page, uniqueName('sgk'));
      await page.locator('#create-mode').selectOption({ label: '四國戰棋 (four kingdoms)' });
      await page.locator('[data-option=quiet_limit]').fill('80');
      await page.locator('[data-option=max_actions]').fill('400');
      await page.locator('#create-room button[type=submit]').click();
      await page.waitForURL(/#\/room\/.+/);
      await page.locator('.seat-card[data-seat="1"] button.sit').click();
      await page.locator('#ready').waitFor();
      await page.locator('#random-layout').click();
      await page.locator('#ai-level').selectOption('easy');
      for (const seat of ['2', '3', '4']) {
        await page.locator(`.seat-card[data-seat="${seat}"] button.add-ai`).click();
        await page.locator(`.seat-card[data-seat="${seat}"] .player.ai`).waitFor();
      }
      await page.locator('#ready').click();
      await page.locator('.page.room[data-phase=playing]').waitFor();
      const board = page.locator('#board svg');

      // Four seats, four shapes: on the seat cards and on the pieces.
      const chips = await page.locator('.seat-card .chip').allTextContents();
      assert.equal(new Set(chips).size, 4, `${chips}`);
      const shapes = await board.locator('.spot[data-seat] .seat-marker').evaluateAll((markers) =>
        [...new Set(markers.map((marker) => `${marker.closest('.spot')?.getAttribute('data-seat')}:${marker.getAttribute('data-marker')}`))].sort());
      assert.deepEqual(shapes, ['1:triangle', '2:circle', '3:square', '4:diamond']);

      // The legend names the pieces in full.
      await page.locator('#legend summary').click();
      const legend = await page.locator('#legend tbody tr').allTextContents();
      for (const name of ['General', 'Chariot', 'Cannon', 'Soldier']) assert.ok(legend.some((row) => row.includes(name)), name);

      // A whole move by keyboard alone.
      assert.ok(await myTurn(page));
      const seen = await statesSeen(page);
      const start = await tabToBoard(page);
      assert.equal(await board.locator(`.spot.selectable[data-point="${start}"]`).count(), 1, `${start} may be picked`);
      await page.keyboard.press('Enter');
      await board.locator(`.spot.selected[data-point="${start}"]`).waitFor();
      assert.equal(await board.locator('.spot.selected .select-ring.inner').evaluate((ring) => getComputedStyle(ring).animationName), 'select-pulse');
      const targets = await board.locator('.spot.target-move, .spot.target-capture').evaluateAll((spots) => spots.map((spot) => spot.getAttribute('data-point')));
      assert.ok(targets.length > 0);
      await arrowTo(page, targets[0]);
      assert.equal(await focusedKey(page), targets[0]);
      await page.keyboard.press('Enter');
      await waitStatesPast(page, seen);
      assert.ok(await myTurn(page));
      // Every seat has moved since: their last moves are apart, each in its own dash.
      const dashes = await board.locator('.last-move .route').evaluateAll((routes) =>
        routes.map((route) => `${route.closest('.last-move')?.getAttribute('data-seat')}:${getComputedStyle(route).strokeDasharray}`));
      const seats = new Set(dashes.map((entry) => entry.split(':')[0]));
      const patterns = new Set(dashes.map((entry) => entry.split(':')[1]));
      assert.ok(seats.size >= 3 && patterns.size === seats.size, `last moves ${dashes}`);

      // Play on (captures first) until a capture of ours is shown and the log names a piece we lost.
      let captured = false;
      let lost = null;
      for (let turn = 0; turn < 300 && !(captured && lost); turn++) {
        if (!(await myTurn(page))) break;
        const before = await statesSeen(page);
        const kind = await playTurn(page);
        if (kind === 'capture') {
          // Looked at as soon as it shows: a later capture by an AI takes its place.
          const battle = board.locator('.battle[data-attacker^="1"]');
          await battle.waitFor({ state: 'attached' });
          const shown = await battle.evaluate((element) => ({
            attacker: element.getAttribute('data-attacker'),
            defender: element.getAttribute('data-defender'),
            words: element.querySelector('.battle-words')?.textContent ?? '',
          }));
          assert.match(shown.attacker ?? '', /^1[GRCS]$/);
          assert.match(shown.defender ?? '', /^[234][GRCS]$/);
          assert.ok(shown.words.includes('captures'), shown.words);
          captured = true;
        }
        await waitStatesPast(page, before).catch(() => {});
        const lines = await page.locator('#log li').allTextContents();
        lost = lines.find((line) => /Your (General|Chariot|Cannon|Soldier) at [a-r]\d+ was lost\./.test(line)) ?? null;
      }
      assert.ok(captured, 'one of our captures was shown on the board');
      assert.ok(lost, 'the log named a piece we lost');
      assert.deepEqual(page.errors, [], 'no script errors');
    });
  } finally {
    await browser.close();
  }
});
