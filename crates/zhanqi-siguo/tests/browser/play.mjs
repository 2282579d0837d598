// Playing 四國戰棋 by clicking, for the siguo browser scenarios.

/** Plays one turn of the page's seat by clicking: a bomb if one is offered, else a capture if any, else a move. */
export async function playTurn(page) {
  const board = page.locator('#board svg');
  const bomb = page.locator('.sg-choice[data-target^="bomb:"]');
  if (await bomb.count() > 0) {
    await bomb.first().click();
    await page.locator('#confirm-bomb').click();
    return 'bomb';
  }
  const spots = async (cls) => board.evaluate((svg, cls) =>
    [...svg.querySelectorAll(`.spot.${cls}`)].map((spot) => spot.getAttribute('data-point')), cls);
  const picks = await spots('selectable');
  picks.sort(() => Math.random() - 0.5);
  /** @type {[string, string] | null} */
  let quiet = null;
  for (const from of picks.slice(0, 12)) {
    await board.locator(`[data-point="${from}"]`).click();
    const captures = await spots('target-capture');
    const moves = await spots('target-move');
    if (captures.length > 0) {
      await board.locator(`[data-point="${captures[0]}"]`).click();
      return 'capture';
    }
    if (!quiet && moves.length > 0) quiet = [from, moves[Math.floor(Math.random() * moves.length)]];
    await board.locator(`[data-point="${from}"]`).click();
  }
  if (quiet) {
    await board.locator(`[data-point="${quiet[0]}"]`).click();
    await board.locator(`[data-point="${quiet[1]}"]`).click();
    return 'move';
  }
  // No piece moves by itself: a redeployment step, an exchange, ending a redeployment, a pass.
  await page.locator('.sg-choice').first().click();
  if (await page.locator('#confirm-exchange').count() > 0) {
    await page.locator('#confirm-exchange').click();
    return 'exchange';
  }
  const after = await spots('selectable');
  if (after.length > 0) {
    await board.locator(`[data-point="${after[0]}"]`).click();
    const targets = [...(await spots('target-move')), ...(await spots('target-capture'))];
    if (targets.length > 0) await board.locator(`[data-point="${targets[0]}"]`).click();
  }
  return 'button';
}
