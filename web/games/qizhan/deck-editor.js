// The deck editor: the whole card table to browse (names in both languages, every stat, the
// effects as sentences), a number of copies for each card, the deck's count as you build, and
// the deck file as the engine's `decks` option takes it: a JSON array of card ids, one a copy,
// and the deck's own card definitions with their `copies`, kept as they were.

import { h } from '../../dom.js';
import { language } from '../../i18n.js';
import { effectLines, kindName, statsLine } from './cards.js';
import { tr } from './strings.js';

/**
 * The copies of each id in a deck file, and its own card definitions by id.
 * @param {string} layout
 * @returns {{copies: Map<string, number>, definitions: Map<string, any>}}
 */
export function readDeck(layout) {
  const copies = new Map();
  const definitions = new Map();
  let entries = [];
  try {
    const parsed = JSON.parse(layout);
    entries = Array.isArray(parsed) ? parsed : [];
  } catch {
    entries = [];
  }
  for (const entry of entries) {
    if (typeof entry === 'string') copies.set(entry, (copies.get(entry) ?? 0) + 1);
    else if (entry && typeof entry.id === 'string') {
      copies.set(entry.id, (copies.get(entry.id) ?? 0) + (Number(entry.copies) || 1));
      definitions.set(entry.id, entry);
    }
  }
  return { copies, definitions };
}

/**
 * The deck editor.
 * @param {any} setup  the server's setup view: {layout, cards, catalogue, deck_size, max_copies, factions, ready}
 * @param {boolean} editable
 */
export function deckEditor(setup, editable) {
  const { copies } = readDeck(setup.layout);
  const count = h('p', { class: 'qz-deck-count', id: 'deck-count' });
  const faction = h('select', { id: 'deck-faction', 'aria-label': tr('qz_faction') },
    h('option', { value: '' }, tr('qz_all_factions')),
    [...new Set(setup.catalogue.map((/** @type {any} */ card) => card.faction))].map((name) => h('option', { value: String(name) }, String(name))));
  const rows = setup.catalogue.map((/** @type {any} */ card) => h('tr', { 'data-id': card.id, 'data-faction': card.faction },
    h('td', {}, card.id),
    h('td', {}, h('strong', {}, language() === 'zh' ? card.name_zh : card.name), h('br', {}), h('small', {}, language() === 'zh' ? card.name : card.name_zh)),
    h('td', {}, card.faction),
    h('td', {}, kindName(card.kind)),
    h('td', { class: 'qz-cost' }, String(card.cost)),
    h('td', {}, statsLine(card)),
    h('td', { class: 'qz-effects' }, effectLines(card).map((line) => h('div', {}, line))),
    h('td', {}, h('input', {
      class: 'deck-copies', type: 'number', min: 0, max: card.kind === 'general' ? 1 : setup.max_copies,
      value: copies.get(card.id) ?? 0, disabled: !editable, 'aria-label': `${tr('qz_copies')} ${card.id}`,
    }))));
  const body = h('tbody', {}, rows);
  const table = h('table', { class: 'deck-editor qz-catalogue', id: 'deck-editor' },
    h('thead', {}, h('tr', {}, ['ID', '', tr('qz_faction'), '', '¤', '', '', tr('qz_copies')].map((title) => h('th', {}, title)))),
    body);
  const recount = () => {
    let total = 0;
    for (const input of table.querySelectorAll('input.deck-copies')) total += Number(/** @type {HTMLInputElement} */ (input).value) || 0;
    count.textContent = tr('qz_deck_count', { count: total, size: setup.deck_size });
    count.dataset.count = String(total);
  };
  table.addEventListener('input', recount);
  faction.addEventListener('change', () => {
    for (const row of body.querySelectorAll('tr')) {
      const shown = !faction.value || /** @type {HTMLElement} */ (row).dataset.faction === faction.value || /** @type {HTMLElement} */ (row).dataset.faction === 'neutral';
      /** @type {HTMLElement} */ (row).hidden = !shown;
    }
  });
  recount();
  return h('div', { class: 'qz-deck-editor', 'data-layout': setup.layout },
    h('div', { class: 'row' }, count, h('label', {}, tr('qz_faction'), ' ', faction)), table);
}

/**
 * The deck file of the editor's numbers: ids sorted, one a copy; the deck's own definitions
 * (from the file it was loaded from) written once with their copies.
 * @param {HTMLElement} editor
 */
export function deckText(editor) {
  const { definitions } = readDeck(editor.dataset.layout ?? '[]');
  /** @type {any[]} */
  const entries = [];
  for (const row of editor.querySelectorAll('tbody tr')) {
    const id = /** @type {HTMLElement} */ (row).dataset.id ?? '';
    const copies = Number(/** @type {HTMLInputElement} */ (row.querySelector('input.deck-copies')).value) || 0;
    if (copies <= 0) continue;
    const definition = definitions.get(id);
    if (definition) entries.push({ ...definition, copies });
    else for (let copy = 0; copy < copies; copy++) entries.push(id);
  }
  return JSON.stringify(entries);
}

/**
 * Marks the rows of the cards a violation names (`card XX01`, `general AZ01`, `AZ03 has`).
 * @param {HTMLElement} editor
 * @param {string[]} problems
 */
export function markInvalidRows(editor, problems) {
  for (const row of editor.querySelectorAll('tbody tr')) {
    const id = /** @type {HTMLElement} */ (row).dataset.id ?? '';
    row.classList.toggle('invalid', problems.some((problem) => new RegExp(`\\b${id}\\b`).test(problem)));
  }
}
