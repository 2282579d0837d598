// Issue 12 items 4, 5, 6, 9 and 10: a room from its start to after its end, as the generic
// shell shows it in any game (junqi here, the first game in the registry).
//
// * A seat in a running game warns before the tab closes (and not once the game is over); the
//   other player sees a dropped seat's grace period counted down.
// * A game won by an escape within the move floor shows its 0 with the reason.
// * A finished room's address shows its result, the save-replay offer and its replay link; a
//   room that never existed says so, with a way back, never "Loading…".
// * The profile lists every game played with its result and points.
// * The lobby shows shengke's first-player choice for shengke only; a gold room offers no AI.
// * The zh log names an AI seat's level in Chinese; a confirmation is not styled as an error;
//   English counts agree with their number.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  BASE, clickMove, createRoom, guest, launch, openPage, register, roomState, sit, uniqueName, withScreenshots,
} from './browser.mjs';

/**
 * Whether a `beforeunload` now would ask the person first: the page's handlers cancel it.
 * @param {import('playwright-core').Page} page
 */
const unloadAsks = (page) => page.evaluate(() => {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
});

/**
 * The seconds of a countdown ("… — 47 s before …" → 47); a name before it may hold digits.
 * @param {string | null} text
 */
const secondsIn = (text) => Number((text ?? '').match(/(\d+) s\b/)?.[1] ?? NaN);

