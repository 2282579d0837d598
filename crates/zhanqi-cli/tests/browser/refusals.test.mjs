// Every refusal a person can meet, in English and in Chinese: each is one sentence in the page's
// language, with no rule id (DP-3), no internal coordinate (1.3) and, on the Chinese page, no
// English word (post names such as e8, card ids such as AZ01 and the player's own name allowed).
//
// Two walks: every refusal sentence the page has (every server code's general sentence and every
// reason kind of the shell and of each game, with sample arguments) said through refusal.js; and
// the refusals a person provokes by hand — a wrong password, a taken name, each broken deployment
// rule and each malformed pasted layout, a seat without enough gold, a fourth open room, a broken
// deck — read off the page (a gold room offers no AI, so that refusal is met only in the walk).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRoom, guest, launch, openPage, register, sit, uniqueName, withScreenshots } from './browser.mjs';

/** A legal junqi deployment, front row first (crates/zhanqi-junqi/src/client.rs tests). */
const LEGAL = 'CSPDL/E.J.T/DL.BY/T.B.P/YMECE/MFMPC';

/** Layouts that break one rule (or one pair of rules) each, by what they break. */
const BROKEN_LAYOUTS = {
  mine_too_far_forward: 'MSPDL/E.J.T/DL.BY/T.B.P/YMECE/CFMPC',
  bomb_on_front_line: 'BSPDL/E.J.T/DL.CY/T.B.P/YMECE/MFMPC',
  flag_outside_headquarters: 'FSPDL/E.J.T/DL.BY/T.B.P/YMECE/MCMPC',
  camp_and_empty_post: 'CSPDL/.EJ.T/DL.BY/T.B.P/YMECE/MFMPC',
  piece_count: 'SSPDL/E.J.T/DL.BY/T.B.P/YMECE/MFMPC',
  not_a_piece_letter: 'hSPDL/E.J.T/DL.BY/T.B.P/YMECE/MFMPC',
  misplaced_slash: 'CSPDL//E.J.T/DL.BY/T.B.P/YMECE/MFMPC',
  missing_slash: 'CSPDLE.J.T/DL.BY/T.B.P/YMECE/MFMPC',
  too_many_posts: `${LEGAL}C`,
  too_few_posts: 'CSPDL/E.J',
};

/** Arguments to say every reason with, by name; any other argument is a number. */
const SAMPLES = {
  post: 'e8', point: 'm1', piece: 'M', sg_piece: 'G', sk_element: 'M', card: 'AZ01',
  faction: 'crimson', seat: 's', letter: 'h', text: 'x', field: 'atk',
};

/**
 * Asserts that `text` is one refusal sentence fit for a `lang` page.
 * @param {string} text
 * @param {'en' | 'zh'} lang
 * @param {string} what  what provoked it, for the failure message
 * @param {string[]} [names]  people's names the sentence may hold
 */
function assertSentence(text, lang, what, names = []) {
  let rest = text.trim();
  for (const name of names) rest = rest.split(name).join('');
  const said = `${what} (${lang}): ${JSON.stringify(text)}`;
  assert.ok(rest.length > 0, `nothing said: ${said}`);
  assert.doesNotMatch(rest, /[A-Z]{2,}-\d/, `a rule id: ${said}`);
  assert.doesNotMatch(rest, /\b\d+\.\d+\b/, `an internal coordinate: ${said}`);
  assert.doesNotMatch(rest, /[{}]/, `an argument left unsaid: ${said}`);
  assert.doesNotMatch(rest, /\n/, `more than one line: ${said}`);
  const ends = rest.match(/[.!?。！？](?=\s|$)/g) ?? [];
  assert.equal(ends.length, 1, `not one sentence: ${said}`);
  assert.match(rest, /[.!?。！？]$/, `not a finished sentence: ${said}`);
  if (lang === 'zh') {
    // Post names (e8, m1) and card ids (AZ01) are the board's and the cards' own labels.
    const words = rest.replace(/\b[A-Za-z]{1,3}\d+\b/g, '').match(/[A-Za-z]{2,}/g) ?? [];
    assert.deepEqual(words, [], `English on the Chinese page: ${said}`);
    assert.match(rest, /[\u4e00-\u9fff]/, `no Chinese on the Chinese page: ${said}`);
  }
}

/**
 * Every refusal sentence the page can say: each server code's and each reason kind's of the
 * shell and of every game, with sample arguments, in the page's language.
 * @param {import('playwright-core').Page} page
 * @param {Record<string, string>} samples
 * @returns {Promise<{kind: string, game: string, text: string}[]>}
 */
async function everySentence(page, samples) {
  return page.evaluate(async (samples) => {
    const { reasonSentence } = await import('/refusal.js');
    const { en } = await import('/lang/en.js');
    const games = ['junqi', 'siguo', 'shengke', 'qizhan', 'tiehuo'];
    /** @type {[string, Record<string, string>][]} */
    const tables = [['', en]];
    for (const game of games) tables.push([game, (await import(`/games/${game}/strings.js`)).strings.en]);
    const out = [];
    for (const [game, table] of tables) {
      for (const [key, template] of Object.entries(table)) {
        if (!key.startsWith('refusal_')) continue;
        const reason = { kind: key.slice('refusal_'.length) };
        for (const [, name] of String(template).matchAll(/\{(\w+)\}/g)) reason[name] = samples[name] ?? '3';
        out.push({ kind: reason.kind, game, text: reasonSentence(reason, game || undefined) ?? '' });
      }
    }
    return out;
  }, samples);
}

/**
 * Pastes `layout` into the junqi layout box and returns every sentence the page lists.
 * @param {import('playwright-core').Page} page
 * @param {string} layout
 */
