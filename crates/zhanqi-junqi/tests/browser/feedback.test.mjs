// Issue 12, what the board tells a player: a guest plays a 2p game against an AI. The board
// has coordinates on its edges in the log's names, a legend of full piece names, seat markers
// that differ by shape; a whole move is made by keyboard alone, the selected piece pulses (and
// holds still for reduced motion); each battle shows both pieces as the player may know them
// and the result, and the log names the player's own lost pieces, in English and in Chinese;
// the two seats' last moves are drawn apart.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  arrowTo, clickMove, createRoom, focusedKey, guest, launch, openPage, roomState, sit, tabToBoard, uniqueName,
  waitMovesPast, withScreenshots,
} from '../../../zhanqi-cli/tests/browser/browser.mjs';

/**
 * Waits for this page's turn; false when the game ended first.
 * @param {import('playwright-core').Page} page
 */
async function myTurn(page) {
  await page.waitForFunction(() => {
    const room = document.querySelector('.page.room');
    return room && (room.dataset.myTurn === 'true' || room.dataset.phase === 'over') && room.dataset.animating !== 'true';
  }, null, { timeout: 30_000 });
  return (await roomState(page)).phase === 'playing';
}

/**
 * Makes one whole move with the keyboard: Tab to the board, Enter on a piece whose
 * destinations the board marks, arrows to one of them, Enter.
 * @param {import('playwright-core').Page} page
 */
async function keyboardMove(page) {
  const start = await tabToBoard(page);
  const selectable = await page.locator('svg.board .spot.selectable').evaluateAll((spots) => spots.map((spot) => spot.getAttribute('data-post')));
  assert.ok(selectable.includes(start), `the board's tab stop ${start} is a piece that may move`);
  await page.keyboard.press('Enter');
  await page.locator(`svg.board .spot.selected[data-post="${start}"]`).waitFor();
  const targets = await page.locator('svg.board .spot.target-move, svg.board .spot.target-attack')
    .evaluateAll((spots) => spots.map((spot) => spot.getAttribute('data-post')));
  assert.ok(targets.length > 0, 'the picked piece has destinations');
  assert.equal(await focusedKey(page), start, 'the focus stays on the picked piece');
  // The selected piece blinks: a ring with a running animation.
  const ring = await page.locator('svg.board .spot.selected .select-ring.inner').evaluate((element) => {
    const style = getComputedStyle(element);
    return { name: style.animationName, iterations: style.animationIterationCount };
  });
  assert.deepEqual(ring, { name: 'select-pulse', iterations: 'infinite' });
  await arrowTo(page, targets[0]);
  assert.equal(await focusedKey(page), targets[0]);
  return { from: start, to: targets[0] };
}

