// junqi's events as log lines; the platform's (timeouts, escapes, draw offers, the end) are
// worded by the room page, but for the timeout, whose limit is junqi's.

import { language } from '../../i18n.js';
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
 * A battle's piece in words: its full name, or "a hidden piece".
 * @param {{piece: string}} fighter
 */
const fighterName = (fighter) => (fighter.piece === '?' ? tr('battle_unknown') : pieceName(fighter.piece).long);

/**
 * The sentences naming the reader's own pieces a battle removed.
 * @param {JunqiEvent} event
 * @param {string | null} you
 */
function lostPieces(event, you) {
  const lines = [];
  const { attacker, defender, battle } = event;
  if (you && attacker && attacker.seat === you && attacker.piece !== '?' && battle !== 'A') {
    lines.push(tr('lost_attacker', { piece: pieceName(attacker.piece).long, from: event.from ?? '', to: event.to ?? '' }));
  }
  if (you && defender && defender.seat === you && defender.piece !== '?' && battle !== 'D') {
    lines.push(tr('lost_defender', { piece: pieceName(defender.piece).long, post: event.to ?? '' }));
  }
  return lines;
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
      if (!event.attacker || !event.defender) return tr('ev_attacked', { who, move, outcome });
      const pieces = tr('battle_pieces', { attacker: fighterName(event.attacker), defender: fighterName(event.defender) });
      // Chinese sentences follow one another without a space.
      return [tr('ev_battle', { who, move, pieces, outcome }), ...lostPieces(event, names.you ?? null)].join(language() === 'zh' ? '' : ' ');
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
