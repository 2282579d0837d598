// Issue 4 item 11, first part: two people register, create a 2p room, deploy (with a swap,
// a refused swap, a saved layout, and the layout downloaded as a file, a broken one refused
// with both its violations, and the file read back in), play, see the draw button disabled before move 40, offer
// one after it (confirmed, then disabled until the offerer moves again) and refuse it, one
// surrenders, both see their points change; a spectator sees no
// hidden piece; the game is saved to the replays and stepped through.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  clickMove, createRoom, guest, launch, openPage, pieces, register, roomState, sit, uniqueName,
  waitMovesPast, withScreenshots,
} from '../../../zhanqi-cli/tests/browser/browser.mjs';

/** Pieces that may stand on any non-camp post (no rule ties them to a line or an HQ). */
const FREE = new Set(['S', 'J', 'D', 'L', 'T', 'Y', 'C', 'P', 'E']);

/**
 * Waits until the board shows every piece of `layout` (by post), or with `shown` false, until
 * it no longer does.
 * @param {import('playwright-core').Page} page
 * @param {Record<string, string>} layout
 */
const waitForLayout = (page, layout, shown = true) => page.waitForFunction(([saved, wanted]) => {
  const all = Object.entries(saved).every(([post, piece]) =>
    document.querySelector(`svg.board [data-post="${post}"]`)?.getAttribute('data-piece') === piece);
  return all === wanted;
}, /** @type {[Record<string, string>, boolean]} */ ([layout, shown]));

