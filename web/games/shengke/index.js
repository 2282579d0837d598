// 五行術·生剋棋 (shengke), as the shell sees it.

import { h } from '../../dom.js';
import { eventText } from './events.js';
import { mountReplay } from './replay.js';
import { strings, tr } from './strings.js';
import { mountTable } from './table.js';

/** The colours of the two seats, as their cards' borders on the field. */
const SEAT_COLOURS = /** @type {Record<string, string>} */ ({ 1: '#c33', 2: '#33c' });

/** @type {import('../module.js').GameModule} */
export const shengke = {
  name: 'shengke',
  strings,
  modeLabel: (mode) => (mode === 'standard' ? tr('game_shengke') : `${tr('game_shengke')} ${mode}`),
  seatColour: (seat) => SEAT_COLOURS[seat] ?? '#555',
  // The rules draw who takes seat 1 (and moves first) unless the room plays as seated.
  lobbyOptions: () => {
    const firstPlayer = h('select', { name: 'first_player', id: 'create-first-player' },
      h('option', { value: 'random' }, tr('first_player_random')),
      h('option', { value: 'seats' }, tr('first_player_seats')));
    return {
      element: h('label', {}, tr('first_player'), firstPlayer),
      values: () => ({ first_player: firstPlayer.value }),
    };
  },
  eventText,
  mountTable,
  mountReplay,
};
