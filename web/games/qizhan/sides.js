// One side of the 棋戰卡牌 table off the board: the hand (faces for its owner, card backs with a
// count for everyone else), the deck's count, the four discard piles and exile.

import { h } from '../../dom.js';
import { targetAttributes } from '../keyboard.js';
import { seatName } from '../../i18n.js';
import { cardBack, cardName, handCard } from './cards.js';
import { tr } from './strings.js';

const PILES = /** @type {const} */ (['front', 'frontier', 'landing', 'general']);

/**
 * @param {any} view  the table view
 * @param {any} side  the view's side ({seat, hand, hand_count, deck_count, discard, exile})
 * @param {boolean} mine  whether this is the viewer's side (drawn at the bottom)
 * @param {{targets?: Set<string>, selected?: string | null, onTarget?: (target: string) => void}} [options]
 */
export function sidePanel(view, side, mine, options = {}) {
  const targets = options.targets ?? new Set();
  const click = (/** @type {string} */ target) => () => options.onTarget?.(target);
  const hand = Array.isArray(side.hand)
    ? side.hand.map((/** @type {any} */ card) => {
      const target = `hand:${card.id}`;
      const selectable = targets.has(target);
      return handCard(view.cards, card.id, {
        'data-entry': String(card.entry),
        'data-target': target,
        class: `qz-card hand kind-${view.cards?.[card.id]?.kind ?? ''}${selectable ? ' selectable' : ''}${options.selected === target ? ' selected' : ''}`,
        ...(selectable ? targetAttributes(target, click(target)) : {}),
      });
    })
    : Array.from({ length: side.hand_count }, cardBack);
  const discardCount = PILES.reduce((sum, pile) => sum + side.discard[pile].length, 0);
  const piles = PILES.map((pile) => h('div', { class: 'qz-pile', 'data-pile': pile, 'data-count': String(side.discard[pile].length) },
    h('span', { class: 'qz-pile-name' }, `${tr(/** @type {any} */ (`qz_pile_${pile}`))} ${side.discard[pile].length}`),
    side.discard[pile].map((/** @type {string} */ id) => {
      const target = `discard:${id}`;
      const selectable = mine && targets.has(target);
      return h('span', {
        class: `qz-chip${selectable ? ' selectable' : ''}`,
        'data-target': target,
        title: id,
        ...(selectable ? targetAttributes(target, click(target)) : {}),
      }, cardName(view.cards, id));
    })));
  return h('div', { class: `qz-side${mine ? ' mine' : ' theirs'}`, 'data-seat': side.seat },
    h('div', { class: 'qz-counts' },
      h('strong', { class: 'qz-label' }, seatName(side.seat)),
      h('span', { class: 'qz-hand-count', 'data-hand': String(side.hand_count) }, tr('qz_hand_count', { count: side.hand_count })),
      h('span', { class: 'qz-deck', 'data-deck': String(side.deck_count) }, tr('qz_deck', { count: side.deck_count })),
      h('span', { class: 'qz-discard-count', 'data-discard': String(discardCount) }, tr('qz_discard', { count: discardCount })),
      h('span', { class: 'qz-exile', 'data-exile': String(side.exile.length) }, tr('qz_exile', { count: side.exile.length }))),
    h('div', { class: 'qz-hand', 'data-hand': String(side.hand_count) }, hand),
    h('details', { class: 'qz-piles', open: mine && [...targets].some((target) => target.startsWith('discard:')) }, h('summary', {}, tr('qz_discard', { count: discardCount })), piles));
}
