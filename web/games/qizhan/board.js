// 棋戰卡牌's zoned board: for each side a front-line zone, a row of frontier zones and a row of
// landing zones beyond them (each landing zone behind its frontier zone, §2), the two front
// lines meeting in the middle, the viewer's side at the bottom. Every zone shows its cards.

import { h } from '../../dom.js';
import { targetAttributes } from '../keyboard.js';
import { seatName } from '../../i18n.js';
import { boardCard } from './cards.js';

/**
 * The zones of one side in rows, outermost first: landing zones, frontier zones, front line.
 * @param {any[]} zones  the view's zones ({zone, cards})
 * @param {string} side
 */
function rowsOf(zones, side) {
  const own = zones.filter((zone) => zone.zone.startsWith(`${side}.`));
  const loc = (/** @type {any} */ zone) => zone.zone.split('.')[1];
  return [
    own.filter((zone) => loc(zone).startsWith('L')),
    own.filter((zone) => loc(zone).startsWith('F') && loc(zone) !== 'FL'),
    own.filter((zone) => loc(zone) === 'FL'),
  ];
}

/**
 * The board.
 * @param {any} view  the table view
 * @param {string} bottom  the side drawn at the bottom
 * @param {{targets?: Set<string>, marks?: Map<string, string>, onTarget?: (target: string) => void}} [options]
 */
export function boardGrid(view, bottom, options = {}) {
  const top = bottom === 'A' ? 'B' : 'A';
  const targets = options.targets ?? new Set();
  const marks = options.marks ?? new Map();
  const click = (/** @type {string} */ target) => (/** @type {Event} */ event) => {
    event.stopPropagation();
    options.onTarget?.(target);
  };
  /** @param {any} zone */
  const zoneBox = (zone) => {
    const target = `zone:${zone.zone}`;
    const isTarget = targets.has(target);
    return h('div', {
      class: `qz-zone${isTarget ? ' target' : ''}${marks.has(zone.zone) ? ` mark-${marks.get(zone.zone)}` : ''}`,
      'data-zone': zone.zone,
      'data-target': target,
      ...(isTarget ? targetAttributes(target, click(target)) : {}),
    },
    h('span', { class: 'qz-zone-name' }, zone.zone),
    zone.cards.map((/** @type {any} */ card) => {
      const cardTarget = `card:${card.ref}`;
      const selectable = targets.has(cardTarget);
      const mark = marks.get(card.ref);
      return boardCard(view.cards, card, {
        'data-target': cardTarget,
        class: `qz-card board owner-${card.owner}${card.stunned ? ' stunned' : ''}${selectable ? ' selectable' : ''}${mark ? ` mark-${mark}` : ''}`,
        ...(selectable ? targetAttributes(cardTarget, click(cardTarget)) : {}),
      });
    }));
  };
  const [topLanding, topFrontier, topFront] = rowsOf(view.zones, top);
  const [landing, frontier, front] = rowsOf(view.zones, bottom);
  const row = (/** @type {any[]} */ zones, /** @type {string} */ kind) => h('div', { class: `qz-row ${kind}` }, zones.map(zoneBox));
  return h('div', { class: 'qz-board', id: 'board' },
    h('div', { class: 'qz-half top', 'data-side': top },
      h('div', { class: 'qz-side-name' }, seatName(top)),
      row(topLanding, 'landing'), row(topFrontier, 'frontier'), row(topFront, 'front')),
    h('div', { class: 'qz-half bottom', 'data-side': bottom },
      row(front, 'front'), row(frontier, 'frontier'), row(landing, 'landing'),
      h('div', { class: 'qz-side-name' }, seatName(bottom))));
}
