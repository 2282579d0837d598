// 翻棋 (dark chess): a person against an AI turns pieces over by clicking them; face-down
// pieces show as backs, turned ones in their colour with their name.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRoom, guest, launch, openPage, pieces, roomState, sit, uniqueName, waitMovesPast, withScreenshots } from '../../../zhanqi-cli/tests/browser/browser.mjs';

test('a dark-chess game against an AI: flipping pieces by clicking them', async () => {
  const browser = await launch();
  const pages = [];
  try {
    await withScreenshots('dark', pages, async () => {
      const page = await openPage(browser);
      pages.push(page);
      await guest(page, uniqueName('dark'));
      await createRoom(page, 'dark');
      await sit(page, 's');
      await page.locator('.seat-card[data-seat=n] button.add-ai').click();
      await page.locator('#ready').click();
      await page.locator('.page.room[data-phase=playing]').waitFor();
      const start = await pieces(page);
      assert.equal(Object.keys(start).length, 50);
      // Face down at the start, but for the AI's first flip if it moved first.
      assert.ok(Object.values(start).filter((piece) => piece !== 'down').length <= 1, 'pieces start face down');

      let flips = 0;
      for (let guard = 0; guard < 400 && flips < 4; guard++) {
        const state = await roomState(page);
        if (state.phase !== 'playing') break;
        if (!state.myTurn) {
          await page.waitForTimeout(50);
          continue;
        }
        const down = page.locator('svg.board .spot.selectable[data-piece=down]');
        if ((await down.count()) === 0) break;
        await down.nth(Math.floor(Math.random() * (await down.count()))).click();
        await waitMovesPast(page, state.moves);
        flips++;
      }
      assert.equal(flips, 4);
      const now = Object.values(await pieces(page));
      const up = now.filter((piece) => piece !== 'down');
      assert.ok(up.length >= 4, `pieces turned over: ${up.length}`);
      assert.ok(up.every((piece) => /^[SJDLTYCPEBMF]$/.test(piece)), 'a turned piece shows its name');
      assert.ok(await page.locator('svg.board [data-owner=r], svg.board [data-owner=u]').count() >= 4);
      assert.ok((await page.locator('#log li', { hasText: 'turned over' }).count()) >= 4);
      assert.deepEqual(page.errors, [], 'no script errors');
    });
  } finally {
    await browser.close();
  }
});
