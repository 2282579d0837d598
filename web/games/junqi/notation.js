// The one place where the junqi client still reads the game's notation: the colour each seat
// plays in dark chess, which only the position string says (the view's seats and cells do not
// tie a colour to a seat, and the `colours` event reaches only those watching when it
// happens). It goes once the view names each seat's colour (DESIGN.md §2a).

/** @typedef {import('../../protocol.js').RoomState} RoomState */
/** @typedef {import('./protocol.js').View} View */

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
