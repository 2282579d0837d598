// 铁与火's cards as the table draws them: a card of a battle deck (face up, or a face-down
// card shown by its class only), a printed card face (reserve, discard, deployment editor),
// and each side of the table.

import { h } from '../../dom.js';
import { targetAttributes } from '../keyboard.js';
import { language, seatName } from '../../i18n.js';
import { tr } from './strings.js';

/** @typedef {import('../../dom.js').Child} Child */

/**
 * A card's printed face as the server sends it.
 * @typedef {{id: string, name: string, name_zh: string, category?: string, cv: number, logistics: number,
 *   effective_logistics: number, activates?: string, innate: string[], latent: string[],
 *   attacks: {k: number, label: string, text: string, heals: boolean, cost: number}[]}} CardFace
 */

/**
 * A card of a battle deck as one viewer sees it.
 * @typedef {{click: string, class_click?: string, token?: string, class?: string, face?: CardFace,
 *   damage?: number, heavy: boolean, attacked: boolean, cut_off: boolean, face_down: boolean, marked: boolean,
 *   focus?: string, options?: {k: number, usable: boolean, targets: string[]}[]}} CardUi
 */

/**
 * One player's side.
 * @typedef {{seat: string, logistics: number | null, next: number, flag: string, hidden: boolean,
 *   battle: CardUi[], reserve?: CardFace[], reserve_count?: number, discard: CardFace[], sigma?: number,
 *   slack?: number, score?: number}} PlayerUi
 */

/** The category's glyph. */
const CATEGORY = /** @type {Record<string, string>} */ ({ infantry: '步', armour: '装', aviation: '航', ranged: '远' });

/** @param {CardFace} face */
export const faceName = (face) => (language() === 'zh' ? face.name_zh : face.name);

/** @param {CardFace} face */
export const faceLabel = (face) => `${face.id} ${faceName(face)}`;

/**
 * A printed card, small (reserve, discard, the deployment editor).
 * @param {CardFace} face
 * @param {Record<string, string | boolean | undefined | EventListener>} [attributes]
 */
export function cardFace(face, attributes = {}) {
  return h('div', { class: `th-face ${face.category ?? 'special'}`, 'data-card': face.id, title: face.attacks.map((a) => a.text).join('\n'), ...attributes },
    h('span', { class: 'th-cat' }, face.category ? CATEGORY[face.category] ?? '' : '★'),
    h('span', { class: 'th-id' }, face.id),
    h('span', { class: 'th-name' }, faceName(face)),
    face.category ? h('span', { class: 'th-cv' }, String(face.cv)) : null,
    h('span', { class: 'th-log', title: tr('th_logistics', { l: face.effective_logistics }) }, `L${face.effective_logistics}`));
}

/**
 * What to draw a battle card with.
 * @typedef {{selectable?: boolean, selected?: boolean, target?: boolean, mark?: string, onClick?: (card: CardUi) => void}} CardLook
 */

/**
 * A card of a battle deck.
 * @param {CardUi} card
 * @param {string} seat
 * @param {CardLook} [look]
 */
