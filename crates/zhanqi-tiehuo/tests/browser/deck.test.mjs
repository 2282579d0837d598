// Issue 15 item 5: 铁与火's deck editor and tank builder in the browser. A person registers,
// creates a room and takes seat 1: before the start the deck editor lists the whole card table
// (attacks and abilities as sentences). They build tanks with the card builder — its figures for
// the recipes of the default Panzer IV and Tiger I are the ones the Rust builder gave those
// cards — and put one in the deck, where the server's violation shows at once; they change the
// deck (too few cards, shown; a Soviet partisan added, kept), save it to their account, export
// it, import a file holding a built tank (its violation shown) and the exported file, load the
// saved deck, put an AI in seat 2, and play the whole game with the deck: the partisan is in
// their reserve at the deployment. On a phone (390×844) every control of the deck editor, the
// deployment editor and a decision on the table is at least 44 px for a finger.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TAPPABLE, createRoom, launch, openPage, register, sit, uniqueName, withScreenshots } from '../../../zhanqi-cli/tests/browser/browser.mjs';
import { deployWithin, keep, playOut } from './play.mjs';


/** Fits a recipe in the open tank builder: one primary per group, then the add-ons. */
async function fit(page, primaries, addons) {
  for (const [group, option] of Object.entries(primaries)) {
    await page.locator(`#tank-builder .th-builder-group[data-group="${group}"] label[data-option="${option}"] input`).check();
  }
  const fitted = page.locator('#tank-builder .th-builder-option.addon input:checked');
  while ((await fitted.count()) > 0) await fitted.first().uncheck();
  for (const [group, option] of addons) {
    await page.locator(`#tank-builder .th-builder-group[data-group="${group}"] label.addon[data-option="${option}"] input`).check();
  }
  return page.locator('#builder-result').evaluate((element) => ({
    cv: Number(element.dataset.cv), logistics: Number(element.dataset.logistics), points: element.dataset.points,
  }));
}

/**
 * The controls inside `containers` that a finger would miss: under 44 CSS pixels either way
 * (a radio button or check box counts as the label it sits in), as "what w×h".
 */
async function underFinger(page, containers) {
  return page.evaluate(({ selector, containers }) => [...document.querySelectorAll(containers)]
    .flatMap((part) => [...part.querySelectorAll(selector)])
    .filter((element) => element.getClientRects().length > 0)
    .map((element) => {
      const tapped = element.matches('input[type=radio], input[type=checkbox]') ? element.closest('label') ?? element : element;
      const box = tapped.getBoundingClientRect();
      return { name: `${element.tagName.toLowerCase()}#${element.id}.${[...element.classList].join('.')}`, width: box.width, height: box.height };
    })
    .filter(({ width, height }) => width + 0.5 < 44 || height + 0.5 < 44)
    .map(({ name, width, height }) => `${name} ${width.toFixed(0)}×${height.toFixed(0)}`), { selector: TAPPABLE, containers });
}

/** A card's combat value and logistics as the card table lists them. */
async function listed(page, id) {
  const cells = await page.locator(`#deck-table tr[data-id="${id}"] td.th-num`).allTextContents();
  return { cv: Number(cells[0]), logistics: Number(cells[1]) };
}

/** Waits until the editor shows exactly these kinds of violation (none: the deck is kept). */
async function violationKinds(page, kinds) {
  await page.locator(`#deck-violations[data-kinds="${kinds.join(' ')}"][data-count="${kinds.length}"]`).waitFor();
  return page.locator('#deck-violations li').allTextContents();
}

