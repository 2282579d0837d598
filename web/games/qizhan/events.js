// 棋戰卡牌's events as log lines, in the page's language.

import { language, reasonText, seatName } from '../../i18n.js';
import { tr } from './strings.js';

/** @typedef {import('../../protocol.js').GameEvent} GameEvent */
/** @typedef {import('../module.js').EventNames} EventNames */

/**
 * One line of the log for a qizhan event, or null to leave it to the room page or skip it.
 * @param {GameEvent} gameEvent
 * @param {EventNames} names
 * @returns {string | null}
 */
export function eventText(gameEvent, names) {
  /** @type {any} */
  const event = gameEvent;
  const who = event.seat ? names.seat(event.seat) : '';
  /** A card the event names by id, by its name in the page's language. @param {string} id */
  const name = (id) => {
    const both = event.names?.[id];
    return both ? (language() === 'zh' ? both[1] : both[0]) : id;
  };
  switch (event.kind) {
    case 'first_player': return tr('qz_coin_toss', { who });
    case 'discarded': return tr('qz_ev_discarded', { who, cards: (event.cards ?? []).map(name).join(', ') });
    case 'no_swap': return tr('qz_ev_no_swap', { who });
    case 'swapped': return tr('qz_ev_swapped', { who, card: name(event.card) });
    case 'ended_turn': return tr('qz_ev_ended', { who });
    case 'played':
      return event.zone ? tr('qz_ev_played_into', { who, card: name(event.card), zone: event.zone })
        : event.on ? tr('qz_ev_played_on', { who, card: name(event.card), on: event.on })
          : tr('qz_ev_played', { who, card: name(event.card) });
    case 'moved': return tr('qz_ev_moved', { who, card: `${name(event.id ?? '')} ${event.card}`, zone: event.to });
    case 'attacked': return tr('qz_ev_attacked', {
      who,
      attacker: `${name(event.attacker_id ?? '')} ${event.attacker}`,
      target: `${name(event.target_id ?? '')} ${event.target}`,
      damage: event.damage,
      counter: event.counter,
    });
    case 'chose': return tr('qz_ev_chose', { who, target: event.target });
    case 'revived': return tr('qz_ev_revived', { who, card: name(event.card), zone: event.zone });
    case 'random_discard': return tr('qz_ev_random_discard', { who, card: name(event.card) });
    case 'troops': return tr('qz_ev_troops', { card: `${name(event.id)} ${event.card}`, from: event.from, to: event.to });
    case 'destroyed': return tr('qz_ev_destroyed', { who, card: `${name(event.id)} ${event.card}` });
    case 'exiled': return tr('qz_ev_exiled', { who, card: `${name(event.id)} ${event.card}` });
    case 'drew': return event.cards
      ? tr('qz_ev_drew_cards', { who, cards: event.cards.map(name).join(', ') })
      : tr('qz_ev_drew', { who, count: event.count });
    case 'turn': return tr('qz_ev_turn', { who: seatName(event.seat), turn: event.turn });
    case 'game_over': return event.winner
      ? tr('qz_ev_over_win', { who: names.seat(event.winner), reason: reasonText(event.reason) })
      : tr('qz_ev_over_draw', { reason: reasonText(event.reason) });
    default: return null;
  }
}