test('a room from the start to after its end: unload warning, grace countdown, short-game 0, finished room, history', async () => {
  const browser = await launch();
  const pages = [];
  try {
    await withScreenshots('lifecycle', pages, async () => {
      const alice = await openPage(browser);
      pages.push(alice);
      const bobContext = await openPage(browser);
      pages.push(bobContext);
      const aliceName = uniqueName('alice');
      const bobName = uniqueName('bob');
      await register(alice, aliceName);
      await register(bobContext, bobName);

      const room = await createRoom(alice, '2p');
      await sit(alice, 's');
      assert.equal(await unloadAsks(alice), false, 'no warning before the game starts');
      await bobContext.goto(`${BASE}/#/room/${room}`);
      await bobContext.locator('.page.room[data-phase=setup]').waitFor();
      await sit(bobContext, 'n');
      await alice.locator('#ready').click();
      await bobContext.locator('#ready').click();
      await alice.locator('.page.room[data-phase=playing]').waitFor();
      await bobContext.locator('.page.room[data-phase=playing]').waitFor();

      // Item 4: the seat of a running game asks before the tab closes.
      await alice.locator('.page.room[data-unload-warning=true]').waitFor();
      assert.equal(await unloadAsks(alice), true, 'closing the tab during the game asks first');

      // Bob's tab closes: Alice sees his grace period counted down, in the status and on his card.
      const bobBrowser = bobContext.context();
      await bobContext.close();
      const line = alice.locator('#status .escape-line[data-escape-seat=n]');
      await line.filter({ hasText: /left — \d+ s before it counts as an escape/ }).waitFor();
      const first = secondsIn(await line.textContent());
      assert.ok(first > 0 && first <= 60, `the countdown starts from the grace period (${first})`);
      assert.match(await line.textContent() ?? '', new RegExp(bobName));
      const badge = alice.locator('.seat-card[data-seat=n] .escape-countdown');
      await badge.filter({ hasText: /\d+ s/ }).waitFor();
      await alice.waitForFunction((start) => {
        const text = document.querySelector('#status .escape-line[data-escape-seat=n]')?.textContent ?? '';
        return Number(text.match(/(\d+) s\b/)?.[1]) < start;
      }, first, { timeout: 5_000 });

      // Bob comes back: the countdown goes; then he leaves on purpose at move 0 and escapes.
      const bob = await bobBrowser.newPage();
      pages.push(bob);
      await bob.goto(`${BASE}/#/room/${room}`);
      await bob.locator('.page.room[data-phase=playing][data-you=n]').waitFor();
      await line.waitFor({ state: 'detached' });
      assert.equal(await alice.locator('.escape-countdown').count(), 0, 'no countdown once back');
      await bob.locator('#leave').click();
      await bob.locator('#confirm-leave').waitFor();
      await bob.locator('#leave-yes').click();
      await bob.locator('body[data-page=lobby]').waitFor();

      // Item 6: Alice won within the move floor: 0, with the reason beside it.
      await alice.locator('#result[data-outcome=win]').waitFor();
      const mine = alice.locator('#result tr[data-seat=s] .points-change');
      assert.equal(await mine.getAttribute('data-note'), 'short_game');
      assert.match(await mine.textContent() ?? '', /^0 — a win within 30 moves scores nothing$/);
      assert.equal(await alice.locator('#result tr[data-seat=n] .points-change').textContent(), '−2');

      // Item 4: no warning once the game is over.
      await alice.locator('.page.room[data-unload-warning=false]').waitFor();
      assert.equal(await unloadAsks(alice), false, 'closing the tab after the game does not ask');

      // Item 5: once everybody left, the room's address shows its result and replay.
      await alice.locator('#leave').click();
      await alice.locator('body[data-page=lobby]').waitFor();
      await alice.waitForTimeout(300);
      await alice.goto(`${BASE}/#/room/${room}`);
      await alice.locator('.page.room[data-closed=finished]').waitFor();
      await alice.locator('#result[data-outcome=win]').waitFor();
      assert.match(await alice.locator('#result tr[data-seat=s] .points-change').textContent() ?? '', /a win within 30 moves/);
      assert.match(await alice.locator('#result tr[data-seat=n]').textContent() ?? '', new RegExp(bobName));
      await alice.locator('#save-replay').click();
      await alice.locator('#replay-saved').waitFor();
      await alice.locator('#open-replay').click();
      await alice.locator(`.page.replay[data-game="${room}"] #step`).waitFor();

      // A room that never existed: a clear sentence and the way back, never "Loading…".
      await alice.goto(`${BASE}/#/room/987654321`);
      await alice.locator('#no-such-room', { hasText: 'There is no room 987654321.' }).waitFor();
      assert.equal(await alice.getByText('Loading…').count(), 0, 'nothing waits for ever');
      await alice.locator('#back-to-lobby').click();
      await alice.locator('body[data-page=lobby]').waitFor();

      // Item 5: both profiles list the game with its result and points.
      await alice.goto(`${BASE}/#/profile/${aliceName}`);
      const won = alice.locator(`#history tr[data-game="${room}"]`);
      await won.waitFor();
      assert.equal(await won.getAttribute('data-result'), 'win');
      assert.match(await won.locator('.points-change').textContent() ?? '', /^0 — a win within 30 moves/);
      assert.match(await won.locator('.opponents').textContent() ?? '', new RegExp(bobName));
      await bob.goto(`${BASE}/#/profile/${bobName}`);
      const lost = bob.locator(`#history tr[data-game="${room}"]`);
      await lost.waitFor();
      assert.equal(await lost.getAttribute('data-result'), 'escaped');
      assert.equal(await lost.locator('.points-change').textContent(), '−2');
      await lost.locator(`a[data-replay="${room}"]`).click();
      await bob.locator(`.page.replay[data-game="${room}"]`).waitFor();
      assert.deepEqual(alice.errors, [], 'no script errors');
    });
  } finally {
    await browser.close();
  }
});