test('two players deploy, play past move 40, one surrenders, both see points; replay stepped', async () => {
  const browser = await launch();
  const pages = [];
  try {
    await withScreenshots('two-players', pages, async () => {
      const alice = await openPage(browser);
      const bob = await openPage(browser, { lang: 'zh' });
      pages.push(alice, bob);
      const aliceName = uniqueName('alice');
      const bobName = uniqueName('bob');

      // The language switch changes the page's strings.
      await bob.locator('#register h2', { hasText: '注册' }).waitFor();
      await bob.locator('button[data-lang=en]').click();
      await bob.locator('#register h2', { hasText: 'Register' }).waitFor();

      await register(alice, aliceName);
      await register(bob, bobName);

      const room = await createRoom(alice, '2p');
      await sit(alice, 's');
      await bob.locator(`tr[data-room="${room}"] a`).click();
      await bob.locator('.page.room[data-phase=setup]').waitFor();
      await sit(bob, 'n');

      // A legal swap of two pieces of different kinds changes the layout.
      const before = await pieces(alice);
      const free = Object.entries(before).filter(([, piece]) => FREE.has(piece));
      const [a, pa] = free[0];
      const [b, pb] = free.find(([, piece]) => piece !== pa);
      await alice.locator(`svg.board [data-post="${a}"]`).click();
      await alice.locator(`svg.board [data-post="${a}"].selected`).waitFor();
      await alice.locator(`svg.board [data-post="${b}"]`).click();
      await alice.locator(`svg.board [data-post="${a}"][data-piece="${pb}"]`).waitFor();
      await alice.locator(`svg.board [data-post="${b}"][data-piece="${pa}"]`).waitFor();

      // An illegal swap (the flag out of its headquarters) is refused with the reason shown.
      const swapped = await pieces(alice);
      const flag = Object.keys(swapped).find((post) => swapped[post] === 'F');
      const [other] = Object.entries(swapped).find(([, piece]) => FREE.has(piece));
      await alice.locator(`svg.board [data-post="${flag}"]`).click();
      await alice.locator(`svg.board [data-post="${other}"]`).click();
      await alice.locator('#message').filter({ hasText: /\S/ }).waitFor();
      assert.deepEqual(await pieces(alice), swapped, 'a refused swap leaves the layout as it was');

      // Save the layout by name, draw a random one, and load the saved one back.
      await alice.locator('#layout-name').fill('my layout');
      await alice.locator('#save-layout').click();
      await alice.locator('#layout-pick option', { hasText: 'my layout' }).waitFor({ state: 'attached' });
      await alice.locator('#random-layout').click();
      await waitForLayout(alice, swapped, false);
      await alice.locator('#layout-pick').selectOption('my layout');
      await alice.locator('#load-layout').click();
      await waitForLayout(alice, swapped);

      // The layout as a file: download it, have a broken one refused with every rule it breaks,
      // then read the downloaded file back in.
      await alice.locator('#layout-file-box summary').click();
      const href = await alice.locator('#export-layout').getAttribute('href') ?? '';
      assert.match(await alice.locator('#export-layout').getAttribute('download') ?? '', /\.txt$/);
      const exported = decodeURIComponent(href.replace(/^data:[^,]*,/, '')).trim();
      assert.match(exported, /^[A-Z.]{5}(\/[A-Z.]{5}){5}$/, `a deployment string: ${exported}`);
      await alice.locator('#layout-text').fill('MBPDL/E.J.T/DL.BY/T.S.P/YCECE/MFMPC');
      await alice.locator('#import-layout').click();
      await alice.locator('#layout-violations li').nth(1).waitFor();
      assert.equal(await alice.locator('#layout-violations li').count(), 2, 'both broken rules listed');
      await alice.locator('#random-layout').click();
      await waitForLayout(alice, swapped, false);
      await alice.locator('#layout-file').setInputFiles({
        name: 'layout.txt', mimeType: 'text/plain', buffer: Buffer.from(`${exported}\n`),
      });
      await alice.locator('#layout-violations').waitFor({ state: 'detached' });
      await waitForLayout(alice, swapped);

      await alice.locator('#ready').click();
      await alice.locator('#unready').waitFor();
      await bob.locator('#ready').click();
      await alice.locator('.page.room[data-phase=playing]').waitFor();
      await bob.locator('.page.room[data-phase=playing]').waitFor();

      // During play each seat sees its own pieces and only the backs of the other's.
      const aliceView = await pieces(alice);
      assert.equal(Object.values(aliceView).filter((piece) => piece === '?').length, 25);
      assert.equal(Object.values(aliceView).filter((piece) => piece !== '?').length, 25);

      // A spectator sees where the pieces stand and nothing of what they are.
      const watcher = await openPage(browser);
      pages.push(watcher);
      await guest(watcher, uniqueName('eve'));
      await watcher.goto(`${alice.url().split('#')[0]}#/room/${room}`);
      await watcher.locator('#spectating').waitFor();
      await watcher.locator('.page.room[data-phase=playing]').waitFor();
      const seen = await pieces(watcher);
      assert.equal(Object.keys(seen).length, 50);
      assert.ok(Object.values(seen).every((piece) => piece === '?'), 'a spectator sees no identity');

      let checkedEarly = false;
      for (let guard = 0; guard < 200; guard++) {
        const [sa, sb] = [await roomState(alice), await roomState(bob)];
        assert.equal(sa.phase, 'playing', 'the game goes on until someone surrenders');
        if (sa.moves >= 40) break;
        const mover = sa.myTurn ? alice : sb.myTurn ? bob : null;
        if (!mover) {
          await alice.waitForTimeout(50);
          continue;
        }
        if (!checkedEarly && sa.moves >= 2) {
          // Before move 40 the draw button is disabled, and its title says why (DR-1).
          checkedEarly = true;
          for (const page of [alice, bob]) {
            assert.ok(await page.locator('#offer-draw').isDisabled(), 'no draw before move 40');
            assert.match(await page.locator('#offer-draw').getAttribute('title') ?? '', /40/);
          }
        }
        const moves = sa.moves;
        const action = await clickMove(mover, 'avoid');
        assert.ok(action, 'the mover has a move');
        await waitMovesPast(mover, moves);
      }
      assert.ok(checkedEarly);

      // After move 40: bob offers a draw, after confirming; he may not offer again until he
      // has moved (DR-2); alice refuses it.
      await bob.locator('#offer-draw:not([disabled])').click();
      await bob.locator('#confirm-draw').waitFor();
      await bob.locator('#draw-yes').click();
      await alice.locator('#refuse-draw').click();
      await bob.locator('#offer-draw[disabled]').waitFor();
      await bob.locator('#log li', { hasText: 'refuses the draw' }).waitFor();

      // Alice surrenders, after confirming.
      await alice.locator('#resign').click();
      await alice.locator('#confirm-resign').waitFor();
      await alice.locator('#resign-yes').click();
      await alice.locator('#result[data-outcome=loss]').waitFor();
      await bob.locator('#result[data-outcome=win]').waitFor();
      assert.equal(await alice.locator('#result tr[data-seat=s] .points-change').textContent(), '−1');
      assert.equal(await bob.locator('#result tr[data-seat=n] .points-change').textContent(), '+1');

      // Both profiles show the new points and the game.
      await alice.locator('#my-profile').click();
      await alice.locator('#profile[data-points="-1"][data-played="1"]').waitFor();
      await bob.locator('#my-profile').click();
      await bob.locator('#profile[data-points="1"][data-played="1"]').waitFor();

      // Bob saves the game to his replays, finds it on his profile, and steps through it.
      await bob.goBack();
      await bob.locator('#save-replay').click();
      await bob.locator('#replay-saved').waitFor();
      await bob.locator('#my-profile').click();
      await bob.locator(`#replays a[data-replay]`).first().click();
      await bob.locator('.page.replay[data-step="0"]').waitFor();
      // The stepper's icons are drawn, not media glyphs a font may lack (empty boxes).
      for (const id of ['#step-first', '#step-back', '#step-forward', '#step-last']) {
        assert.equal(await bob.locator(`${id} svg.step-icon`).count(), 1, `${id} has its icon`);
        assert.equal((await bob.locator(id).textContent())?.trim(), '', `${id} has no glyph text`);
        assert.ok((await bob.locator(id).getAttribute('aria-label'))?.length, `${id} is named`);
      }
      const start = await bob.locator('#step-position').inputValue();
      assert.equal(Object.keys(await pieces(bob)).length, 50);
      assert.ok(Object.values(await pieces(bob)).every((piece) => piece !== '?'), 'a replay shows everything');
      await bob.locator('#step-forward').click();
      await bob.locator('.page.replay[data-step="1"]').waitFor();
      assert.notEqual(await bob.locator('#step-position').inputValue(), start);
      await bob.locator('#step-forward').click();
      await bob.locator('#step-back').click();
      await bob.locator('.page.replay[data-step="1"]').waitFor();
      await bob.locator('#step-last').click();
      await bob.locator('.page.replay:not([data-step="1"])').waitFor();
      assert.ok(Number(await bob.locator('.page.replay').getAttribute('data-step')) >= 40);
      for (const link of ['#download-record', '#download-positions']) {
        const href = await bob.locator(link).getAttribute('href');
        const response = await bob.request.get(new URL(href, bob.url()).href);
        assert.equal(response.status(), 200, `${link} downloads`);
        assert.ok((await response.text()).length > 0);
      }
      for (const page of pages) assert.deepEqual(page.errors, [], 'no script errors');
    });
  } finally {
    await browser.close();
  }
});
