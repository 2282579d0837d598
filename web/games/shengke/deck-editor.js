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
  const sumIn = h('td', { class: 'deck-sum', id: 'deck-sum-in' });
  const sumOut = h('td', { class: 'deck-sum', id: 'deck-sum-out' });
  const counts = h('td', { colspan: 5, class: 'deck-counts', id: 'deck-counts' });
  const table = h('table', { class: 'deck-editor', id: 'deck-editor' },
    h('thead', {}, h('tr', {}, h('th', {}, 'ID'), h('th', {}, tr('sk_name')), h('th', {}, tr('sk_element')), h('th', {}, tr('sk_in')), h('th', {}, tr('sk_out')))),
    h('tbody', {}, rows),
    h('tfoot', {},
      h('tr', {}, h('th', { colspan: 3 }, tr('sk_sums', { target: DECK_SUM })), sumIn, sumOut),
      h('tr', {}, counts)));
  const recount = () => showSums(table, sumIn, sumOut, counts);
  table.addEventListener('input', recount);
  table.addEventListener('change', recount);
  recount();
  return table;
}

/** What the in numbers, and the out numbers, of a deck must add up to (§3.2). */
const DECK_SUM = 100;

/** How many cards of each element a deck holds (§3.2). */
const PER_ELEMENT = 5;

/**
 * The running sums of the in and out numbers and the cards of each element, as the player
 * edits: each marked right or wrong against the deck rules (§3.2), so a deck is balanced
 * before it is sent.
 * @param {HTMLElement} table
 * @param {HTMLElement} sumIn
 * @param {HTMLElement} sumOut
 * @param {HTMLElement} counts
 */
function showSums(table, sumIn, sumOut, counts) {
  const column = (/** @type {string} */ selector) => [...table.querySelectorAll(selector)]
    .map((input) => Number(/** @type {HTMLInputElement} */ (input).value) || 0);
  const total = (/** @type {number[]} */ values) => values.reduce((sum, value) => sum + value, 0);
  for (const [cell, sum] of /** @type {[HTMLElement, number][]} */ ([[sumIn, total(column('.deck-in'))], [sumOut, total(column('.deck-out'))]])) {
    cell.textContent = `${sum} / ${DECK_SUM}`;
    cell.dataset.sum = String(sum);
    cell.classList.toggle('ok', sum === DECK_SUM);
    cell.classList.toggle('bad', sum !== DECK_SUM);
  }
  const elements = [...table.querySelectorAll('.deck-element')].map((select) => /** @type {HTMLSelectElement} */ (select).value);
  counts.replaceChildren(...ELEMENTS.map(([code, name]) => {
    const count = elements.filter((element) => element === code).length;
    return h('span', { class: `deck-count ${count === PER_ELEMENT ? 'ok' : 'bad'}`, 'data-element': code, 'data-count': String(count) },
      tr('sk_element_count', { element: name, count, target: PER_ELEMENT }));
  }));
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

