// 生剋棋's replay frames: full information, both hands and every pile, from each step's view.

import { h, replace } from '../../dom.js';
import { fieldGrid, playerSide } from './cards.js';

/** @typedef {import('../../protocol.js').Replay} Replay */
/** @typedef {import('../module.js').ReplayBoard} ReplayBoard */

/**
 * @param {Replay} replay
 * @param {string | null} bottomSeat
 * @returns {ReplayBoard}
 */
export function mountReplay(replay, bottomSeat) {
  const table = h('div', { class: 'sk-table', id: 'table' });
  const decks = /** @type {any} */ (replay.decks);
  const [theirs, mine] = bottomSeat === '2' ? [0, 1] : [1, 0];
  return {
    element: table,
    show(step) {
      /** @type {any} */
      const view = replay.steps[step].view;
      replace(table, playerSide(view.players[theirs], decks, false),
        fieldGrid(view.cells, bottomSeat, decks), playerSide(view.players[mine], decks, true));
    },
  };
}
