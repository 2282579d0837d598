// 棋戰卡牌's cards on screen: a card's name in the page's language, a hand card's face with its
// cost and printed stats, a board card with its troops, points, attachments and modifiers, and
// a card's effects as the sentences the server writes.

import { h } from '../../dom.js';
import { language } from '../../i18n.js';
import { tr } from './strings.js';

/**
 * A card of the card table as the server describes it.
 * @typedef {{id: string, name: string, name_zh: string, faction: string, kind: string, cost: number,
 *   main: boolean, troops?: number, atk?: number, attack_type?: string, range?: number, armour?: number,
 *   counter?: boolean, keywords?: string[], deploy_zones?: string[], zones?: string[], attach?: boolean,
 *   effects: {text: string, en: string, zh: string}[], text: string}} CardInfo
 */

/**
 * A card's name in the page's language.
 * @param {Record<string, CardInfo> | undefined} cards
 * @param {string} id
 */
export function cardName(cards, id) {
  const card = cards?.[id];
  if (!card) return id;
  return language() === 'zh' ? card.name_zh : card.name;
}

/**
 * A card's kind in words.
 * @param {string} kind
 */
export const kindName = (kind) => tr(/** @type {any} */ (`qz_kind_${kind}`));

/**
 * A card's effects as sentences, in the page's language.
 * @param {CardInfo | undefined} card
 */
export const effectLines = (card) => (card?.effects ?? []).map((effect) => (language() === 'zh' ? effect.zh : effect.en));

/**
 * The printed stats of a main card: troops, attack (with its type), armour, range, keywords.
 * @param {CardInfo} card
 */
export function statsLine(card) {
  if (!card.main) return kindName(card.kind);
  const keywords = card.keywords?.length ? ` · ${card.keywords.join(' ')}` : '';
  return `${card.troops} ${tr('qz_troops')} · ${tr('qz_atk')} ${card.atk} ${card.attack_type ?? ''} · ${tr('qz_armour')} ${card.armour} · ${tr('qz_range')} ${card.range}${card.counter ? ' · ↺' : ''}${keywords}`;
}

/**
 * The full text of a card, for its title (hover) and the deck editor.
 * @param {CardInfo | undefined} card
 * @param {string} id
 */
export function cardTitle(card, id) {
  if (!card) return id;
  return [`${id} ${language() === 'zh' ? card.name_zh : card.name} · ${kindName(card.kind)} · ${tr('qz_cost', { cost: card.cost })}`,
    statsLine(card), ...effectLines(card)].join('\n');
}

/**
 * A card in hand (or in a pile): cost, name, kind and printed stats.
 * @param {Record<string, CardInfo> | undefined} cards
 * @param {string} id
 * @param {Record<string, string | boolean | number | EventListener | undefined>} [attrs]
 */
export function handCard(cards, id, attrs = {}) {
  const card = cards?.[id];
  return h('div', { class: `qz-card hand kind-${card?.kind ?? 'unknown'}`, 'data-card': id, title: cardTitle(card, id), ...attrs },
    h('span', { class: 'qz-cost' }, String(card?.cost ?? '?')),
    h('span', { class: 'qz-name' }, cardName(cards, id)),
    h('span', { class: 'qz-kind' }, card ? kindName(card.kind) : ''),
    card?.main ? h('span', { class: 'qz-stats' }, `${tr('qz_atk')} ${card.atk} · ♥${card.troops}`) : null);
}

/** A card back: a card of a hidden hand. */
export const cardBack = () => h('div', { class: 'qz-card hand back' }, '');

/**
 * A card on the board: its name, troops now and at most, attack, armour, range, AP and MP,
 * stun, attachments and modifiers.
 * @param {Record<string, CardInfo> | undefined} cards
 * @param {any} card  the view's board card
 * @param {Record<string, string | boolean | number | EventListener | undefined>} [attrs]
 */
export function boardCard(cards, card, attrs = {}) {
  const info = cards?.[card.id];
  return h('div', {
    class: `qz-card board owner-${card.owner}${card.stunned ? ' stunned' : ''}`,
    'data-ref': card.ref,
    'data-card': card.id,
    'data-troops': String(card.troops),
    title: cardTitle(info, card.id),
    ...attrs,
  },
  h('span', { class: 'qz-name' }, cardName(cards, card.id)),
  h('span', { class: 'qz-troops' }, `♥${card.troops}/${card.max_troops}`),
  h('span', { class: 'qz-stats' }, `${tr('qz_atk')} ${card.atk} · ${tr('qz_armour')} ${card.armour} · ${tr('qz_range')} ${card.range}`),
  h('span', { class: 'qz-points' }, `AP ${card.ap} MP ${card.mp}`),
  card.stunned ? h('span', { class: 'qz-stun' }, tr('qz_stunned')) : null,
  card.keywords.length ? h('span', { class: 'qz-keywords' }, card.keywords.join(' ')) : null,
  card.attachments.length ? h('span', { class: 'qz-attached' }, card.attachments.map((/** @type {string} */ id) => `+${cardName(cards, id)}`).join(' ')) : null,
  card.modifiers.length ? h('span', { class: 'qz-mods' }, card.modifiers.map((/** @type {string} */ m) => `[${m}]`).join('')) : null);
}