export function battleCard(card, seat, look = {}) {
  const classes = ['th-card', `owner-${seat}`];
  if (card.face_down) classes.push('face-down');
  if (card.face_down && card.face) classes.push('known');
  if (card.heavy) classes.push('heavy');
  if (card.cut_off) classes.push('cut-off');
  if (card.attacked) classes.push('attacked');
  if (look.selectable) classes.push('selectable');
  if (look.selected) classes.push('selected');
  if (look.target) classes.push('target');
  if (look.mark) classes.push(`mark-${look.mark}`);
  const face = card.face;
  /** @type {Child[]} */
  const flags = [
    card.face_down && h('span', { class: 'flag' }, tr('th_face_down')),
    card.heavy && h('span', { class: 'flag heavy' }, tr('th_heavy')),
    card.cut_off && h('span', { class: 'flag cut' }, tr('th_cut_off')),
    card.attacked && h('span', { class: 'flag' }, tr('th_attacked')),
    card.marked && h('span', { class: 'flag' }, tr('th_marked')),
    card.focus === 't' && h('span', { class: 'flag focus' }, tr('th_target')),
    card.focus && card.focus !== 't' && h('span', { class: 'flag focus' }, tr('th_participant', { n: card.focus })),
  ];
  const body = face
    ? [
      h('div', { class: 'th-head' },
        h('span', { class: 'th-cat' }, face.category ? CATEGORY[face.category] ?? '' : '★'),
        h('span', { class: 'th-id' }, face.id),
        face.category ? h('span', { class: 'th-cv', title: tr('th_cv', { cv: face.cv }) }, `${Math.max(face.cv - (card.damage ?? 0), 0)}/${face.cv}`) : null),
      h('div', { class: 'th-name' }, faceName(face)),
      face.category
        ? h('div', { class: 'th-life' }, h('div', { class: 'th-life-left', style: `width:${Math.max(0, 100 * (face.cv - (card.damage ?? 0)) / Math.max(face.cv, 1))}%` }))
        : h('div', { class: 'th-special' }, tr('th_special', { ability: face.activates ?? '' })),
      h('ul', { class: 'th-attacks' }, face.attacks.map((attack) => h('li', { title: attack.text },
        `${attack.k}. ${attack.label}${attack.cost ? ` (${tr('th_cost', { cost: attack.cost })})` : ''}`))),
    ]
    : [h('div', { class: 'th-back' }, card.class ?? '?')];
  const element = h('div', {
    class: classes.join(' '),
    'data-click': card.click,
    'data-seat': seat,
    'data-token': card.token ?? '',
    'data-class': card.class ?? '',
    'data-face-down': String(card.face_down),
  }, body, h('div', { class: 'th-flags' }, flags));
  if (look.onClick && look.selectable) {
    // A card that may be chosen now is a target by keyboard too.
    for (const [name, value] of Object.entries(targetAttributes(card.click, () => look.onClick?.(card)))) {
      if (typeof value === 'function') element.addEventListener(name.slice(2), value);
      else element.setAttribute(name, String(value));
    }
  } else if (look.onClick) {
    element.addEventListener('click', () => look.onClick?.(card));
  }
  return element;
}

/**
 * The header of a player's side: seat, logistics, slack, flags.
 * @param {PlayerUi} player
 */
export function sideHeader(player) {
  return h('div', { class: 'th-side-head' },
    h('strong', {}, seatName(player.seat)),
    player.logistics !== null && h('span', { class: 'th-l', 'data-logistics': String(player.logistics) }, tr('th_logistics', { l: player.logistics })),
    player.next !== 0 && h('span', {}, tr('th_next', { next: player.next > 0 ? `+${player.next}` : String(player.next) })),
    player.sigma !== undefined && h('span', {}, tr('th_sigma', { sigma: player.sigma })),
    player.slack !== undefined && h('span', { class: player.slack < 0 ? 'th-short' : '' }, tr('th_slack', { slack: player.slack })),
    player.score !== undefined && h('span', {}, tr('th_score', { score: player.score })),
    player.flag === 'done' && h('span', { class: 'flag' }, tr('th_done')),
    player.flag === 'ready' && h('span', { class: 'flag' }, tr('th_ready')),
    player.reserve_count !== undefined && h('span', {}, tr('th_reserve', { n: player.reserve_count })),
    h('span', { class: 'th-discard', title: player.discard.map(faceLabel).join(', ') }, tr('th_discard', { n: player.discard.length })));
}

/**
 * A player's side: header and battle deck.
 * @param {PlayerUi} player
 * @param {boolean} mine
 * @param {(card: CardUi) => CardLook} look
 */
export function playerSide(player, mine, look) {
  return h('div', { class: `th-side${mine ? ' mine' : ''}`, 'data-seat': player.seat },
    sideHeader(player),
    player.hidden
      ? h('p', { class: 'th-hidden' }, tr('th_hidden'))
      : h('div', { class: 'th-battle' }, player.battle.map((card) => battleCard(card, player.seat, look(card)))),
    player.discard.length > 0 && h('div', { class: 'th-discard-list' }, player.discard.map((face) => cardFace(face, { class: `th-face destroyed ${face.category ?? 'special'}` }))));
}

/** @param {string | null | undefined} env */
export const environmentName = (env) => (env ? tr(/** @type {any} */ (`th_env_${env}`)) : tr('th_env_none'));
