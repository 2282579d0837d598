// 铁与火 (tiehuo), as the shell sees it.

import { eventText } from './events.js';
import { mountReplay } from './replay.js';
import { strings, tr } from './strings.js';
import { mountTable } from './table.js';

/** The colours of the two seats. */
const SEAT_COLOURS = /** @type {Record<string, string>} */ ({ 1: '#7a5c2e', 2: '#a22' });

/** @type {import('../module.js').GameModule} */
export const tiehuo = {
  name: 'tiehuo',
  strings,
  modeLabel: (mode) => (mode === 'alt_history' ? tr('mode_alt_history') : mode === 'formation' ? tr('mode_formation') : `${tr('game_tiehuo')} ${mode}`),
  seatColour: (seat) => SEAT_COLOURS[seat] ?? '#555',
  eventText,
  mountTable,
  mountReplay,
};
