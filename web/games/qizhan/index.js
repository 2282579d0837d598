// 棋戰卡牌 (qizhan), as the shell sees it.

import { h } from '../../dom.js';
import { eventText } from './events.js';
import { mountReplay } from './replay.js';
import { strings, tr } from './strings.js';
import { mountTable } from './table.js';

/** The colours of the two sides, as their cards' borders on the board. */
const SEAT_COLOURS = /** @type {Record<string, string>} */ ({ A: '#1d5fa8', B: '#b22222' });

/** @type {import('../module.js').GameModule} */
export const qizhan = {
  name: 'qizhan',
  strings,
  modeLabel: (mode) => (mode === 'standard' ? tr('game_qizhan') : `${tr('game_qizhan')} ${mode}`),
  seatColour: (seat) => SEAT_COLOURS[seat] ?? '#555',
  // §7.1(b): a coin decides which player is side A (moves first), unless the room plays as seated.
  lobbyOptions: () => {
    const firstPlayer = h('select', { name: 'first_player', id: 'create-first-player' },
      h('option', { value: 'random' }, tr('qz_first_player_random')),
      h('option', { value: 'seats' }, tr('qz_first_player_seats')));
    return {
      element: h('label', {}, tr('qz_first_player'), firstPlayer),
      values: () => ({ first_player: firstPlayer.value }),
    };
  },
  eventText,
  mountTable,
  mountReplay,
};
