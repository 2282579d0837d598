// 棋戰卡牌 (qizhan), as the shell sees it.

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
  eventText,
  mountTable,
  mountReplay,
};
