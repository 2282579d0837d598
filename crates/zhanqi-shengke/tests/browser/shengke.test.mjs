// Issue 5 item 6: 生剋棋 in the browser. A person registers, creates a shengke room, breaks
// the deck in the editor and sees every violation listed, fixes it, saves it by name, draws the
// default deck and loads the saved one back, puts an AI in the other seat and plays a whole
// game by clicking (hand card, then a highlighted cell; element and recovery buttons), sees the
// dice and the judgements animated, reads the result, and steps through the replay. A second
// page on a phone-sized screen watches the game and must show the table within the screen.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { createRoom, launch, offScreen, openPage, register, sit, uniqueName, withScreenshots } from '../../../zhanqi-cli/tests/browser/browser.mjs';

/** The shengke page's attributes. */
async function tableState(page) {
  return page.locator('.page.room').evaluate((element) => ({
    phase: element.dataset.phase,
    turn: Number(element.dataset.turn ?? 0),
    myTurn: element.dataset.myTurn === 'true',
    animating: element.dataset.animating === 'true',
  }));
}

/** Keeps a screenshot for people to look at (target/browser-screenshots/NAME.png). */
async function keep(page, name, fullPage) {
  if (!process.env.ZHANQI_SCREENSHOTS) return;
  fs.mkdirSync(process.env.ZHANQI_SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(process.env.ZHANQI_SCREENSHOTS, `${name}.png`), fullPage });
}

/** Sets one cell of the deck editor: row `row` (0-based), input class `field`. */
async function setDeck(page, row, field, value) {
  await page.locator(`#deck-editor tr[data-row="${row}"] .deck-${field}`).fill(String(value));
}

/**
 * What each side of the table shows: the piles' and discard pile's counts as written, the
 * hand (cards, or card backs), and the player's cards on the field.
 */
async function sides(page) {
  return page.locator('#table .sk-side').evaluateAll((sides) => sides.map((side) => {
    const seat = side.getAttribute('data-seat');
    const piles = [...side.querySelectorAll('.sk-pile[data-pile]')].map((pile) => ({
      count: Number(pile.getAttribute('data-count')),
      text: pile.textContent ?? '',
    }));
    const discard = side.querySelector('.sk-discard');
    const cards = [...side.querySelectorAll('.sk-hand .sk-card')];
    return {
      seat,
      mine: side.classList.contains('mine'),
      piles,
      discard: Number(discard?.getAttribute('data-discard')),
      discardText: discard?.textContent ?? '',
      hand: Number(side.querySelector('.sk-hand')?.getAttribute('data-hand')),
      handCards: cards.length,
      backs: cards.filter((card) => card.classList.contains('back')).length,
      field: document.querySelectorAll(`#field .sk-cell[data-owner="${seat}"]`).length,
    };
  }));
}

/**
 * Makes this page's one decision by clicking: a choice button when the server offers one, else
 * a hand card and one of the cells it then highlights, once or twice. Returns what was done.
 */
async function clickDecision(page) {
  const choices = page.locator('#choices button[data-action]');
  if ((await choices.count()) > 0) {
    const index = Math.floor(Math.random() * (await choices.count()));
    const action = await choices.nth(index).getAttribute('data-action');
    await choices.nth(index).click();
    return action;
  }
  const steps = [];
  for (let card = 0; card < 2; card++) {
    const selectable = page.locator('#table .sk-side.mine .sk-hand .sk-card.selectable');
    const count = await selectable.count();
    if (count === 0) break;
    const chosen = selectable.nth(Math.floor(Math.random() * count));
    const id = await chosen.getAttribute('data-card');
    await chosen.click();
    const targets = page.locator('#field .sk-cell.target');
    await page.locator('#field .sk-cell.target').first().waitFor();
    const cells = await targets.count();
    const target = targets.nth(Math.floor(Math.random() * cells));
    const cell = await target.getAttribute('data-cell');
    await target.click();
    steps.push(`${id}@${cell}`);
    // After the first card, either the server already has the action (one card fits) or the
    // page waits for the second card.
    if ((await page.locator('#cancel-placement').count()) === 0) break;
  }
  return steps.join(' ');
}

/**
 * Makes this page's decision by keyboard alone: Tab to a hand card that may be placed, Enter,
 * Tab to a cell it may go to, Space; a second card the same way when the first asks for one.
 */
