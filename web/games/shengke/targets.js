// What 生剋棋's choices click, named as the server names them (`room.choices`): a hand card,
// a cell of the field, a card of one's discard pile to recover, placing nothing, the elements
// chosen after a roll of 6. The page
// builds these names from what it draws and looks them up among the choices; it reads no
// action.

/** @param {string} card  a hand card's id (`M4`) */
export const cardTarget = (card) => `card:${card}`;

/** @param {string} cell  a cell of the field (`b2`) */
export const cellTarget = (cell) => `cell:${cell}`;

/** @param {string} card  a card's id in one's discard pile */
export const discardTarget = (card) => `discard:${card}`;

/** Placing nothing this turn. */
export const PASS = 'pass';

/**
 * The element codes an element choice's target names (`elements:H,S`), or null for another
 * target.
 * @param {string} click
 * @returns {string[] | null}
 */
export function chosenElements(click) {
  return click.startsWith('elements:') ? click.slice('elements:'.length).split(',') : null;
}
