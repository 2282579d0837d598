// The deck editor: 25 rows the player edits, sent whole to the server, which answers with
// every violation; the rows a violation names are marked.

import { h } from '../../dom.js';
import { ELEMENTS } from './cards.js';
import { tr } from './strings.js';

/**
 * The deck editor: 25 rows the player edits, sent whole to the server, which answers with
 * every violation.
 * @param {any[]} cards  {card, name, element, in, out}
 * @param {boolean} editable
 */
export function deckEditor(cards, editable) {
  const rows = cards.map((card, index) => h('tr', { 'data-row': String(index) },
    h('td', {}, card.card),
    h('td', {}, h('input', { class: 'deck-name', value: card.name, maxlength: 16, disabled: !editable, 'aria-label': tr('sk_name') })),
    h('td', {}, h('select', { class: 'deck-element', disabled: !editable, 'aria-label': tr('sk_element') },
      ELEMENTS.map(([code, name]) => h('option', { value: code, selected: code === card.element }, `${name} ${code}`)))),
    h('td', {}, h('input', { class: 'deck-in', type: 'number', value: card.in, disabled: !editable, 'aria-label': tr('sk_in') })),
    h('td', {}, h('input', { class: 'deck-out', type: 'number', value: card.out, disabled: !editable, 'aria-label': tr('sk_out') })),
  ));
  return h('table', { class: 'deck-editor', id: 'deck-editor' },
    h('thead', {}, h('tr', {}, h('th', {}, 'ID'), h('th', {}, tr('sk_name')), h('th', {}, tr('sk_element')), h('th', {}, tr('sk_in')), h('th', {}, tr('sk_out')))),
    h('tbody', {}, rows));
}

/**
 * The deck file of the editor's rows (docs/shengke.md, "Deck files").
 * @param {HTMLElement} editor
 */
export function deckText(editor) {
  // No comment line: the server's "line N" is then the editor's row N.
  const lines = [];
  for (const row of editor.querySelectorAll('tbody tr')) {
    const value = (/** @type {string} */ selector) => /** @type {HTMLInputElement} */ (row.querySelector(selector)).value.trim();
    lines.push(`${value('.deck-element')} ${value('.deck-in')} ${value('.deck-out')} ${value('.deck-name')}`);
  }
  return lines.join('\n');
}

/**
 * Marks the editor's rows a refusal names: the server's marks `line:N` (the deck file's line N,
 * the editor's row N) and `card:M1` (a card by its id).
 * @param {HTMLElement} editor
 * @param {string[]} marks
 */
export function markInvalidRows(editor, marks) {
  const named = new Set(marks);
  for (const row of editor.querySelectorAll('tbody tr')) {
    const id = row.querySelector('td')?.textContent ?? '';
    const number = Number(/** @type {HTMLElement} */ (row).dataset.row) + 1;
    row.classList.toggle('invalid', named.has(`line:${number}`) || (id !== '' && named.has(`card:${id}`)));
  }
}