async function keyboardDecision(page) {
  const tabTo = async (selector) => {
    for (let presses = 0; presses < 200; presses++) {
      await page.keyboard.press('Tab');
      const key = await page.evaluate((selector) => (document.activeElement?.matches(selector) ? document.activeElement.getAttribute('data-key') : null), selector);
      if (key) return key;
    }
    throw new Error(`Tab never reached ${selector}`);
  };
  const steps = [];
  for (let card = 0; card < 2; card++) {
    if ((await page.locator('#table .sk-side.mine .sk-hand .sk-card.selectable').count()) === 0) break;
    const chosen = await tabTo('#table .sk-side.mine .sk-hand .sk-card.selectable');
    await page.keyboard.press('Enter');
    await page.locator('#field .sk-cell.target').first().waitFor();
    const cell = await tabTo('#field .sk-cell.target');
    await page.keyboard.press(' ');
    steps.push(`${chosen}@${cell}`);
    if ((await page.locator('#cancel-placement').count()) === 0) break;
  }
  return steps.join(' ');
}

test('shengke: deck editor, a whole game against an AI by clicking, phone layout, replay', async () => {
  const browser = await launch();
  const pages = [];
  try {
    await withScreenshots('shengke', pages, async () => {
      const page = await openPage(browser);
      pages.push(page);
      await register(page, uniqueName('ling'));
      // The form offers the first player for shengke; this test clicks seat 1's decisions, so
      // it plays as seated (tests/first_player.rs covers the coin toss).
      await page.locator('#create-mode').selectOption('standard');
      await page.locator('#create-first-player').selectOption('seats');
      const room = await createRoom(page, 'standard');
      await sit(page, '1');

      // The deck editor: 25 rows, the default deck.
      await page.locator('#deck-editor tbody tr').nth(24).waitFor();
      assert.equal(await page.locator('#deck-editor tbody tr').count(), 25);
      assert.equal(await page.locator('#deck-editor tr[data-row="0"] .deck-name').inputValue(), '青翼龍');
      // The running sums of the in and out numbers (each must be 100) follow every edit.
      const sums = () => page.locator('#deck-sum-in, #deck-sum-out').evaluateAll((cells) =>
        cells.map((cell) => `${cell.getAttribute('data-sum')}:${cell.classList.contains('ok') ? 'ok' : 'bad'}`));
      assert.deepEqual(await sums(), ['100:ok', '100:ok']);
      assert.equal(await page.locator('#deck-counts .deck-count.ok').count(), 5, 'five cards of each element');

      // Two numbers out of range break both sums: four violations, all listed, and the
      // rows they name are marked.
      await setDeck(page, 0, 'in', 9);
      await setDeck(page, 1, 'out', 0);
      assert.deepEqual(await sums(), ['105:bad', '95:bad']);
      await page.locator('#use-deck').click();
      await page.locator('#violations li').nth(3).waitFor();
      const violations = await page.locator('#violations li').allTextContents();
      assert.equal(violations.length, 4, violations.join(' | '));
      assert.ok(violations.some((line) => line.includes('M1') && line.includes('9')), violations.join(' | '));
      assert.ok(violations.some((line) => line.includes('M2') && line.includes('0')), violations.join(' | '));
      assert.ok(violations.some((line) => line.includes('105')), violations.join(' | '));
      assert.ok(violations.some((line) => line.includes('95')), violations.join(' | '));
      assert.equal(await page.locator('#deck-editor tr.invalid').count(), 2);

      // Fixed: M1 4/3 → 3/3 and M2 3/5 → 4/5 keep both sums at 100; M1 gets a new name.
      await setDeck(page, 0, 'in', 3);
      await setDeck(page, 1, 'out', 5);
      await setDeck(page, 1, 'in', 4);
      assert.deepEqual(await sums(), ['100:ok', '100:ok']);
      await setDeck(page, 0, 'name', '小青龍');
      await page.locator('#layout-name').fill('my deck');
      await page.locator('#save-layout').click();
      await page.locator('#layout-pick option', { hasText: 'my deck' }).waitFor({ state: 'attached' });
      assert.equal(await page.locator('#violations li').count(), 0);
      assert.equal(await page.locator('#deck-editor tr.invalid').count(), 0);

      // The default deck, then the saved one back.
      await page.locator('#random-layout').click();
      await page.waitForFunction(() =>
        document.querySelector('#deck-editor tr[data-row="0"] .deck-name')?.value === '青翼龍');
      await page.locator('#layout-pick').selectOption('my deck');
      await page.locator('#load-layout').click();
      await page.waitForFunction(() =>
        document.querySelector('#deck-editor tr[data-row="0"] .deck-name')?.value === '小青龍');
      assert.equal(await page.locator('#deck-editor tr[data-row="1"] .deck-in').inputValue(), '4');

      await page.locator('.seat-card[data-seat="2"] button.add-ai').click();
      await page.locator('.seat-card[data-seat="2"] .player.ai').waitFor();
      await page.locator('#ready').click();
      await page.locator('.page.room[data-phase=playing]').waitFor();

      // A spectator on a phone: the table fits the screen's width.
      const phone = await openPage(browser, { phone: true, lang: 'zh' });
      pages.push(phone);
      await phone.locator('#guest input[name=name]').fill(uniqueName('看客'));
      await phone.locator('#guest button[type=submit]').click();
      await phone.locator('body[data-page=lobby]').waitFor();
      await phone.goto(`${page.url().split('#')[0]}#/room/${room}`);
      await phone.locator('.page.room.shengke #field .sk-cell').nth(24).waitFor();
      await phone.locator('#spectating').waitFor();
      assert.deepEqual(await offScreen(phone, '#field, #field .sk-cell, .sk-side, .sk-hand .sk-card, #status, #dice, #seats', 390), [],
        'nothing essential lies outside the phone screen');
      assert.equal(await phone.locator('.sk-side.mine .sk-hand .sk-card:not(.back)').count(), 0,
        'a spectator sees no hand');

      // Count what the animation shows: marked cells and judgement messages, piles and
      // drawn cards pointed at, and placed cards still in the hand (there must be none).
      await page.evaluate(() => {
        const seen = { by: 0, destroyed: 0, placed: 0, dice: 0, piles: 0, drawn: 0, placedInHand: 0 };
        // @ts-ignore
        window.seen = seen;
        new MutationObserver(() => {
          seen.by += document.querySelectorAll('#field .sk-cell.mark-by').length > 0 ? 1 : 0;
          seen.destroyed += document.querySelectorAll('#field .sk-cell.mark-destroyed').length > 0 ? 1 : 0;
          seen.placed += document.querySelectorAll('#field .sk-cell.mark-placed').length > 0 ? 1 : 0;
          seen.dice += document.querySelectorAll('#dice .die.rolling').length > 0 ? 1 : 0;
          seen.piles += document.querySelectorAll('#table .sk-side [data-mark="flash"]').length > 0 ? 1 : 0;
          seen.drawn += document.querySelectorAll('#table .sk-hand [data-drawn]').length > 0 ? 1 : 0;
          for (const cell of document.querySelectorAll('#field .sk-cell.mark-placed[data-owner="1"]')) {
            const card = cell.getAttribute('data-card');
            if (document.querySelector(`#table .sk-side.mine .sk-hand .sk-card[data-card="${card}"]`)) seen.placedInHand += 1;
          }
        }).observe(document.body, { subtree: true, childList: true, attributes: true });
      });

      // Twenty turns: every decision of seat 1 by clicking.
      let decisions = 0;
      let shotTaken = false;
      let opponentBacks = 0;
      let byKeyboard = 0;
      for (let guard = 0; guard < 3000; guard++) {
        const state = await tableState(page);
        if (state.phase === 'over') break;
        if (!state.myTurn || state.animating) {
          await page.waitForTimeout(30);
          continue;
        }
        // Each own turn shows the two dice rolled for it, and the cards are readable.
        const dice = await page.locator('#dice .die').evaluateAll((dice) => dice.map((die) => die.getAttribute('data-face')));
        assert.equal(dice.length, 2, 'the dice of the turn are shown');
        assert.ok(dice.every((face) => /^[1-6]$/.test(face ?? '')), `dice faces ${dice}`);
        // Both sides show their five piles and discard pile with counts; the opponent's hand
        // is card backs; every card of a player is counted once (25 each).
        for (const side of await sides(page)) {
          const where = `seat ${side.seat} on turn ${state.turn}: ${JSON.stringify(side)}`;
          assert.equal(side.piles.length, 5, where);
          for (const pile of side.piles) assert.ok(pile.text.endsWith(` ${pile.count}`), where);
          assert.ok(side.discardText.includes(String(side.discard)), where);
          assert.equal(side.handCards, side.hand, where);
          if (side.mine) {
            assert.equal(side.backs, 0, where);
          } else {
            assert.equal(side.backs, side.hand, `the opponent's hand is card backs: ${where}`);
            opponentBacks = Math.max(opponentBacks, side.backs);
          }
          const total = side.piles.reduce((sum, pile) => sum + pile.count, 0) + side.hand + side.discard + side.field;
          assert.equal(total, 25, where);
        }
        // The first own turn from turn 5 on with a card in hand (a hand can be empty).
        const handSize = await page.locator('#table .sk-side.mine .sk-hand .sk-card').count();
        if (!shotTaken && state.turn >= 5 && handSize > 0) {
          shotTaken = true;
          const hand = page.locator('#table .sk-side.mine .sk-hand .sk-card').first();
          assert.match(await hand.locator('.sk-name').textContent() ?? '', /\S/);
          assert.match(await hand.locator('.sk-in').textContent() ?? '', /^[1-8]$/);
          assert.match(await hand.locator('.sk-out').textContent() ?? '', /^[1-8]$/);
          assert.match(await hand.locator('.sk-el').textContent() ?? '', /^[木火土金水]$/);
          await keep(page, 'shengke-desktop', false);
          await keep(phone, 'shengke-phone', true);
        }
        const before = await page.locator('.page.room').getAttribute('data-states');
        // The first decision that places a card is made by keyboard alone.
        const keys = byKeyboard === 0 && (await page.locator('#choices button[data-action]').count()) === 0
          && (await page.locator('#table .sk-side.mine .sk-hand .sk-card.selectable').count()) > 0;
        const done = keys ? await keyboardDecision(page) : await clickDecision(page);
        if (keys && done) byKeyboard++;
        if (!done) continue;
        decisions++;
        // The server answered: the page drew a new state.
        await page.waitForFunction((before) => {
          const room = document.querySelector('.page.room');
          return room && (room.getAttribute('data-states') !== before || room.getAttribute('data-phase') === 'over');
        }, before);
      }
      await page.locator('#result').waitFor({ timeout: 60_000 });
      assert.ok(decisions >= 10, `seat 1 decided ${decisions} times in 10 turns`);
      assert.equal(byKeyboard, 1, 'a card was placed by keyboard');
      const outcome = await page.locator('#result').getAttribute('data-outcome');
      assert.ok(['win', 'loss', 'draw'].includes(outcome ?? ''), `outcome ${outcome}`);
      assert.equal(await page.locator('.page.room').getAttribute('data-turn'), '20');
      await page.locator('#log li', { hasText: 'Game over' }).first().waitFor();
      // @ts-ignore
      const seen = await page.evaluate(() => window.seen);
      assert.ok(seen.placed > 0, 'placed cards were marked');
      assert.ok(seen.by > 0, `judgements were animated (${JSON.stringify(seen)})`);
      assert.ok(seen.dice > 0, 'the dice were rolled on screen');
      assert.ok(seen.piles > 0, `piles were pointed at as cards were drawn or recovered (${JSON.stringify(seen)})`);
      assert.ok(seen.drawn > 0, `drawn cards were shown arriving in a hand (${JSON.stringify(seen)})`);
      assert.equal(seen.placedInHand, 0, 'placed cards leave the hand as the animation starts');
      assert.ok(opponentBacks > 0, 'the opponent held cards, shown as backs');
      assert.ok(['xk', 'kx', 'xs', 'sx'].includes(await page.locator('.page.room').getAttribute('data-judgement') ?? ''));
      assert.ok((await page.locator('#log li', { hasText: /行剋|剋行|行生|生行/ }).count()) > 0);
      await phone.locator('#result').waitFor();
      await keep(page, 'shengke-result', true);

      // The replay: full information, stepped.
      await page.locator('#open-replay').click();
      await page.locator('.page.replay[data-step="0"]').waitFor();
      await page.locator('#step-forward').click();
      await page.locator('.page.replay[data-step="1"]').waitFor();
      // Full information: the hands are shown face up. Hands can be empty at the end (and
      // at a first roll of a 6), so look at the first steps until one holds a card.
      let handsShown = 0;
      for (let step = 1; step <= 8 && handsShown === 0; step++) {
        await page.locator(`.page.replay[data-step="${step}"]`).waitFor();
        handsShown = await page.locator('.sk-side .sk-hand .sk-card:not(.back)').count();
        if (handsShown === 0) await page.locator('#step-forward').click();
      }
      assert.ok(handsShown > 0, 'a replay shows the hands');
      await page.locator('#step-last').click();
      await page.locator('.page.replay:not([data-step="1"])').waitFor();
      assert.equal(await page.locator('#field .sk-cell').count(), 25);
      assert.ok((await page.locator('#step-position').inputValue()).split('\n').length > 1, 'the position keeps its lines');
      await page.locator('#step-back').click();
      await keep(page, 'shengke-replay', true);
      for (const each of pages) assert.deepEqual(each.errors, [], 'no script errors');
    });
  } finally {
    await browser.close();
  }
});