test('tiehuo: deck editor and tank builder, violations as the deck changes, save / export / import, a game with the deck against an AI', async () => {
  const browser = await launch();
  const pages = [];
  try {
    await withScreenshots('tiehuo-deck', pages, async () => {
      const page = await openPage(browser);
      pages.push(page);
      await register(page, uniqueName('deck'));
      await createRoom(page, 'formation');
      await sit(page, '1');

      // The whole card table: both default decks' cards, Germany's deck of 30 chosen.
      await page.locator('#deck-table tr[data-id="SU19"]').waitFor();
      assert.equal(await page.locator('#deck-table tbody tr').count(), 38);
      assert.equal(await page.locator('#deck-count').getAttribute('data-count'), '30');
      assert.match(await page.locator('#deck-table tr[data-id="DE10"]').textContent() ?? '', /hits infantry, ranged of the enemy.*costs 2 logistics/);
      assert.match(await page.locator('#deck-table tr[data-id="DE06"]').textContent() ?? '', /虎式坦克.*Field repair/);

      // The tank builder: the default recipes of §15.3 give the numbers of their cards.
      await page.locator('#tank-builder summary').click();
      const panzer = await fit(page, { engine: 'petrol', chassis: 'tracked', suspension: 'bogie', transmission: 'mechanical', armour: 'rolled' },
        [['armour', 'applique']]);
      assert.deepEqual({ cv: panzer.cv, logistics: panzer.logistics }, await listed(page, 'DE05'));
      assert.equal(panzer.points, '2.5');
      const tiger = await fit(page, { suspension: 'torsion_bar', transmission: 'hydromech' },
        [['suspension', 'interleaved'], ['armour', 'face_hardened']]);
      assert.deepEqual({ cv: tiger.cv, logistics: tiger.logistics }, await listed(page, 'DE06'));
      // A heavier one of the person's own: sloped composite armour and a gas turbine.
      const own = await fit(page, { engine: 'gas_turbine', armour: 'composite' }, [['armour', 'sloped'], ['suspension', 'interleaved']]);
      assert.ok(own.cv > tiger.cv, `${own.cv} > ${tiger.cv}`);
      await page.locator('#builder-name').fill('Iron Fist');
      await page.locator('#builder-name-zh').fill('铁拳');
      await page.locator('#builder-template').selectOption('DE06');
      await page.locator('#builder-add').click();
      await page.locator(`#built-cards li[data-id="XT01"][data-cv="${own.cv}"]`).waitFor();
      assert.equal(await page.locator('#deck-count').getAttribute('data-count'), '31');
      // A built tank is a card of the game like any other: the deck of 31 breaks no rule.
      await violationKinds(page, []);
      assert.equal(await page.locator('#built-cards li.invalid[data-id="XT01"]').count(), 0);
      await keep(page, 'tiehuo-deck-editor');

      // Too few cards, shown as the deck changes; a Soviet partisan fills the gap.
      await page.locator('#built-cards li[data-id="XT01"] .th-remove').click();
      await page.locator('#deck-table tr[data-id="DE06"] .deck-copies').fill('0');
      const small = await violationKinds(page, ['deck_too_small']);
      assert.match(small[0], /29 cards.*at least 30/);
      await page.locator('#deck-table tr[data-id="SU05"] .deck-copies').fill('1');
      await violationKinds(page, []);

      // Saved to the account, and exported as a file in the engine's options format.
      await page.locator('#layout-name').fill('partisans');
      await page.locator('#save-layout').click();
      await page.locator('#message', { hasText: 'saved' }).waitFor();
      const [download] = await Promise.all([page.waitForEvent('download'), page.locator('#export-deck').click()]);
      const exported = JSON.parse(fs.readFileSync(await download.path(), 'utf8'));
      assert.equal(exported.length, 30);
      assert.ok(exported.includes('SU05') && !exported.includes('DE06'), exported.join(','));

      // A file with a built tank: shown, no violation; then the exported file, kept.
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tiehuo-deck-'));
      const withTank = path.join(dir, 'with-tank.json');
      fs.writeFileSync(withTank, JSON.stringify([...exported, {
        id: 'XT07', name: 'Fury', name_zh: '狂怒', category: 'armour', attacks: ['AP: vs arm 2~4'],
        builder: { engine: 'diesel', chassis: 'tracked', suspension: 'vvss', transmission: 'mechanical', armour: 'cast' }, copies: 2,
      }]));
      await page.locator('#deck-file').setInputFiles(withTank);
      await page.locator('#built-cards li[data-id="XT07"][data-cv="12"][data-logistics="5"]').waitFor();
      assert.equal(await page.locator('#deck-count').getAttribute('data-count'), '32');
      await violationKinds(page, []);
      const plain = path.join(dir, 'partisans.json');
      fs.writeFileSync(plain, JSON.stringify(exported));
      await page.locator('#deck-file').setInputFiles(plain);
      await violationKinds(page, []);
      assert.equal(await page.locator('#built-cards li').count(), 0);

      // The saved deck, loaded from the account after starting from the Soviet deck.
      await page.locator('#starter-ussr').click();
      await page.locator('#deck-table tr[data-id="SU01"] .deck-copies[value="3"]').waitFor();
      await page.locator('#layout-pick').selectOption('partisans');
      await page.locator('#load-layout').click();
      await page.locator('#message', { hasText: 'loaded' }).waitFor();
      await page.locator('#deck-table tr[data-id="DE06"] .deck-copies[value="0"]').waitFor();
      assert.equal(await page.locator('#deck-table tr[data-id="SU05"] .deck-copies').inputValue(), '1');

      // The saved deck with the built tank of the file: the room starts its game with it.
      await page.locator('#deck-file').setInputFiles(withTank);
      await page.locator('#built-cards li[data-id="XT07"]').waitFor();
      await violationKinds(page, []);

      // A game with the deck against an AI: the partisan and the built tank are in the reserve
      // at the deployment.
      await page.locator('.seat-card[data-seat="2"] button.add-ai').click();
      await page.locator('.seat-card[data-seat="2"] .player.ai').waitFor();
      await page.locator('#ready').click();
      await page.locator('.page.room[data-phase=playing]').waitFor();
      const reserve = await deployWithin(page);
      assert.ok(reserve.some((row) => row.id === 'SU05'), 'the deck of the room is the loaded one');
      assert.ok(!reserve.some((row) => row.id === 'DE06'), 'no Tiger in the loaded deck');
      assert.ok(reserve.some((row) => row.id === 'XT07' && row.copies === 2), 'the built tank, twice');
      const decisions = await playOut(page);
      assert.ok(decisions >= 3, `seat 1 decided ${decisions} times`);
      for (const each of pages) assert.deepEqual(each.errors, [], 'no script errors');
    });
  } finally {
    await browser.close();
  }
});

