// 铁与火's events as log lines. The server sends each watcher only the events it may see: a
// face-down card another seat draws or resupplies comes without its identity.

import { seatName } from '../../i18n.js';
import { environmentName, faceLabel } from './cards.js';
import { tr } from './strings.js';

/** @typedef {import('../../protocol.js').GameEvent} GameEvent */
/** @typedef {import('../module.js').EventNames} EventNames */

/**
 * What a seat did, in words.
 * @param {any} event
 * @param {string} who
 */
function actText(event, who) {
  switch (event.act) {
    case 'done': return tr('th_ev_done', { who });
    case 'attack': return tr('th_ev_attack', { who, card: event.card, label: event.label });
    case 'focus': return tr('th_ev_focus', { who, target: event.target ? ` → ${event.target}` : '' });
    case 'fire': return tr('th_ev_fire', { who });
    case 'name': return tr('th_ev_name', { who, card: event.card });
    case 'name_class': return tr('th_ev_name_class', { who, class: event.class });
    case 'option': return tr('th_ev_option', { who, option: event.option });
    case 'designate': return tr('th_ev_designate', { who, class: event.class, seat: seatName(event.seat) });
    case 'pass': return tr('th_ev_pass', { who });
    case 'focus_target': return tr('th_ev_focus_target', { who, target: event.target });
    case 'targets': return tr('th_ev_targets', { who, targets: (event.targets ?? []).join(', ') });
    case 'end': return tr('th_ev_end', { who });
    case 'resupply': return event.card ? tr('th_ev_resupply', { who, card: faceLabel(event.card) }) : tr('th_ev_resupply_hidden', { who });
    case 'cut_off': return tr('th_ev_cut_off', { who, card: event.card ?? event.class ?? '' });
    case 'concede': return tr('th_ev_concede', { who });
    default: return '';
  }
}

/** A change of damage with its sign (healing is negative). @param {number} change */
const signed = (change) => (change > 0 ? `+${change}` : String(change));

/**
 * One line of the log for a tiehuo event, or null to leave it to the room page or skip it.
 * @param {GameEvent} gameEvent
 * @param {EventNames} names
 * @returns {string | null}
 */
export function eventText(gameEvent, names) {
  /** @type {any} */
  const event = gameEvent;
  switch (event.kind) {
    case 'environment': return tr('th_ev_environment', { face: event.face, env: environmentName(event.environment) });
    case 'logistics': return tr('th_ev_logistics', {
      faces: (event.faces ?? []).join('+'),
      who: (event.seats ?? []).map((/** @type {string} */ seat) => seatName(seat)).join(', '),
      l: event.logistics,
    });
    case 'deployed': return event.cards
      ? tr('th_ev_deployed_own', { who: names.seat(event.by), cards: event.cards.join(', ') })
      : tr('th_ev_deployed', { who: names.seat(event.by) });
    case 'acted': return actText(event, names.seat(event.by));
    case 'rolled': return tr(event.roll === 'targets' ? 'th_ev_rolled_targets' : 'th_ev_rolled_hits', { card: event.attacker, value: event.value });
    case 'hit': return tr(event.destroyed ? 'th_ev_hit_destroyed' : 'th_ev_hit', {
      m: event.magnitude, pct: event.q * 25, card: event.target, change: signed(event.change), damage: event.damage,
    });
    case 'drawn': {
      const seat = seatName(event.seat);
      if (!event.turned) return tr('th_ev_drawn_stays', { seat, class: event.class });
      return event.token ? tr('th_ev_drawn', { seat, class: event.class, card: event.token }) : tr('th_ev_drawn_hidden', { seat, class: event.class });
    }
    case 'damaged': return tr('th_ev_damaged', { seat: seatName(event.seat), card: event.card, from: event.from, to: event.to });
    case 'destroyed': return tr('th_ev_destroyed', { seat: seatName(event.seat), card: faceLabel(event.card) });
    case 'revealed': return tr('th_ev_revealed', { seat: seatName(event.seat), count: event.count });
    case 'game_over': return null;
    default: return null;
  }
}
