// 生剋棋's events as log lines and as the judgement being shown.

import { seatName } from '../../i18n.js';
import { cardName, glyph } from './cards.js';
import { tr } from './strings.js';

/** @typedef {import('../../protocol.js').GameEvent} GameEvent */
/** @typedef {import('../module.js').EventNames} EventNames */

/**
 * A judgement event in words: which card, by which rule, because of which card.
 * @param {any} event
 * @param {any} decks
 */
export function judgementText(event, decks) {
  const ref = (/** @type {any} */ card) => card ? `${card.owner ?? ''}${card.card ?? glyph(card.element)}${card.cell ? `@${card.cell}` : ''} ${card.card ? cardName(decks, card.owner ?? event.seat, card.card) : ''}`.trim() : '';
  const by = ref(event.by);
  const source = ref(event.source);
  switch (event.step) {
    case 'xk': return tr('sk_xk', { card: ref(event.card), by });
    case 'kx': return tr('sk_kx', { card: ref(event.card), source });
    case 'xs': return event.empty ? tr('sk_xs_none', { by }) : tr('sk_xs', { card: ref({ ...event.card, owner: event.seat }), by, source });
    case 'sx': return event.empty ? tr('sk_sx_none', { by }) : tr('sk_sx', { element: glyph(event.card.element), by, source });
    default: return '';
  }
}

/**
 * One line of the log for a shengke event, or null to leave it to the room page (the start,
 * timeouts, escapes) or skip it.
 * @param {GameEvent} gameEvent
 * @param {EventNames} names
 * @returns {string | null}
 */
export function eventText(gameEvent, names) {
  /** @type {any} */
  const event = gameEvent;
  const decks = names.decks;
  const who = event.seat ? seatName(event.seat) : '';
  switch (event.kind) {
    case 'first_player': return tr('sk_coin_toss', { who });
    case 'rolled': return tr('sk_rolled', { who, dice: (event.dice ?? []).join(' '), elements: event.elements ? event.elements.map(glyph).join(' ') : '' });
    case 'chose': return tr('sk_chose', { who, elements: (event.elements ?? []).map(glyph).join(' ') });
    case 'drew': return tr('sk_drew', { who, count: event.count, elements: (event.elements ?? []).map(glyph).join(' ') });
    case 'placed': return tr('sk_placed', { who, cards: (event.cards ?? []).map((/** @type {any} */ c) => `${c.card}@${c.cell} ${cardName(decks, c.owner, c.card)}`).join(', ') });
    case 'judgement': return judgementText(event, decks);
    case 'awaiting_recovery': return tr('sk_awaiting', { who, card: event.card });
    case 'turn_ended': return tr('sk_turn_ended', { one: event.counts?.[0] ?? 0, two: event.counts?.[1] ?? 0 });
    case 'game_over': return event.scores ? tr('sk_game_over', { one: event.scores[0], two: event.scores[1] }) : null;
    default: return null;
  }
}
