// 铁与火's replay frames: every card face up (the omniscient table of each step).

import { h, replace } from '../../dom.js';
import { environmentName, playerSide } from './cards.js';
import { tr } from './strings.js';

/** @typedef {import('../../protocol.js').Replay} Replay */
/** @typedef {import('../module.js').ReplayBoard} ReplayBoard */

/**
 * @param {Replay} replay
 * @param {string | null} bottomSeat
 * @returns {ReplayBoard}
 */
export function mountReplay(replay, bottomSeat) {
  const table = h('div', { class: 'th-table', id: 'table' });
  const [top, bottom] = bottomSeat === '2' ? [0, 1] : [1, 0];
  return {
    element: table,
    show(step) {
      /** @type {any} */
      const view = replay.steps[step].view;
      if (!view) return;
      replace(table,
        h('div', { class: 'th-info' },
          h('span', { class: 'th-env', 'data-env': view.environment ?? '' }, tr('th_environment', { env: environmentName(view.environment) })),
          view.rounds > 0 && h('span', {}, tr('th_round', { round: view.round, rounds: view.rounds })),
          view.fog && h('span', { class: 'flag' }, tr('th_fog'))),
        playerSide(view.players[top], false, () => ({})),
        playerSide(view.players[bottom], true, () => ({})));
    },
  };
}