async function pasteLayout(page, layout) {
  const list = page.locator('#layout-violations');
  // A legal layout first clears the last refusal's list, so the list read next is this one's.
  await page.locator('#layout-text').fill(LEGAL);
  await page.locator('#import-layout').click();
  await list.waitFor({ state: 'detached' });
  // A room state arriving between filling and clicking redraws the controls and empties the
  // box (the page then says to paste first): fill it again.
  for (let attempt = 1; ; attempt++) {
    await page.locator('#layout-text').fill(layout);
    await page.locator('#import-layout').click();
    try {
      await list.locator('li').first().waitFor({ timeout: 5_000 });
      break;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
  return list.locator('li').allTextContents();
}

for (const lang of /** @type {const} */ (['en', 'zh'])) {
  test(`refusals in ${lang}: every sentence the page has, and each one a person provokes`, async () => {
    const browser = await launch();
    const pages = [];
    try {
      await withScreenshots(`refusals-${lang}`, pages, async () => {
        const page = await openPage(browser, { lang });
        pages.push(page);

        // Every code's and every reason kind's sentence.
        const sentences = await everySentence(page, SAMPLES);
        assert.ok(sentences.length > 80, `only ${sentences.length} refusal sentences found`);
        for (const { kind, game, text } of sentences) assertSentence(text, lang, `${game || 'shell'} ${kind}`);

        // A wrong password, then a name that is taken.
        const taken = uniqueName('taken');
        const other = await openPage(browser, { lang });
        pages.push(other);
        await register(other, taken);
        await page.locator('#login input[name=name]').fill(uniqueName('nobody'));
        await page.locator('#login input[name=password]').fill('not the password 1');
        await page.locator('#login button[type=submit]').click();
        const wrongPassword = page.locator('#login .error').filter({ hasText: /\S/ });
        await wrongPassword.waitFor();
        assertSentence(await wrongPassword.textContent() ?? '', lang, 'wrong password');
        await page.locator('#register input[name=name]').fill(taken);
        await page.locator('#register input[name=password]').fill('correct horse 9');
        await page.locator('#register button[type=submit]').click();
        const nameTaken = page.locator('#register .error').filter({ hasText: /\S/ });
        await nameTaken.waitFor();
        assertSentence(await nameTaken.textContent() ?? '', lang, 'taken name', [taken]);

        // Each broken deployment rule and each malformed layout, pasted in a junqi room.
        const me = uniqueName('ref');
        await guest(page, me);
        await createRoom(page, '2p');
        await sit(page, 's');
        await page.locator('#layout-file-box summary').click();
        for (const [what, layout] of Object.entries(BROKEN_LAYOUTS)) {
          const listed = await pasteLayout(page, layout);
          const expected = what === 'camp_and_empty_post' || what === 'piece_count' ? 2 : 1;
          assert.equal(listed.length, expected, `${what}: ${listed.join(' | ')}`);
          for (const text of listed) assertSentence(text, lang, `layout ${what}`);
          if (['mine_too_far_forward', 'bomb_on_front_line', 'flag_outside_headquarters'].includes(what)) {
            assert.match(listed[0], /\b[a-q]\d{1,2}\b/, `${what} names the post as the board does: ${listed[0]}`);
          }
        }

        // Gold rooms: no AI is offered, and a seat needs more gold than a guest has.
        await page.locator('#nav-lobby').click();
        await page.locator('#create-mode').selectOption('2p');
        await page.locator('#create-stake').fill('40');
        await page.locator('#create-room button[type=submit]').click();
        await page.waitForURL(/#\/room\/.+/);
        await sit(page, 's');
        // The page offers no AI here (the server would refuse it: its sentence is in the walk
        // above), so there is no refusal to meet.
        await page.locator('.seat-card[data-seat=n]').waitFor();
        assert.equal(await page.locator('.seat-card[data-seat=n] button.add-ai').count(), 0, 'a gold room offers no AI');
        await page.locator('#nav-lobby').click();
        await page.locator('#create-mode').selectOption('2p');
        await page.locator('#create-stake').fill('900000');
        await page.locator('#create-room button[type=submit]').click();
        await page.waitForURL(/#\/room\/.+/);
        await page.locator('.seat-card[data-seat=s] button.sit').click();
        const poor = page.locator('#message').filter({ hasText: /\d/ });
        await poor.waitFor();
        assertSentence(await poor.textContent() ?? '', lang, 'not enough gold');

        // Three rooms not started are the most a person may hold open: a fourth is refused.
        await page.locator('#nav-lobby').click();
        await page.locator('#create-mode').selectOption('2p');
        await page.locator('#create-room button[type=submit]').click();
        const tooMany = page.locator('#create-room .error').filter({ hasText: /\S/ });
        await tooMany.waitFor();
        assertSentence(await tooMany.textContent() ?? '', lang, 'too many rooms');

        // A shengke deck with a number out of range: every violation listed, each a sentence.
        await other.locator('#create-mode').selectOption('standard');
        await other.locator('#create-first-player').selectOption('seats');
        await createRoom(other, 'standard');
        await sit(other, '1');
        await other.locator('#deck-editor tr[data-row="0"] .deck-in').fill('9');
        await other.locator('#use-deck').click();
        await other.locator('#violations li').nth(1).waitFor();
        const deck = await other.locator('#violations li').allTextContents();
        for (const text of deck) assertSentence(text, lang, 'shengke deck');
        assert.ok(deck.some((text) => text.includes('M1') && text.includes('9')), deck.join(' | '));

        assert.deepEqual([...page.errors, ...other.errors], [], 'no script errors');
      });
    } finally {
      await browser.close();
    }
  });
}
