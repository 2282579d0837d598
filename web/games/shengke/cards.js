// 生剋棋's cards on screen: a card face, the 5×5 field turned for the viewer, one player's
// side of the table (piles, hand or card backs, discard pile), the dice.

import { h } from '../../dom.js';
import { targetAttributes } from '../keyboard.js';
import { seatName } from '../../i18n.js';
import { tr } from './strings.js';

/** The elements in pile order, with their glyphs. */
export const ELEMENTS = /** @type {const} */ ([['M', '木'], ['H', '火'], ['T', '土'], ['J', '金'], ['S', '水']]);

/** The cells of the field by name, a1 to e5. */
export const CELLS = [...'abcde'].flatMap((column) => [1, 2, 3, 4, 5].map((row) => `${column}${row}`));

/** @param {string} code */
export const glyph = (code) => ELEMENTS.find(([c]) => c === code)?.[1] ?? code;

/**
 * A card face: name, element, in (bottom left) and out (bottom right).
 * @param {any} card  {card, element, in, out, owner?}
 * @param {string} name
 * @param {Record<string, unknown>} [attrs]
 */
export function cardFace(card, name, attrs = {}) {
  return h('div', {
    class: `sk-card el-${card.element}${card.owner ? ` owner-${card.owner}` : ''}`,
    'data-card': card.card ?? '',
    title: `${card.card ?? ''} ${name}`,
    ...attrs,
  },
  h('span', { class: 'sk-el' }, glyph(card.element)),
  h('span', { class: 'sk-name' }, name || card.card),
  h('span', { class: 'sk-in' }, String(card.in ?? '')),
  h('span', { class: 'sk-out' }, String(card.out ?? '')));
}

/**
 * The name of a card from the decks the room publishes.
 * @param {any} decks
 * @param {string | undefined} seat
 * @param {string} id
 */
export function cardName(decks, seat, id) {
  const deck = decks?.[seat ?? ''];
  return deck?.find((/** @type {any} */ card) => card.card === id)?.name ?? id;
}

/**
 * The 5×5 field, turned so that the viewer's side is at the bottom.
 * @param {any[]} cells  field cards with `cell`
 * @param {string | null} you
 * @param {any} decks
 * @param {{targets?: Set<string>, marks?: Map<string, string>, onCell?: (cell: string) => void}} [options]
 */
export function fieldGrid(cells, you, decks, options = {}) {
  const flip = you === '2';
  const rows = [];
  for (let r = 0; r < 5; r++) {
    const row = flip ? r + 1 : 5 - r;
    for (let c = 0; c < 5; c++) {
      const column = 'abcde'[flip ? 4 - c : c];
      const name = `${column}${row}`;
      const card = cells.find((cell) => cell.cell === name);
      const target = options.targets?.has(name);
      const mark = options.marks?.get(name);
      rows.push(h('div', {
        class: `sk-cell${target ? ' target' : ''}${mark ? ` mark-${mark}` : ''}`,
        'data-cell': name,
        'data-owner': card?.owner ?? '',
        'data-card': card?.card ?? '',
        ...(target ? targetAttributes(`cell:${name}`, () => options.onCell?.(name)) : { onclick: () => options.onCell?.(name) }),
      }, card ? cardFace(card, cardName(decks, card.owner, card.card)) : h('span', { class: 'sk-coord' }, name)));
    }
  }
  return h('div', { class: 'sk-field', id: 'field' }, rows);
}

/** The outline of a pile, discard pile or hand card that the animation points at. */
const FLASH = 'outline: 3px solid #e90; outline-offset: 1px;';

/**
 * One player's side of the table: piles, hand (cards or backs), discard pile. A hand card
 * with `drawn` (known by its element only, while the animation runs) shows its element, and
 * `marks` (pile codes, `discard`) outlines what the animation points at.
 * @param {any} player
 * @param {any} decks
 * @param {boolean} mine
 * @param {{selected?: string | null, selectable?: Set<string>, onCard?: (card: string) => void, marks?: Set<string>}} [options]
 */
export function playerSide(player, decks, mine, options = {}) {
  const pileCount = (/** @type {any} */ pile) => (Array.isArray(pile) ? pile.length : pile);
  const marked = (/** @type {string} */ what) => (options.marks?.has(what) ? { 'data-mark': 'flash', style: FLASH } : {});
  const handCard = (/** @type {any} */ card) => (card.drawn
    ? h('div', { class: `sk-card el-${card.element} drawn`, 'data-drawn': card.element, style: FLASH }, h('span', { class: 'sk-el' }, glyph(card.element)))
    : cardFace({ ...card, owner: player.seat }, cardName(decks, player.seat, card.card), {
      class: `sk-card el-${card.element}${options.selected === card.card ? ' selected' : ''}${options.selectable?.has(card.card) ? ' selectable' : ''}`,
      ...(options.selectable?.has(card.card)
        ? targetAttributes(`card:${card.card}`, () => options.onCard?.(card.card))
        : { onclick: () => options.onCard?.(card.card) }),
    }));
  const hand = Array.isArray(player.hand)
    ? player.hand.map(handCard)
    : Array.from({ length: Number(player.hand) }, (_, index) => h('div', {
      class: 'sk-card back',
      ...(index >= Number(player.hand) - (player.drawnBacks ?? 0) ? { 'data-drawn': 'back', style: FLASH } : {}),
    }, '靈'));
  return h('div', { class: `sk-side ${mine ? 'mine' : 'theirs'}`, 'data-seat': player.seat },
    h('div', { class: 'sk-piles' },
      h('span', { class: 'sk-label' }, seatName(player.seat), ' · ', tr('sk_on_field', { n: player.field })),
      ELEMENTS.map(([code, name]) => h('span', { class: `sk-pile el-${code}`, 'data-pile': code, 'data-count': String(pileCount(player.piles[code])), ...marked(code) }, `${name} ${pileCount(player.piles[code])}`)),
      h('span', { class: 'sk-discard', 'data-discard': String(player.discard.length), ...marked('discard') },
        tr('sk_discard', { n: player.discard.length }), ' ',
        player.discard.map((/** @type {any} */ card) => h('span', { class: `sk-mini el-${card.element}` }, card.card)))),
    h('div', { class: 'sk-hand', 'data-hand': Array.isArray(player.hand) ? String(player.hand.length) : String(player.hand) }, hand),
  );
}

/**
 * The two dice of the last roll as die faces; `rolling` while the roll is being shown.
 * @param {number[]} faces
 * @param {boolean} rolling
 */
export function diceFaces(faces, rolling) {
  return faces.map((face) => h('span', { class: `die${rolling ? ' rolling' : ''}`, 'data-face': String(face), title: String(face) }, '⚀⚁⚂⚃⚄⚅'[face - 1] ?? String(face)));
}

