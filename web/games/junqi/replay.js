// junqi's replay frames: the board with every piece shown, and each seat's last move up to the
// step.

import { h } from '../../dom.js';
import { BoardView } from './board.js';
import { pieceName } from './events.js';

/** @typedef {import('../../protocol.js').Replay} Replay */
/** @typedef {import('../module.js').ReplayBoard} ReplayBoard */
/** @typedef {import('./protocol.js').JunqiReplay} JunqiReplay */
/** @typedef {import('./protocol.js').JunqiEvent} JunqiEvent */

/**
 * @param {Replay} replay
 * @param {string | null} bottomSeat
 * @returns {ReplayBoard}
 */
export function mountReplay(replay, bottomSeat) {
  const game = /** @type {JunqiReplay} */ (/** @type {unknown} */ (replay));
  const board = new BoardView(game.board, bottomSeat, pieceName, () => {});
  return {
    element: h('div', { class: 'board-box' }, board.element),
    show(step) {
      /** @type {Map<string, string[]>} */
      const lastMoves = new Map();
      for (const earlier of game.steps.slice(1, step + 1)) {
        for (const event of /** @type {JunqiEvent[]} */ (earlier.events)) {
          if (event.kind === 'moved' && event.seat && event.path) lastMoves.set(event.seat, event.path);
        }
      }
      board.render({
        cells: game.steps[step].cells,
        lastMoves: [...lastMoves].map(([seat, path]) => ({ seat, path })),
      });
    },
  };
}
