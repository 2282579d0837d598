// What the tiehuo browser scripts share: reading the room page, the deployment editor, one
// click of a decision among the server's choices, a whole game played by clicking, and the
// screenshots kept for people. Not a test file: the scripts import it.

import fs from 'node:fs';
import path from 'node:path';

/** Keeps a screenshot for people to look at (target/browser-screenshots/NAME.png). */
export async function keep(page, name) {
  if (!process.env.ZHANQI_SCREENSHOTS) return;
  fs.mkdirSync(process.env.ZHANQI_SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(process.env.ZHANQI_SCREENSHOTS, `${name}.png`), fullPage: true });
}

/** The room page's attributes the test reads. */
export async function tableState(page) {
  return page.locator('.page.room').evaluate((element) => ({
    phase: element.dataset.phase,
    myTurn: element.dataset.myTurn === 'true',
    animating: element.dataset.animating === 'true',
    deploying: element.dataset.deploying === 'true',
    states: element.dataset.states,
  }));
}

/** Clicks `+` on a row of the deployment editor. */
export async function addCard(page, id) {
  await page.locator(`#deploy-editor .th-deploy-row[data-card="${id}"] .th-more`).click();
}

/** The rows of the deployment editor: card id, effective logistics, copies, battle card or not. */
export async function deploymentRows(page) {
  return page.locator('#deploy-editor .th-deploy-row').evaluateAll((rows) => rows.map((row) => ({
    id: row.getAttribute('data-card'),
    logistics: Number(row.getAttribute('data-logistics')),
    copies: Number(row.getAttribute('data-copies')),
    battle: !row.querySelector('.th-face')?.classList.contains('special'),
  })));
}

/**
 * Makes one click of this page's decision: confirms a whole choice when one waits, else clicks
 * a highlighted card or a choice button at random (done and end rarely, so that attacks are
 * made). Returns what was clicked.
 */
export async function clickDecision(page) {
  const confirm = page.locator('#confirm-action');
  if ((await confirm.count()) > 0) {
    // Before confirming an attack, its targets are shown on the table.
    const action = await confirm.getAttribute('data-action');
    await confirm.click();
    return `confirm ${action}`;
  }
  const cards = page.locator('#table .th-card.selectable');
  const buttons = page.locator('#choices button[data-click]');
  const cardCount = await cards.count();
  const buttonClicks = await buttons.evaluateAll((all) => all.map((button) => button.getAttribute('data-click')));
  const rare = new Set(['done', 'end', 'pass']);
  const often = buttonClicks.filter((click) => !rare.has(click ?? ''));
  const pick = Math.random();
  if (cardCount > 0 && (pick < 0.7 || often.length === 0)) {
    const card = cards.nth(Math.floor(Math.random() * cardCount));
    const click = await card.getAttribute('data-click');
    await card.click();
    return `card ${click}`;
  }
  const pool = often.length > 0 && pick < 0.93 ? often : buttonClicks;
  if (pool.length === 0) return null;
  const click = pool[Math.floor(Math.random() * pool.length)];
  await page.locator(`#choices button[data-click="${click}"]`).first().click();
  return `button ${click}`;
}

/**
 * Waits for the deployment editor and deploys within L: battle cards first, each while the
 * total stays 3 under L. Returns the editor's rows (the reserve by card).
 */
export async function deployWithin(page) {
  await page.locator('.page.room[data-deploying="true"] #deploy-editor').waitFor({ timeout: 60_000 });
  const budget = Number(await page.locator('#deploy-editor').getAttribute('data-budget'));
  const rows = await deploymentRows(page);
  let total = 0;
  for (const row of [...rows.filter((each) => each.battle), ...rows.filter((each) => !each.battle)]) {
    for (let copy = 0; copy < row.copies && total + row.logistics <= budget - 3; copy++) {
      await addCard(page, row.id);
      total += row.logistics;
    }
  }
  await page.locator('#deploy-send').click();
  await page.locator('.page.room[data-deploying="false"]').waitFor();
  return rows;
}

/**
 * Plays this page's seat by clicking until the game is over; returns how many clicks it made.
 * `beforeClick` looks at the page before each decision, `afterClick` hears what was clicked.
 */
export async function playOut(page, { beforeClick = async () => {}, afterClick = (/** @type {string} */ _done) => {} } = {}) {
  let decisions = 0;
  for (let guard = 0; guard < 6000; guard++) {
    const state = await tableState(page);
    if (state.phase === 'over') break;
    if (!state.myTurn || state.animating) {
      await page.waitForTimeout(30);
      continue;
    }
    await beforeClick();
    const done = await clickDecision(page);
    if (!done) {
      await page.waitForTimeout(30);
      continue;
    }
    decisions++;
    afterClick(done);
    if (done.startsWith('confirm') || done.startsWith('button')) {
      // The server answers with a new state, or the button only narrowed the choice.
      await page.waitForFunction((before) => {
        const room = document.querySelector('.page.room');
        return !room || room.getAttribute('data-states') !== before || room.getAttribute('data-phase') === 'over'
          || document.querySelector('#confirm-action') !== null || document.querySelector('#cancel-action') !== null;
      }, state.states, { timeout: 5000 }).catch(() => {});
    }
  }
  await page.locator('#result').waitFor({ timeout: 60_000 });
  return decisions;
}
