// The two places where the junqi client still reads the game's notation. Both go once the
// server sends structured clickable choices and the colours of dark chess (DESIGN.md §2a).

/** @typedef {import('../../protocol.js').RoomState} RoomState */
/** @typedef {import('./protocol.js').View} View */

/**
 * A listed action read for the board: a move or attack from one post to another, or a flip.
 * @param {string} action
 * @returns {{from: string, to: string, attack: boolean} | {flip: string} | null}
 */
export function readAction(action) {
  const step = /^([a-z]+\d+)([-x])([a-z]+\d+)$/.exec(action);
  if (step) return { from: step[1], to: step[3], attack: step[2] === 'x' };
  const flip = /^\*([a-z]+\d+)$/.exec(action);
  return flip ? { flip: flip[1] } : null;
}

/** @param {string} post  the flip of the piece on `post`, as the notation writes it */
export const flipAction = (post) => `*${post}`;

/**
 * A move or attack as the notation writes it.
 * @param {string} from
 * @param {string} to
 * @param {boolean} attack
 */
export const stepAction = (from, to, attack) => `${from}${attack ? 'x' : '-'}${to}`;

/**
 * In dark chess, the colour (`r` or `u`) a seat plays once the first flips decided it: the
 * fifth field of the position string says `s=r` or `s=u` (junqi.md §8.1).
 * @param {RoomState} state
 * @param {string} seat
 * @returns {string | null}
 */
export function darkColour(state, seat) {
  const view = /** @type {View | null} */ (state.view);
  if (state.mode !== 'dark' || !view) return null;
  const south = /^s=([ru])$/.exec(view.position.split(' ')[4] ?? '')?.[1];
  if (!south) return null;
  if (seat === 's') return south;
  return south === 'r' ? 'u' : 'r';
}
