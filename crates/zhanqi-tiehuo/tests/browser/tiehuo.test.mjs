// Issue 15 item 6: 铁与火 in the browser with fog of war. A person registers, creates a tiehuo
// room with fog of war on, puts an AI in the other seat and starts. After the environment and
// logistics rolls the game asks for the deployment: the person first sends one over their
// logistics and sees every violation listed, then deploys within them. They play the whole game
// by clicking (a card, then an option with its targets shown before confirming; targets in
// order; face-down classes; buttons), see the dice animated, read the result and open the
// replay. Every WebSocket frame the person's page received is checked: none carried a token of
// a face-down card of the AI's side (the Soviet deck, ids SU…).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRoom, launch, openPage, register, sit, uniqueName, withScreenshots } from '../../../zhanqi-cli/tests/browser/browser.mjs';
import { addCard, deploymentRows, keep, playOut } from './play.mjs';

/** A token of a Soviet card that is face down (`SU05f`, `SU12:3cf`): never for seat 1's eyes. */
const FOGGED_SOVIET = /\bSU\d\d(?::\d+)?a?c?f/;


test('tiehuo: fog of war, a deployment after the rolls, a whole game against an AI by clicking, no fogged card sent', async () => {
  const browser = await launch();
  const pages = [];
  try {
    await withScreenshots('tiehuo', pages, async () => {
      const page = await openPage(browser);
      pages.push(page);
      /** @type {string[]} every WebSocket frame this page received */
      const frames = [];
      page.on('websocket', (socket) => socket.on('framereceived', ({ payload }) => frames.push(String(payload))));
      await page.reload();
      await register(page, uniqueName('tie'));

      await page.locator('#create-mode').selectOption('formation');
      await page.locator('#create-game-options input[data-option="fog_of_war"]').check();
      await createRoom(page, 'formation');
      await sit(page, '1');
      await page.locator('.seat-card[data-seat="2"] button.add-ai').click();
      await page.locator('.seat-card[data-seat="2"] .player.ai').waitFor();
      await page.locator('#ready').click();
      await page.locator('.page.room[data-phase=playing]').waitFor();

      // The rolls came first: the environment and both logistics are shown, then the editor.
      await page.locator('.page.room[data-deploying="true"] #deploy-editor').waitFor();
      assert.match(await page.locator('#environment').getAttribute('data-env') ?? '', /^(normal|mountain|city)$/);
      await page.locator('#fog').waitFor();
      const budget = Number(await page.locator('#deploy-editor').getAttribute('data-budget'));
      assert.ok(budget >= 42 && budget <= 52, `L is 40 + 2d6: ${budget}`);
      const rows = await deploymentRows(page);
      assert.ok(rows.length > 10, 'the reserve is listed by card');

      // Everything at once: over L, refused with the violation listed.
      for (const row of rows) {
        for (let copy = 0; copy < row.copies; copy++) await addCard(page, row.id);
      }
      assert.ok(Number(await page.locator('#deploy-editor').getAttribute('data-total')) > budget);
      await page.locator('#deploy-send').click();
      await page.locator('#message', { hasText: "above your logistics of" }).waitFor();
      await keep(page, 'tiehuo-deployment');
      assert.equal(await page.locator('.page.room').getAttribute('data-deploying'), 'true');

      // Within L: battle cards first, cheapest logistics last, leaving a little slack.
      await page.locator('#deploy-clear').click();
      let total = 0;
      const ordered = [...rows.filter((row) => row.battle), ...rows.filter((row) => !row.battle)];
      for (const row of ordered) {
        for (let copy = 0; copy < row.copies && total + row.logistics <= budget - 3; copy++) {
          await addCard(page, row.id);
          total += row.logistics;
        }
      }
      assert.equal(Number(await page.locator('#deploy-editor').getAttribute('data-total')), total);
      await page.locator('#deploy-send').click();
      await page.locator('.page.room[data-deploying="false"]').waitFor();

      // The game: every decision of seat 1 by clicking.
      let confirmed = 0;
      let targetsShown = 0;
      const decisions = await playOut(page, {
        async beforeClick() {
          if ((await page.locator('#confirm-action').count()) === 0) return;
          const shown = (await page.locator('#table .th-card.target').count()) > 0;
          if (shown && targetsShown === 0) await keep(page, 'tiehuo-attack');
          targetsShown += shown ? 1 : 0;
        },
        afterClick(done) {
          if (done.startsWith('confirm')) confirmed++;
        },
      });
      assert.ok(decisions >= 5, `seat 1 decided ${decisions} times`);
      assert.ok(confirmed >= 3, `seat 1 confirmed ${confirmed} actions`);
      assert.ok(targetsShown > 0, 'an attack showed its targets before it was confirmed');
      assert.ok(Number(await page.locator('.page.room').getAttribute('data-dice') ?? 0) > 0, 'dice were rolled on screen');
      await keep(page, 'tiehuo-result');
      const outcome = await page.locator('#result').getAttribute('data-outcome');
      assert.ok(['win', 'loss', 'draw'].includes(outcome ?? ''), `outcome ${outcome}`);

      // Fog of war: the AI's cards reached this page as face-down classes, never as tokens.
      const leaks = frames.filter((frame) => FOGGED_SOVIET.test(frame));
      assert.deepEqual(leaks.map((frame) => frame.match(FOGGED_SOVIET)?.[0]), [], 'no frame carried a face-down card of the AI');
      assert.ok(frames.some((frame) => frame.includes('class:2:?')), 'the AI\'s face-down cards were shown by class');

      // The replay shows every card.
      await page.locator('#open-replay').click();
      await page.locator('.page.replay[data-step="0"]').waitFor();
      await page.locator('#step-last').click();
      await page.locator('.page.replay:not([data-step="0"])').waitFor();
      await keep(page, 'tiehuo-replay');
      for (const each of pages) assert.deepEqual(each.errors, [], 'no script errors');
    });
  } finally {
    await browser.close();
  }
});
