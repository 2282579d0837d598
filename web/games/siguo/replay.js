// 四國戰棋's replay frames: the board with every piece, and each seat's last move up to the step.

import { h } from '../../dom.js';
import { BoardView } from './board.js';
import { pieceName } from './events.js';
import { lastMark } from './table.js';

/** @typedef {import('../../protocol.js').Replay} Replay */
/** @typedef {import('../module.js').ReplayBoard} ReplayBoard */
/** @typedef {import('./protocol.js').SiguoReplay} SiguoReplay */
/** @typedef {import('./protocol.js').SiguoEvent} SiguoEvent */

/** The events drawn as a seat's last move. */
const MOVES = new Set(['moved', 'bombed', 'exchanged', 'passed']);

/**
 * @param {Replay} replay
 * @param {string | null} bottomSeat
 * @returns {ReplayBoard}
 */
export function mountReplay(replay, bottomSeat) {
  const game = /** @type {SiguoReplay} */ (/** @type {unknown} */ (replay));
  const board = new BoardView(game.board, bottomSeat, pieceName, () => {});
  return {
    element: h('div', { class: 'board-box siguo' }, board.element),
    show(step) {
      /** @type {Map<string, SiguoEvent>} */
      const last = new Map();
      for (const earlier of game.steps.slice(1, step + 1)) {
        for (const event of /** @type {SiguoEvent[]} */ (earlier.events)) {
          if (MOVES.has(event.kind) && event.seat) last.set(event.seat, event);
        }
      }
      board.render({
        cells: game.steps[step].cells,
        lastMoves: [...last].map(([seat, event]) => lastMark(seat, event)),
      });
    },
  };
}
