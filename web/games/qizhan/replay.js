// 棋戰卡牌's replay frames: full information, both hands face up, from each step's view.

import { h, replace } from '../../dom.js';
import { boardGrid } from './board.js';
import { sidePanel } from './sides.js';

/** @typedef {import('../../protocol.js').Replay} Replay */
/** @typedef {import('../module.js').ReplayBoard} ReplayBoard */

/**
 * @param {Replay} replay
 * @param {string | null} bottomSeat
 * @returns {ReplayBoard}
 */
export function mountReplay(replay, bottomSeat) {
  const table = h('div', { class: 'qz-table', id: 'table' });
  const bottom = bottomSeat === 'B' ? 'B' : 'A';
  const top = bottom === 'A' ? 'B' : 'A';
  return {
    element: table,
    show(step) {
      /** @type {any} */
      const view = replay.steps[step].view;
      const side = (/** @type {string} */ seat) => view.sides.find((/** @type {any} */ s) => s.seat === seat);
      replace(table, sidePanel(view, side(top), false), boardGrid(view, bottom), sidePanel(view, side(bottom), true));
    },
  };
}