test('only applicable controls; AI levels, confirmations and counts in the page\'s words', async () => {
  const browser = await launch();
  const pages = [];
  try {
    await withScreenshots('lifecycle-controls', pages, async () => {
      const page = await openPage(browser, { lang: 'zh' });
      pages.push(page);
      await guest(page, uniqueName('carol'));

      // Item 9: shengke's first-player choice shows for shengke, not for junqi.
      const chooseGame = (game) => page.locator('#create-mode').evaluate((select, game) => {
        const options = [.../** @type {HTMLSelectElement} */ (select).options];
        const index = options.findIndex((option) => option.dataset.game === game);
        /** @type {HTMLSelectElement} */ (select).selectedIndex = index;
        select.dispatchEvent(new Event('change'));
        return index;
      }, game);
      assert.ok(await chooseGame('shengke') >= 0, 'the lobby offers shengke');
      await page.locator('#create-first-player').waitFor({ state: 'visible' });
      await chooseGame('junqi');
      await page.locator('#create-first-player').waitFor({ state: 'detached' });

      // Item 9: a gold room offers no AI, and no AI level.
      await page.locator('#create-stake').fill('40');
      await page.locator('#create-room button[type=submit]').click();
      await page.waitForURL(/#\/room\/.+/);
      await page.locator('.page.room[data-phase=setup]').waitFor();
      await page.locator('.seat-card[data-seat=s] button.sit').click();
      await page.locator('.page.room[data-you=s]').waitFor();
      assert.equal(await page.locator('button.add-ai').count(), 0, 'a gold room offers no AI');
      assert.equal(await page.locator('#ai-level').isVisible(), false, 'nor an AI level');
      await page.locator('#leave').click();
      await page.locator('body[data-page=lobby]').waitFor();

      // A room without a stake offers it; the AI's level is in Chinese on its card and in the log.
      await page.locator('#create-stake').fill('0');
      await chooseGame('junqi');
      await page.locator('#create-room button[type=submit]').click();
      await page.waitForURL(/#\/room\/.+/);
      await page.locator('.page.room[data-phase=setup]').waitFor();
      await page.locator('.seat-card[data-seat=s] button.sit').click();
      await page.locator('.page.room[data-you=s]').waitFor();

      // Item 10: a confirmation is not an error, in words or in colour.
      await page.locator('#layout-name').fill('mine');
      await page.locator('#save-layout').click();
      const message = page.locator('#message[data-kind=info]');
      await message.filter({ hasText: /\S/ }).waitFor();
      const colours = await page.evaluate(() => ({
        message: getComputedStyle(/** @type {Element} */ (document.querySelector('#message'))).color,
        bad: getComputedStyle(document.documentElement).getPropertyValue('--bad').trim(),
      }));
      const bad = await page.evaluate((colour) => {
        const probe = document.createElement('span');
        probe.style.color = colour;
        document.body.append(probe);
        const computed = getComputedStyle(probe).color;
        probe.remove();
        return computed;
      }, colours.bad);
      assert.notEqual(colours.message, bad, 'an info message is not in the error colour');

      await page.locator('.seat-card[data-seat=n] button.add-ai').click();
      await page.locator('.seat-card[data-seat=n] .player.ai').waitFor();
      await page.locator('#ready').click();
      await page.locator('.page.room[data-phase=playing]').waitFor();
      // The AI's moves name it in the log; when the first move is ours, we make it.
      const aiLine = page.locator('#log li', { hasText: '电脑（简单）' });
      for (let tries = 0; tries < 20 && await aiLine.count() === 0; tries++) {
        if ((await roomState(page)).myTurn) await clickMove(page, 'avoid');
        await page.waitForTimeout(250);
      }
      await aiLine.first().waitFor();
      const log = await page.locator('#log').textContent();
      assert.doesNotMatch(log ?? '', /AI \(|easy/, 'the zh log has no English AI level');

      // Item 10: English counts agree with their number; Chinese has one form.
      const counts = await page.evaluate(async () => {
        const i18n = await import('/i18n.js');
        i18n.setLanguage('en');
        const en = [1, 2].map((count) => i18n.t('timeouts_n', { count }));
        i18n.setLanguage('zh');
        return [...en, i18n.t('timeouts_n', { count: 1 })];
      });
      assert.deepEqual(counts, ['1 timeout', '2 timeouts', '超时 1 次']);
      assert.deepEqual(page.errors, [], 'no script errors');
    });
  } finally {
    await browser.close();
  }
});
