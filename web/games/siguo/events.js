// 四國戰棋's events as log lines; the end of the game is worded by the room page.

import { tr } from './strings.js';

/** @typedef {import('../../protocol.js').GameEvent} GameEvent */
/** @typedef {import('../module.js').EventNames} EventNames */
/** @typedef {import('./protocol.js').SiguoEvent} SiguoEvent */

/**
 * A piece's name: its short label for the board, its long name for words.
 * @param {string} letter
 */
export function pieceName(letter) {
  const known = ['G', 'R', 'C', 'S'].includes(letter);
  if (!known) return { short: letter, long: letter };
  const key = /** @type {'G' | 'R' | 'C' | 'S'} */ (letter);
  return { short: tr(`sg_short_${key}`), long: tr(`sg_piece_${key}`) };
}

/**
 * One line of the log for a siguo event, or null to leave it to the room page.
 * @param {GameEvent} gameEvent
 * @param {EventNames} names
 * @returns {string | null}
 */
export function eventText(gameEvent, names) {
  const event = /** @type {SiguoEvent & GameEvent} */ (gameEvent);
  const who = event.seat ? names.seat(event.seat) : '';
  switch (event.kind) {
    case 'deployed':
      return tr('ev_sg_deployed', { who });
    case 'revealed':
      return tr('ev_sg_revealed', { who: names.seat(event.first ?? '') });
    case 'moved': {
      const fields = { who, piece: pieceName(event.piece ?? '').long, from: event.from ?? '', to: event.to ?? '' };
      if (event.redeploy) return tr('ev_sg_step', { ...fields, base: event.redeploy });
      return tr(event.capture ? 'ev_sg_captured' : 'ev_sg_moved', fields);
    }
    case 'removed': {
      const piece = pieceName(event.piece ?? '').long;
      const line = tr('ev_sg_removed', { who, piece, point: event.point ?? '' });
      // The reader's own loss is said in so many words.
      return names.you && event.seat === names.you ? `${line} ${tr('sg_lost', { piece, point: event.point ?? '' })}` : line;
    }
    case 'bombed':
      return tr('ev_sg_bombed', { who, base: event.base ?? '' });
    case 'exchanged':
      return tr('ev_sg_exchanged', { who, own: event.own ?? '', ally: event.ally ?? '' });
    case 'right_gained':
      return tr('ev_sg_right', { who, base: event.base ?? '' });
    case 'stopped':
      return tr('ev_sg_stopped', { who });
    case 'passed':
      return tr('ev_sg_passed', { who });
    case 'eliminated':
      return tr('ev_sg_eliminated', { who });
    default:
      return null;
  }
}
