// The newcomer's first page: before signing in, it presents every game the server offers — its
// name, one line on what it is, and its modes — in the page's language, on a desktop and on a
// phone; then a guest name is enough to reach the lobby.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, guest, launch, openPage, uniqueName, withScreenshots } from './browser.mjs';

/** The games listed on the landing page: name, description and modes of each. */
async function listedGames(page) {
  await page.locator('#game-list li').first().waitFor();
  return page.locator('#game-list li').evaluateAll((items) => items.map((item) => ({
    game: item.getAttribute('data-game'),
    name: item.querySelector('strong')?.textContent ?? '',
    blurb: item.querySelector('.blurb')?.textContent ?? '',
    modes: item.querySelector('.modes')?.textContent ?? '',
  })));
}

test('the landing page presents every game the server offers, in both languages', async () => {
  const offered = (await (await fetch(`${BASE}/api/games`)).json()).games.map((game) => game.name);
  assert.deepEqual([...offered].sort(), ['junqi', 'qizhan', 'shengke', 'siguo', 'tiehuo']);
  const browser = await launch();
  const pages = [];
  try {
    await withScreenshots('landing', pages, async () => {
      for (const [lang, phone] of [['en', false], ['zh', true]]) {
        const page = await openPage(browser, { lang, phone });
        pages.push(page);
        const games = await listedGames(page);
        assert.deepEqual(games.map((game) => game.game), offered, `${lang}: every game, in the server's order`);
        for (const game of games) {
          assert.ok(game.name && game.blurb.length > 20 && game.modes, `${lang}: ${game.game} is described: ${JSON.stringify(game)}`);
          if (lang === 'zh') {
            assert.match(game.blurb, /[\u4e00-\u9fff]{4}/, `zh: ${game.game}'s description is Chinese`);
            assert.doesNotMatch(game.blurb, /[A-Za-z]{3}/, `zh: no English in ${game.game}'s description`);
          }
        }
        if (phone) {
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          assert.ok(overflow <= 0, `the list fits a phone's width (overflow ${overflow} px)`);
        }
        assert.deepEqual(page.errors, []);
      }
      // A name is all a guest needs.
      await guest(pages[0], uniqueName('newcomer'));
    });
  } finally {
    await browser.close();
  }
});
