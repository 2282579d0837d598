// 军棋 (junqi): 2p, 4p and 翻棋 (dark chess), as the shell sees it.

import { seatColour, seatMarker } from './board.js';
import { eventText } from './events.js';
import { mountReplay } from './replay.js';
import { strings, tr } from './strings.js';
import { mountTable } from './table.js';

/** @type {import('../module.js').GameModule} */
export const junqi = {
  name: 'junqi',
  strings,
  modeLabel: (mode) => (mode === '2p' ? tr('mode_2p') : mode === '4p' ? tr('mode_4p') : mode === 'dark' ? tr('mode_dark') : `${tr('game_junqi')} ${mode}`),
  seatColour,
  seatMarker,
  drawHint: () => tr('draw_hint'),
  eventText,
  mountTable,
  mountReplay,
};
