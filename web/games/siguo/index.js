// 四國戰棋 (siguo): four-player war chess, as the shell sees it.

import { seatColour, seatMarker } from './board.js';
import { eventText } from './events.js';
import { mountReplay } from './replay.js';
import { strings, tr } from './strings.js';
import { mountTable } from './table.js';

/** @type {import('../module.js').GameModule} */
export const siguo = {
  name: 'siguo',
  strings,
  modeLabel: (mode) => (mode === 'standard' ? tr('game_siguo') : `${tr('game_siguo')} ${mode}`),
  seatColour,
  seatMarker,
  eventText,
  mountTable,
  mountReplay,
};
