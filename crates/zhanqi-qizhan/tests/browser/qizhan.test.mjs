// 棋戰卡牌 in the browser. A person registers, creates a qizhan room with a short turn limit,
// breaks the deck in the editor and sees every violation listed with the cards it names,
// imports a deck file holding a custom card, puts an AI in the other seat and plays the whole
// game by clicking: hand cards then zones or cards, own cards then zones (moves) or enemy
// cards (attacks, whose damage is shown before the confirming click), the cards and zones
// effects ask for, the end of the turn. Every frame the server sent the page is read: the
// opponent's hand never reached it. The result is read and the replay stepped through.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launch, openPage, register, sit, uniqueName, withScreenshots } from '../../../zhanqi-cli/tests/browser/browser.mjs';

/** The room page's attributes. */
async function tableState(page) {
  return page.locator('.page.room').evaluate((element) => ({
    phase: element.dataset.phase,
    myTurn: element.dataset.myTurn === 'true',
    animating: element.dataset.animating === 'true',
    states: element.dataset.states,
  }));
}

/** Keeps a screenshot for people to look at (target/browser-screenshots/NAME.png). */
async function keep(page, name) {
  if (!process.env.ZHANQI_SCREENSHOTS) return;
  fs.mkdirSync(process.env.ZHANQI_SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(process.env.ZHANQI_SCREENSHOTS, `${name}.png`), fullPage: true });
}

/** A deck file: the Azure starter cards less two Spearmen and the Crossbowmen, and three of a custom troop. */
function customDeckFile() {
  const deck = [
    'AZ01', 'AZ02', 'AZ03', 'AZ04', 'AZ04', 'AZ04', 'AZ05', 'AZ05', 'AZ06', 'AZ06',
    'AZ07', 'AZ07', 'AZ08', 'AZ08', 'AZ09', 'AZ10', 'AZ10', 'AZ11', 'AZ12', 'AZ12', 'AZ13',
    'AZ14', 'AZ14', 'AZ15', 'AZ16', 'AZ17', 'AZ18',
    {
      id: 'XQ01', name: 'Test Pikemen', name_zh: '試作長戟兵', faction: 'azure', kind: 'troop', cost: 1,
      troops: 4, atk: 2, range: 1, armour: 1, counter: true, keywords: ['charge'], copies: 3,
    },
  ];
  const file = path.join(os.tmpdir(), `${uniqueName('qizhan-deck')}.json`);
  fs.writeFileSync(file, JSON.stringify(deck));
  return file;
}

/**
 * Makes one decision by clicking, as a person would: a highlighted thing on the table or a
 * button, narrowing until the page sends an action. Returns the clicks, or null if nothing
 * could be clicked.
 */
async function clickDecision(page) {
  const clicks = [];
  for (let step = 0; step < 4; step++) {
    const targets = await page.locator('#table .selectable[data-target], #table .qz-zone.target[data-target]')
      .evaluateAll((elements) => elements.map((element) => element.getAttribute('data-target')));
    const buttons = await page.locator('#choices button[data-click]')
      .evaluateAll((elements) => elements.map((element) => element.getAttribute('data-click')));
    // An attack waits for its confirming click, with its damage shown.
    if (buttons.includes('attack')) {
      const preview = page.locator('#attack-preview');
      assert.match(await preview.textContent() ?? '', /\d/, 'the damage of an attack is shown before it is made');
      assert.ok(Number.isInteger(Number(await preview.getAttribute('data-damage'))));
      await page.locator('#choices button[data-click="attack"]').click();
      clicks.push('attack');
      return clicks;
    }
    // Moves and plays first; the end of the turn now and then, or when nothing else is left.
    const others = buttons.filter((click) => click !== 'end');
    const pool = [...targets.map((target) => ({ target })), ...others.map((click) => ({ click }))];
    let pick;
    if (pool.length === 0 || (buttons.includes('end') && Math.random() < 0.2)) {
      if (!buttons.includes('end')) return clicks.length ? clicks : null;
      pick = { click: 'end' };
    } else {
      pick = pool[Math.floor(Math.random() * pool.length)];
    }
    if ('click' in pick) {
      await page.locator(`#choices button[data-click="${pick.click}"]`).click();
      clicks.push(pick.click);
    } else {
      await page.locator(`#table [data-target="${pick.target}"]`).first().click();
      clicks.push(pick.target);
    }
    // No choice left open: the page sent the action.
    if ((await page.locator('#cancel-choice').count()) === 0) return clicks;
  }
  return clicks;
}

