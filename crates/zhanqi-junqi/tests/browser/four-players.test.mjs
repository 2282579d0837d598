// Issue 4 item 11, second part: a guest on a phone-sized screen fills three seats of a 4p
// room with AI, plays, and the game runs to its end.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { clickMove, createRoom, guest, launch, offScreen, openPage, roomState, sit, tapTargets, uniqueName, waitMovesPast, withScreenshots } from '../../../zhanqi-cli/tests/browser/browser.mjs';

test('a 4p room with three AI seats plays to the end', async () => {
  const browser = await launch();
  const pages = [];
  try {
    await withScreenshots('four-players', pages, async () => {
      const page = await openPage(browser, { phone: true, lang: 'zh' });
      pages.push(page);
      await guest(page, uniqueName('游客'));
      await createRoom(page, '4p');
      await sit(page, 's');
      await page.locator('#ai-level').selectOption('easy');
      for (const seat of ['e', 'n', 'w']) {
        await page.locator(`.seat-card[data-seat=${seat}] button.add-ai`).click();
        await page.locator(`.seat-card[data-seat=${seat}] .player.ai`).waitFor();
      }
      await page.locator('#ready').click();
      await page.locator('.page.room[data-phase=playing]').waitFor();
      // All 100 pieces, unless the AIs (moving at once) already fought a battle.
      const count = await page.locator('svg.board [data-piece]').count();
      const { moves } = await roomState(page);
      assert.ok(count === 100 || (moves > 0 && count > 90 && count < 100), `${count} pieces after ${moves} moves`);
      // The phone-sized page shows the board's viewport, the seats, the clock and the controls
      // within the screen's width (no zooming out, no sideways scrolling: the board, drawn
      // larger than the screen, pans inside its viewport), and every post that can be tapped
      // is at least 40 px.
      assert.deepEqual(await offScreen(page, '#board, #board .board-viewport, #seats, #clock, #controls', 390), [],
        'the 4p room fits a phone screen');
      assert.deepEqual((await tapTargets(page, 40)).small, [], 'every tap target is at least 40 px');

      // Play attacking moves while seated; past move 120 surrender, and the AIs finish.
      for (let guard = 0; guard < 2000; guard++) {
        const state = await roomState(page);
        if (state.phase === 'over') break;
        if (state.moves >= 120 && (await page.locator('#resign').count()) > 0) {
          await page.locator('#resign').click();
          await page.locator('#resign-yes').click();
          break;
        }
        if (!state.myTurn) {
          await page.waitForTimeout(50);
          continue;
        }
        if (await clickMove(page, 'prefer')) await waitMovesPast(page, state.moves);
      }
      await page.locator('#result').waitFor({ timeout: 120_000 });
      await page.locator('#log li', { hasText: '对局结束' }).first().waitFor();
      const outcome = await page.locator('#result').getAttribute('data-outcome');
      assert.ok(['win', 'loss', 'draw'].includes(outcome), `outcome ${outcome}`);
      assert.deepEqual(page.errors, [], 'no script errors');
    });
  } finally {
    await browser.close();
  }
});