test('tiehuo: the deck editor and the table on a phone give a finger 44 px targets', async () => {
  const browser = await launch();
  const pages = [];
  try {
    await withScreenshots('tiehuo-deck-phone', pages, async () => {
      const page = await openPage(browser, { phone: true });
      pages.push(page);
      await register(page, uniqueName('phone'));
      await createRoom(page, 'formation');
      await sit(page, '1');
      await page.locator('#deck-table tr[data-id="SU19"]').waitFor();
      await page.locator('#tank-builder summary').click();
      const editor = await page.locator('#deck-editor').evaluate((element) => element.getBoundingClientRect().width);
      assert.ok(editor <= 390, `the editor fits the screen's width (${editor})`);
      assert.deepEqual(await underFinger(page, '#deck-editor, #deck-controls'), [], 'every control of the deck editor is at least 44 px');
      await keep(page, 'tiehuo-deck-phone');

      // The table: the deployment editor, then the cards and buttons of a decision.
      await page.locator('.seat-card[data-seat="2"] button.add-ai').click();
      await page.locator('.seat-card[data-seat="2"] .player.ai').waitFor();
      await page.locator('#ready').click();
      await page.locator('.page.room[data-deploying="true"] #deploy-editor').waitFor({ timeout: 60_000 });
      assert.deepEqual(await underFinger(page, '#deploy-editor, #deploy-controls'), [], 'the deployment editor is for a finger');
      await deployWithin(page);
      await page.locator('.page.room[data-my-turn="true"] #choices').waitFor({ timeout: 60_000 });
      assert.deepEqual(await underFinger(page, '#table, #choices'), [], 'the cards and buttons of a decision are for a finger');
      await keep(page, 'tiehuo-table-phone');
      for (const each of pages) assert.deepEqual(each.errors, [], 'no script errors');
    });
  } finally {
    await browser.close();
  }
});