/**
 * Whether a frame from the server holds any card of the other side's hand: a table whose
 * `sides` list the hand of `other`, a view position writing that hand, or a draw of
 * `other`'s naming its cards.
 */
function leaksHand(frame, other) {
  let found = null;
  const visit = (value) => {
    if (found || value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      value.forEach(visit);
      return;
    }
    if (Array.isArray(value.sides)) {
      const side = value.sides.find((s) => s && s.seat === other);
      if (side && side.hand !== null && side.hand !== undefined) found = `a table lists ${other}'s hand`;
    }
    if (value.kind === 'drew' && value.seat === other && value.cards) found = `a draw of ${other} names its cards`;
    if (typeof value.position === 'string' && new RegExp(`\\n${other} hand (?!\\?|- )`).test(value.position)) {
      found = `a position writes ${other}'s hand`;
    }
    Object.values(value).forEach(visit);
  };
  visit(frame);
  return found;
}

test('qizhan: deck editor and file import, a whole game against an AI by clicking, no hidden hand on the page, replay', async () => {
  const browser = await launch();
  const pages = [];
  try {
    await withScreenshots('qizhan', pages, async () => {
      const page = await openPage(browser);
      pages.push(page);
      // Every frame the server sends this page.
      const frames = [];
      page.on('websocket', (socket) => socket.on('framereceived', (event) => {
        if (typeof event.payload === 'string') frames.push(event.payload);
      }));
      await register(page, uniqueName('lan'));

      // A qizhan room (its one mode shares its name with another game's: pick it by label),
      // with a short turn limit so that the game ends soon.
      await page.locator('#create-mode option[data-game="qizhan"]').waitFor({ state: 'attached' });
      const label = await page.locator('#create-mode option[data-game="qizhan"]').textContent();
      await page.locator('#create-mode').selectOption({ label: label ?? '' });
      await page.locator('#create-game-options input[name="turn_limit"]').fill('6');
      // The rules toss a coin for side A (tests in the server cover it); this test plays side A.
      await page.locator('#create-first-player').selectOption('seats');
      await page.locator('#create-room button[type=submit]').click();
      await page.waitForURL(/#\/room\/.+/);
      await page.locator('.page.room[data-phase=setup]').waitFor();
      await sit(page, 'A');

      // The deck editor: the whole card table with copies, 30 cards in the deck.
      await page.locator('#deck-editor tbody tr[data-id="AZ01"]').waitFor();
      assert.equal(await page.locator('#deck-count').getAttribute('data-count'), '30');
      assert.ok(await page.locator('#deck-editor tbody tr').count() >= 36, 'both factions are listed');
      assert.match(await page.locator('#deck-editor tr[data-id="AZ14"] .qz-effects').textContent() ?? '', /damage/,
        'effects read as sentences');

      // A deck file with a custom card, imported.
      const deckFile = customDeckFile();
      await page.locator('#deck-file').setInputFiles(deckFile);
      await page.locator('#deck-editor tr[data-id="XQ01"]').waitFor();
      assert.equal(await page.locator('#deck-editor tr[data-id="XQ01"] .deck-copies').inputValue(), '3');
      assert.equal(await page.locator('#deck-count').getAttribute('data-count'), '30');

      // A general twice and a card of the other faction: every violation listed, naming its card.
      await keep(page, 'qizhan-deck-editor');
      await page.locator('#deck-editor tr[data-id="AZ01"] .deck-copies').fill('2');
      await page.locator('#deck-editor tr[data-id="CW03"] .deck-copies').fill('1');
      await page.locator('#use-deck').click();
      await page.locator('#violations li').nth(2).waitFor();
      const violations = await page.locator('#violations li').allTextContents();
      assert.equal(violations.length, 3, violations.join(' | '));
      assert.ok(violations.some((line) => line.includes('AZ01') && line.includes('general')), violations.join(' | '));
      assert.ok(violations.some((line) => line.includes('mixes the factions')), violations.join(' | '));
      assert.ok(violations.some((line) => line.includes('32 cards')), violations.join(' | '));
      assert.ok(violations.every((line) => !line.includes(' / ')), 'each violation in the page language alone');
      assert.equal(await page.locator('#deck-editor tr.invalid[data-id="AZ01"]').count(), 1);

      // The file again: the deck the server holds is the custom one.
      await page.locator('#deck-file').setInputFiles(deckFile);
      await page.locator('#message', { hasText: 'read' }).waitFor();
      assert.equal(await page.locator('#deck-editor tr[data-id="AZ01"] .deck-copies').inputValue(), '1');
      assert.equal(await page.locator('#deck-editor tr[data-id="XQ01"] .deck-copies').inputValue(), '3');

      await page.locator('.seat-card[data-seat="B"] button.add-ai').click();
      await page.locator('.seat-card[data-seat="B"] .player.ai').waitFor();
      await page.locator('#ready').click();
      await page.locator('.page.room[data-phase=playing]').waitFor();
      await page.locator('#board .qz-zone[data-zone="A.FL"]').waitFor();
      assert.equal(await page.locator('#board .qz-zone').count(), 18, 'the default board has 18 zones');

      let decisions = 0;
      let attacks = 0;
      let played = 0;
      let opponentBacks = 0;
      let customSeen = false;
      let shotTaken = false;
      for (let guard = 0; guard < 4000; guard++) {
        const state = await tableState(page);
        if (state.phase === 'over') break;
        if (!state.myTurn || state.animating) {
          await page.waitForTimeout(30);
          continue;
        }
        // The opponent's hand is card backs, as many as its count says; ours is faces.
        const theirs = page.locator('#table .qz-side.theirs');
        const count = Number(await theirs.locator('.qz-hand').getAttribute('data-hand'));
        assert.equal(await theirs.locator('.qz-card.back').count(), count);
        assert.equal(await theirs.locator('.qz-card:not(.back)').count(), 0);
        opponentBacks = Math.max(opponentBacks, count);
        customSeen ||= (await page.locator('#table [data-card="XQ01"]').count()) > 0;
        if (!shotTaken && (await page.locator('#board .qz-card.board').count()) >= 3) {
          shotTaken = true;
          await keep(page, 'qizhan-table');
        }
        const clicks = await clickDecision(page);
        if (!clicks) {
          await page.waitForTimeout(30);
          continue;
        }
        decisions++;
        if (clicks.includes('attack')) attacks++;
        if (clicks[0]?.startsWith('hand:') && clicks.length > 1) played++;
        // The server answered: the page drew a new state.
        await page.waitForFunction((before) => {
          const room = document.querySelector('.page.room');
          return room && (room.getAttribute('data-states') !== before || room.getAttribute('data-phase') === 'over');
        }, state.states, { timeout: 30_000 });
      }
      await page.locator('#result').waitFor({ timeout: 60_000 });
      const outcome = await page.locator('#result').getAttribute('data-outcome');
      assert.ok(['win', 'loss', 'draw'].includes(outcome ?? ''), `outcome ${outcome}`);
      assert.ok(decisions >= 6, `side A decided ${decisions} times`);
      assert.ok(played > 0, 'cards were played by clicking');
      assert.ok(opponentBacks > 0, 'the opponent held cards, shown as backs');
      assert.ok((await page.locator('#log li').count()) > 3, 'the log tells the game');
      console.log(`qizhan: ${decisions} decisions, ${played} plays, ${attacks} attacks, custom card seen ${customSeen}, outcome ${outcome}`);

      // Nothing of the opponent's hand reached the page.
      assert.ok(frames.length > 10, `frames were read (${frames.length})`);
      for (const text of frames) {
        let frame;
        try {
          frame = JSON.parse(text);
        } catch {
          continue;
        }
        const leak = leaksHand(frame, 'B');
        assert.equal(leak, null, `${leak}: ${text.slice(0, 400)}`);
      }

      // The replay: full information, both hands face up.
      await page.locator('#open-replay').click();
      await page.locator('.page.replay[data-step="0"]').waitFor();
      await page.locator('#table .qz-side.theirs .qz-card.hand:not(.back)').first().waitFor();
      // The game was played with the imported deck: its custom card is in side A's cards.
      assert.match(await page.locator('#step-position').inputValue(), /\nA hand [^\n]*XQ01/,
        'the custom card of the imported deck is in the game');
      await page.locator('#step-forward').click();
      await page.locator('.page.replay[data-step="1"]').waitFor();
      await page.locator('#step-last').click();
      await page.locator('.page.replay:not([data-step="1"])').waitFor();
      assert.equal(await page.locator('#board .qz-zone').count(), 18);
      await keep(page, 'qizhan-replay');
      for (const each of pages) assert.deepEqual(each.errors, [], 'no script errors');
    });
  } finally {
    await browser.close();
  }
});
