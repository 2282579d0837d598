// junqi's events as log lines; the platform's (timeouts, escapes, draw offers, the end) are
// worded by the room page, but for the timeout, whose limit is junqi's.

import { strings, tr } from './strings.js';

/** @typedef {import('../../protocol.js').GameEvent} GameEvent */
/** @typedef {import('../module.js').EventNames} EventNames */
/** @typedef {import('./protocol.js').JunqiEvent} JunqiEvent */

/** @typedef {keyof typeof strings.en} Key */

/**
 * A piece's name: short for the tile, long for its tooltip.
 * @param {string} letter
 */
export function pieceName(letter) {
  const short = `piece_${letter}`;
  const long = `piece_${letter}_long`;
  if (!(short in strings.en)) return { short: letter, long: letter };
  return {
    short: tr(/** @type {Key} */ (short)),
    long: tr(/** @type {Key} */ (long in strings.en ? long : short)),
  };
}

/**
 * One line of the log for a junqi event, or null to leave it to the room page.
 * @param {GameEvent} gameEvent
 * @param {EventNames} names
 * @returns {string | null}
 */
export function eventText(gameEvent, names) {
  const event = /** @type {JunqiEvent & GameEvent} */ (gameEvent);
  const who = event.seat ? names.seat(event.seat) : '';
  switch (event.kind) {
    case 'deployed':
      return tr('ev_deployed', { who });
    case 'moved': {
      const move = `${event.from}${event.battle ? '×' : '→'}${event.to}`;
      if (!event.battle) return tr('ev_moved', { who, move });
      const outcome = tr(event.battle === 'A' ? 'battle_A' : event.battle === 'D' ? 'battle_D' : 'battle_X');
      return tr('ev_attacked', { who, move, outcome });
    }
    case 'flipped':
      return tr('ev_flipped', {
        who,
        post: event.post ?? '',
        colour: tr(event.owner === 'u' ? 'colour_u' : 'colour_r'),
        piece: pieceName(event.piece ?? '?').long,
      });
    case 'colours':
      return tr('ev_colours', { colour: tr(event.s === 'u' ? 'colour_u' : 'colour_r') });
    case 'flag_revealed':
      return tr('ev_flag_revealed', { who, post: event.post ?? '' });
    case 'timed_out':
      return tr('timed_out', { who, count: event.count ?? 0 });
    default:
      return null;
  }
}