test('the board tells a player what happened, and plays by keyboard', async () => {
  const browser = await launch();
  const pages = [];
  try {
    await withScreenshots('junqi-feedback', pages, async () => {
      const page = await openPage(browser);
      pages.push(page);
      await guest(page, uniqueName('kb'));
      await createRoom(page, '2p');
      await sit(page, 's');
      await page.locator('#ai-level').selectOption('easy');
      await page.locator('.seat-card[data-seat=n] button.add-ai').click();
      await page.locator('.seat-card[data-seat=n] .player.ai').waitFor();
      await page.locator('#ready').click();
      await page.locator('.page.room[data-phase=playing]').waitFor();

      // Seats differ by shape on their cards and on their pieces, not by colour alone.
      const chips = await page.locator('.seat-card .chip').evaluateAll((chips) => chips.map((chip) => chip.textContent));
      assert.equal(new Set(chips).size, 2, `two different seat markers: ${chips}`);
      assert.ok(chips.every((chip) => /^[▲●■◆]$/.test(chip ?? '')), `${chips}`);
      const shapes = await page.locator('svg.board .spot[data-owner] .seat-marker').evaluateAll((markers) =>
        [...new Set(markers.map((marker) => `${marker.closest('.spot')?.getAttribute('data-owner')}:${marker.getAttribute('data-marker')}`))].sort());
      assert.deepEqual(shapes, ['n:circle', 's:triangle']);

      // Coordinates on the edges: every file and rank the log names.
      const edges = await page.locator('svg.board .edge-label').evaluateAll((labels) => labels.map((label) => label.textContent));
      for (const label of ['a', 'b', 'c', 'd', 'e', '1', '6', '7', '12']) assert.ok(edges.includes(label), `edge label ${label}: ${edges}`);

      // The legend lists every piece's mark and full name.
      await page.locator('#legend summary').click();
      const legend = await page.locator('#legend tbody tr').evaluateAll((rows) => rows.map((row) => row.textContent));
      assert.equal(legend.length, 12);
      for (const name of ['Field marshal', 'Major general', 'Brigadier', 'Engineer', 'Landmine']) {
        assert.ok(legend.some((row) => row?.includes(name)), `the legend names the ${name}`);
      }
      assert.ok(!legend.some((row) => /\bMG\b/.test(row ?? '')), 'no cryptic MG');
      const title = await page.locator('svg.board .spot[data-owner=s] .piece title').first().textContent();
      assert.ok((title ?? '').length > 3, `a tile's title is the full name: ${title}`);

      // A whole move by keyboard alone.
      assert.ok(await myTurn(page));
      const moves = (await roomState(page)).moves;
      const move = await keyboardMove(page);
      await page.keyboard.press('Enter');
      await waitMovesPast(page, moves);
      await page.locator('svg.board .last-move[data-seat=s]').waitFor({ state: 'attached' });

      // Reduced motion: the selected piece's ring holds still and is thicker.
      await myTurn(page);
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.locator('svg.board .spot.selectable').first().click();
      const still = await page.locator('svg.board .spot.selected .select-ring.inner').evaluate((element) => {
        const style = getComputedStyle(element);
        return { name: style.animationName, width: parseFloat(style.strokeWidth) };
      });
      assert.equal(still.name, 'none');
      assert.ok(still.width >= 4, `a thick static ring: ${still.width}`);
      await page.locator('svg.board .spot.selected').click();
      await page.emulateMedia({ reducedMotion: 'no-preference' });

      // Both seats' last moves: distinct elements, distinct dash patterns and start markers.
      await page.locator('svg.board .last-move[data-seat=n] .route').waitFor({ state: 'attached' });
      const routes = await page.locator('svg.board .last-move').evaluateAll((groups) => groups.map((group) => ({
        seat: group.getAttribute('data-seat'),
        dash: getComputedStyle(group.querySelector('.route')).strokeDasharray,
        marker: group.querySelector('.route-start')?.getAttribute('data-marker'),
      })));
      assert.equal(routes.length, 2);
      assert.notEqual(routes[0].dash, routes[1].dash, `dashes ${JSON.stringify(routes)}`);
      assert.notEqual(routes[0].marker, routes[1].marker);
      assert.ok(move.from && move.to);

      // Attack until a battle costs us a piece, first in English, then in Chinese.
      const lost = {
        en: /Your ([A-Za-z ]+?) (?:from ([a-e]\d+) was lost at ([a-e]\d+)|at ([a-e]\d+) was lost)\./,
        zh: /你的(\S+?)从 ([a-e]\d+) 出击,在 ([a-e]\d+) 阵亡|你在 ([a-e]\d+) 的(\S+?)阵亡/,
      };
      let sawBattle = false;
      for (const language of ['en', 'zh']) {
        if (language === 'zh') {
          await page.locator('button[data-lang=zh]').click();
          await page.locator('.page.room[data-phase=playing]').waitFor();
        }
        let found = null;
        for (let guard = 0; guard < 300 && !found; guard++) {
          if (!(await myTurn(page))) break;
          const before = (await roomState(page)).moves;
          const action = await clickMove(page, 'prefer');
          assert.ok(action, 'a move');
          if (action.includes('x')) {
            // Our attack on the board: our piece named, theirs hidden, the result shown.
            const to = action.split('x')[1];
            const battle = page.locator(`svg.board .battle[data-battle-post="${to}"]`);
            await battle.waitFor({ state: 'attached' });
            const shown = await battle.evaluate((element) => ({
              result: element.getAttribute('data-result'),
              attacker: element.getAttribute('data-attacker'),
              defender: element.getAttribute('data-defender'),
              fighters: [...element.querySelectorAll('[data-fighter]')].map((tile) => tile.getAttribute('data-fighter')),
              words: element.querySelector('.battle-words')?.textContent ?? '',
              flash: getComputedStyle(element.querySelector('.battle-flash')).animationName,
            }));
            assert.match(shown.result ?? '', /^[ADX]$/);
            assert.match(shown.attacker ?? '', /^s[SJDLTYCPEB]$/, 'our own attacker is named');
            assert.match(shown.defender ?? '', /^n[?F]$/, 'their defender stays hidden (but a public flag)');
            assert.equal(shown.fighters.length, 2, 'both pieces drawn');
            assert.ok(shown.words.length > 0, 'the result in words');
            assert.equal(shown.flash, 'battle-flash');
            sawBattle = true;
          }
          await waitMovesPast(page, before);
          const lines = await page.locator('#log li').allTextContents();
          found = lines.map((line) => line.match(lost[language])).find((match) => match) ?? null;
        }
        assert.ok(found, `the ${language} log names a piece we lost`);
        // The post the log names is on the board, and its file and rank are on the edges.
        const post = found.slice(1).find((part) => /^[a-e]\d+$/.test(part ?? ''));
        assert.ok(post, `a post in ${found[0]}`);
        const labels = await page.locator('svg.board .edge-label').allTextContents();
        assert.ok(labels.includes(post[0]) && labels.includes(post.slice(1)), `${post} on the edges`);
        assert.equal(await page.locator(`svg.board .spot[data-post="${post}"]`).count(), 1);
        if (language === 'zh') assert.ok(!/Your|was lost/.test(found.input ?? ''), 'no English in the zh log line');
      }
      assert.ok(sawBattle, 'at least one of our attacks was shown');
      assert.deepEqual(page.errors, [], 'no script errors');
    });
  } finally {
    await browser.close();
  }
});
