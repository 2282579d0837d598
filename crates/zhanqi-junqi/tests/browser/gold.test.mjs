// A gold room as a person sees it: the stake in the lobby and on the room page, no AI offered,
// the seat card's rank and points, and the gold on the profile.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { guest, launch, openPage, sit, uniqueName, withScreenshots } from '../../../zhanqi-cli/tests/browser/browser.mjs';

test('a gold room shows its stake, offers no AI, and the profile shows the gold', async () => {
  const browser = await launch();
  const pages = [];
  try {
    await withScreenshots('gold', pages, async () => {
      const page = await openPage(browser);
      pages.push(page);
      const name = uniqueName('gold');
      await guest(page, name);
      await page.locator('#create-mode').selectOption('2p');
      await page.locator('#create-stake').fill('40');
      await page.locator('#create-room button[type=submit]').click();
      await page.waitForURL(/#\/room\/.+/);
      const room = decodeURIComponent(page.url().split('#/room/')[1]);
      await page.locator('.page.room h2', { hasText: 'gold room, stake 40' }).waitFor();

      await sit(page, 's');
      const rank = page.locator('.seat-card[data-seat=s] .rank');
      assert.match(await rank.textContent() ?? '', /Lv 1 · Recruit · 0 pts/);
      // An AI has no gold to stake: the room does not offer one (the server says so).
      await page.locator('.page.room[data-you=s]').waitFor();
      assert.equal(await page.locator('.seat-card[data-seat=n] button.add-ai').count(), 0, 'no AI offered');
      assert.equal(await page.locator('.seat-card[data-seat=n] .player').count(), 0, 'no AI sat down');

      await page.locator('#nav-lobby').click();
      await page.locator(`tr[data-room="${room}"]`, { hasText: 'gold room, stake 40' }).waitFor();
      await page.locator('#nav-profile').click();
      await page.locator('#profile[data-gold="1000"]').waitFor();
      assert.deepEqual(page.errors, [], 'no script errors');
    });
  } finally {
    await browser.close();
  }
});
