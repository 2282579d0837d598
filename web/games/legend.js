// A board game's legend of pieces, for any game: each piece's mark on its tile and its full
// name (in English also its Chinese name, which most sets print), and a note with the few
// rules a newcomer needs; folded away until opened. The game gives the words.

import { h } from '../dom.js';
import { language } from '../i18n.js';

/**
 * @typedef {object} LegendWords
 * @property {string} title
 * @property {string} mark  the heading of the marks' column
 * @property {string} name  the heading of the full names' column
 * @property {string} zh  the heading of the Chinese names' column (English pages)
 * @property {string} note
 */

/**
 * @param {LegendWords} words
 * @param {{letter: string, short: string, long: string, zh: string}[]} pieces  strongest first
 */
export function legend(words, pieces) {
  const english = language() === 'en';
  return h('details', { class: 'legend', id: 'legend' },
    h('summary', {}, words.title),
    h('table', {},
      h('thead', {}, h('tr', {}, h('th', {}, words.mark), h('th', {}, words.name), english ? h('th', {}, words.zh) : null)),
      h('tbody', {}, pieces.map((piece) => h('tr', { 'data-piece': piece.letter },
        h('td', {}, h('span', { class: 'mark' }, piece.short)),
        h('td', { class: 'full-name' }, piece.long),
        english ? h('td', { lang: 'zh' }, piece.zh) : null)))),
    h('p', {}, words.note));
}
