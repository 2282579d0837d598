// 铁与火's deck editor, before the start: the whole card table to browse (names in both
// languages, every stat, attacks and abilities as sentences), copies per card, the deck's count
// and logistics as you build, the tank builder (one option per group of the card builder and its
// add-ons, the combat value and logistics shown as the choices change), and the deck file as the
// engine's `decks` option takes a seat's deck: card ids, one a copy, and the built tanks as card
// definitions. Every change is sent to the server, which answers with every rule the deck breaks;
// no rule runs here. The builder's numbers come from the server's groups (points of each option)
// and its scale; the page only adds them up (the browser test holds them to the cards the Rust
// builder made).

import { h, replace } from '../../dom.js';
import { language } from '../../i18n.js';
import { tr } from './strings.js';

/** @typedef {import('./cards.js').CardFace} CardFace */

/**
 * One option of a builder group, as the server lists it.
 * @typedef {{id: string, twice_points: number, logistics: number}} BuilderOption
 */

/**
 * A group of the card builder.
 * @typedef {{group: string, primaries: BuilderOption[], addons: BuilderOption[]}} BuilderGroup
 */

/**
 * A built card as a deck file defines it.
 * @typedef {{id: string, name: string, name_zh: string, nationality?: string, category: string,
 *   builder: Record<string, any>, cv?: number, logistics?: number, attacks: string[],
 *   abilities?: {ability: string, mode: string}[], copies?: number}} BuiltCard
 */

/**
 * The deck editor's view from the server.
 * @typedef {{kind: 'deck', layout: string, catalog: (CardFace & {banned: boolean})[], starters: string[],
 *   cards: [string, number][], built: {card: BuiltCard, points: string | null}[], count: number, min: number,
 *   lowest_l: number, focus_min: number, builder: BuilderGroup[], cv_base: number, cv_scale: number,
 *   violations: string[], reasons: {kind: string, [name: string]: string}[], ready?: boolean}} DeckSetup
 */

/** A category in the page's words. @param {string | undefined} category */
export const categoryName = (category) => tr(/** @type {any} */ (`th_cat_${category ?? 'special'}`));

/** A range `a~b` as people write it. @param {number[]} range */
const span = ([low, high]) => (low === high ? String(low) : `${low}–${high}`);

/**
 * One attack option as a sentence.
 * @param {CardFace['attacks'][number] & {vs?: string[], damage?: number[], hits?: number[], targets?: number[], opp?: number, gain?: number}} attack
 */
export function attackSentence(attack) {
  if (!attack.damage) return attack.text;
  const vs = (attack.vs ?? []).map(categoryName).join(language() === 'zh' ? '、' : ', ');
  let sentence = tr(attack.heals ? 'th_attack_own' : 'th_attack_enemy', { label: attack.label, vs, damage: span(attack.damage) });
  if (attack.hits && attack.hits[1] > 1) sentence += tr('th_attack_hits', { hits: span(attack.hits) });
  if (attack.targets && attack.targets[1] > 1) sentence += tr('th_attack_targets', { targets: span(attack.targets) });
  if (attack.cost) sentence += tr('th_attack_cost', { cost: attack.cost });
  if (attack.opp) sentence += tr('th_attack_opp', { opp: attack.opp });
  if (attack.gain) sentence += tr('th_attack_gain', { gain: attack.gain });
  return sentence;
}

/** An ability in words. @param {string} ability */
export const abilityName = (ability) => tr(/** @type {any} */ (`th_ab_${ability}`));

/** A card's abilities as sentences. @param {CardFace} face */
export function abilityLines(face) {
  if (face.activates) return [tr('th_activates', { ability: abilityName(face.activates) })];
  return [
    ...face.innate.map((ability) => tr('th_innate', { ability: abilityName(ability) })),
    ...face.latent.map((ability) => tr('th_latent', { ability: abilityName(ability) })),
  ];
}

/**
 * The builder's figures for a recipe: twice the points, combat value and logistics, added up
 * from the server's groups with the formula of the card builder.
 * @param {BuilderGroup[]} groups
 * @param {Record<string, string>} primaries  group → option id
 * @param {Set<string>} addons  `group:id`
 * @param {number} cvBase
 * @param {number} cvScale
 */
export function builtNumbers(groups, primaries, addons, cvBase, cvScale) {
  let twice = 0;
  let logistics = 0;
  for (const group of groups) {
    const primary = group.primaries.find((option) => option.id === primaries[group.group]) ?? group.primaries[0];
    twice += primary.twice_points;
    logistics += primary.logistics;
    for (const addon of group.addons) if (addons.has(`${group.group}:${addon.id}`)) twice += addon.twice_points;
  }
  const points = twice % 2 === 0 ? String(twice / 2) : `${(twice - 1) / 2}.5`;
  return { twice, points, cv: Math.floor((2 * cvBase + cvScale * twice + 1) / 2), logistics };
}

/**
 * A deck file's entries as the editor holds them (ids counted, built cards kept), read without
 * any rule, so that a file the server refuses still shows what it holds; null for a file that
 * is no list.
 * @param {string} text
 * @returns {{cards: [string, number][], built: {card: BuiltCard, points: null}[]} | null}
 */
export function readDeckFile(text) {
  let entries;
  try {
    entries = JSON.parse(text);
  } catch {
    return null;
  }
  if (!Array.isArray(entries)) return null;
  /** @type {Map<string, number>} */
  const copies = new Map();
  /** @type {{card: BuiltCard, points: null}[]} */
  const built = [];
  for (const entry of entries) {
    if (typeof entry === 'string') copies.set(entry, (copies.get(entry) ?? 0) + 1);
    else if (entry && typeof entry === 'object' && typeof entry.id === 'string') built.push({ card: entry, points: null });
  }
  return { cards: [...copies], built };
}

/**
 * The deck editor.
 * @param {DeckSetup} setup
 * @param {boolean} editable
 * @param {(text: string) => void} changed  called with the deck file after each change
 */
export function deckEditor(setup, editable, changed) {
  /** @type {Map<string, number>} */
  const copies = new Map(setup.cards);
  const faces = new Map(setup.catalog.map((face) => [face.id, face]));

  /** The figures of a built card's recipe. @param {BuiltCard} card */
  const figuresOf = (card) => {
    const fitted = new Set(setup.builder.flatMap((group) => (card.builder?.[`${group.group}_addons`] ?? []).map((/** @type {string} */ addon) => `${group.group}:${addon}`)));
    return builtNumbers(setup.builder, card.builder ?? {}, fitted, setup.cv_base, setup.cv_scale);
  };
  const pointsOf = (/** @type {BuiltCard} */ card) => figuresOf(card).points;

  // A file's card without its numbers gets its recipe's (the server says whether they agree).
  /** @type {BuiltCard[]} */
  const built = setup.built.map((entry) => {
    const { cv, logistics } = figuresOf(entry.card);
    return { cv, logistics, ...entry.card };
  });

  const text = () => {
    /** @type {(string | BuiltCard)[]} */
    const entries = [...copies].sort(([a], [b]) => (a < b ? -1 : 1)).flatMap(([id, n]) => Array(n).fill(id));
    for (const card of [...built].sort((a, b) => (a.id < b.id ? -1 : 1))) entries.push({ ...card, copies: card.copies ?? 1 });
    return JSON.stringify(entries);
  };

  const count = h('p', { class: 'th-deck-count', id: 'deck-count' });
  const totals = h('p', { class: 'th-deck-totals', id: 'deck-totals' });
  const violations = h('div', { class: 'th-deck-violations', id: 'deck-violations' });
  const builtList = h('div', { class: 'th-built', id: 'built-cards' });

  const summarise = () => {
    let total = 0;
    let battle = 0;
    let cards = 0;
    for (const [id, n] of copies) {
      const face = faces.get(id);
      cards += n;
      total += (face?.logistics ?? 0) * n;
      if (face?.category) battle += n;
    }
    for (const card of built) {
      const n = card.copies ?? 1;
      cards += n;
      battle += n;
      total += (card.logistics ?? 0) * n;
    }
    count.dataset.count = String(cards);
    count.className = cards < setup.min ? 'th-deck-count short' : 'th-deck-count';
    count.textContent = tr('th_deck_count', { count: cards, min: setup.min });
    replace(totals, tr('th_deck_logistics', { total, battle }),
      battle < setup.focus_min && h('span', { class: 'th-note', id: 'focus-note' }, ` ${tr('th_deck_focus_note', { n: setup.focus_min })}`));
  };

  const update = () => {
    summarise();
    drawBuilt();
    changed(text());
  };

  /** @param {string} id @param {number} n */
  const setCopies = (id, n) => {
    if (n > 0) copies.set(id, n);
    else copies.delete(id);
    update();
  };

  const copiesInput = (/** @type {string} */ id, /** @type {number} */ value, /** @type {(n: number) => void} */ set) => {
    const input = /** @type {HTMLInputElement} */ (h('input', {
      class: 'deck-copies', type: 'number', min: 0, max: 99, value, disabled: !editable,
      'aria-label': tr('th_copies', { card: id }),
    }));
    input.addEventListener('input', () => set(Math.max(0, Math.floor(Number(input.value) || 0))));
    return input;
  };

  const filter = /** @type {HTMLSelectElement} */ (h('select', { id: 'deck-filter', 'aria-label': tr('th_filter_all') },
    h('option', { value: '' }, tr('th_filter_all')),
    h('option', { value: 'deck' }, tr('th_filter_deck')),
    ['infantry', 'armour', 'aviation', 'ranged', 'special'].map((category) => h('option', { value: category }, categoryName(category === 'special' ? undefined : category)))));

  const rows = setup.catalog.map((face) => h('tr', { 'data-id': face.id, 'data-category': face.category ?? 'special', class: face.banned ? 'banned' : '' },
    h('td', { class: 'th-card-name' }, h('strong', {}, face.id, ' ', language() === 'zh' ? face.name_zh : face.name), h('br', {}),
      h('small', {}, language() === 'zh' ? face.name : face.name_zh),
      face.banned && h('span', { class: 'flag' }, ` ${tr('th_banned')}`)),
    h('td', {}, categoryName(face.category)),
    h('td', { class: 'th-num' }, face.category ? String(face.cv) : '—'),
    h('td', { class: 'th-num' }, String(face.logistics)),
    h('td', { class: 'th-sentences' }, face.attacks.map((attack) => h('div', {}, attackSentence(attack)))),
    h('td', { class: 'th-sentences' }, abilityLines(face).map((line) => h('div', {}, line))),
    h('td', {}, copiesInput(face.id, copies.get(face.id) ?? 0, (n) => setCopies(face.id, n)))));
  const body = h('tbody', {}, rows);
  const table = h('table', { class: 'th-deck-table', id: 'deck-table' },
    h('thead', {}, h('tr', {}, ['th_col_card', 'th_col_cat', 'th_col_cv', 'th_col_log', 'th_col_attacks', 'th_col_abilities', 'th_col_copies']
      .map((key) => h('th', {}, tr(/** @type {any} */ (key)))))),
    body);
  filter.addEventListener('change', () => {
    for (const row of body.querySelectorAll('tr')) {
      const element = /** @type {HTMLElement} */ (row);
      const id = element.dataset.id ?? '';
      element.hidden = filter.value === 'deck' ? !copies.has(id) : filter.value !== '' && element.dataset.category !== filter.value;
    }
  });

  function drawBuilt() {
    replace(builtList, built.length > 0 && [
      h('h4', {}, tr('th_built')),
      h('ul', {}, built.map((card) => h('li', { 'data-id': card.id, 'data-cv': String(card.cv ?? ''), 'data-logistics': String(card.logistics ?? '') },
        h('strong', {}, card.id, ' ', language() === 'zh' ? card.name_zh : card.name), ' ',
        tr('th_builder_result', { points: pointsOf(card), cv: card.cv ?? '?', logistics: card.logistics ?? '?' }), ' ',
        copiesInput(card.id, card.copies ?? 1, (n) => { card.copies = n; update(); }),
        editable && h('button', { class: 'th-remove', onclick: () => { built.splice(built.indexOf(card), 1); update(); } }, tr('th_builder_remove'))))),
    ]);
  }

  /** Marks the rows and built cards a violation names. @param {{kind: string, [name: string]: string}[]} reasons */
  const mark = (reasons) => {
    const named = new Set(reasons.map((reason) => reason.card).filter(Boolean));
    for (const row of [...body.querySelectorAll('tr'), ...builtList.querySelectorAll('li')]) {
      row.classList.toggle('invalid', named.has(/** @type {HTMLElement} */ (row).dataset.id ?? ''));
    }
  };

  /**
   * Shows the rules the deck breaks (none: it keeps them all).
   * @param {string[]} lines
   * @param {{kind: string, [name: string]: string}[]} reasons
   */
  const showViolations = (lines, reasons) => {
    violations.dataset.count = String(lines.length);
    violations.dataset.kinds = reasons.map((reason) => reason.kind).join(' ');
    replace(violations, lines.length === 0
      ? h('p', { class: 'th-ok' }, tr('th_deck_ok'))
      : [h('p', {}, tr('th_deck_violations')), h('ul', { class: 'violations' }, lines.map((line) => h('li', {}, line)))]);
    mark(reasons);
  };

  const builder = tankBuilder(setup, editable, (card) => {
    const existing = built.findIndex((entry) => entry.id === card.id);
    if (existing >= 0) built.splice(existing, 1);
    built.push(card);
    update();
  });

  summarise();
  drawBuilt();
  showViolations([], []);
  const element = h('div', { class: 'th-deck-editor', id: 'deck-editor', 'data-layout': setup.layout },
    h('h3', {}, tr('th_deck_title')),
    h('div', { class: 'row th-deck-head' }, count, totals),
    violations,
    builtList,
    builder,
    h('div', { class: 'row' }, filter),
    h('div', { class: 'th-deck-scroll' }, table));
  return { element, text, showViolations };
}

/**
 * The tank builder: a card id and names, one primary per group and any add-ons, the weapons and
 * abilities of a default armour card; the figures shown as the choices change.
 * @param {DeckSetup} setup
 * @param {boolean} editable
 * @param {(card: BuiltCard) => void} add
 */
function tankBuilder(setup, editable, add) {
  /** @type {Record<string, string>} */
  const primaries = Object.fromEntries(setup.builder.map((group) => [group.group, group.primaries[0].id]));
  /** @type {Set<string>} */
  const addons = new Set();
  const armour = setup.catalog.filter((face) => face.category === 'armour');
  const used = new Set([...setup.catalog.map((face) => face.id), ...setup.built.map((entry) => entry.card.id)]);
  let next = 1;
  while (used.has(`XT${String(next).padStart(2, '0')}`)) next += 1;
  const id = /** @type {HTMLInputElement} */ (h('input', { id: 'builder-id', value: `XT${String(next).padStart(2, '0')}`, maxlength: 8, 'aria-label': tr('th_builder_id') }));
  const name = /** @type {HTMLInputElement} */ (h('input', { id: 'builder-name', value: 'Prototype', maxlength: 40, 'aria-label': tr('th_builder_name') }));
  const nameZh = /** @type {HTMLInputElement} */ (h('input', { id: 'builder-name-zh', value: '试制坦克', maxlength: 40, 'aria-label': tr('th_builder_name_zh') }));
  const template = /** @type {HTMLSelectElement} */ (h('select', { id: 'builder-template', 'aria-label': tr('th_builder_weapons') },
    armour.map((face) => h('option', { value: face.id }, `${face.id} ${language() === 'zh' ? face.name_zh : face.name}`))));
  const result = h('p', { class: 'th-builder-result', id: 'builder-result' });

  const figures = () => builtNumbers(setup.builder, primaries, addons, setup.cv_base, setup.cv_scale);
  const show = () => {
    const { points, cv, logistics } = figures();
    result.dataset.points = points;
    result.dataset.cv = String(cv);
    result.dataset.logistics = String(logistics);
    result.textContent = tr('th_builder_result', { points, cv, logistics });
  };

  /** @param {BuilderOption} option */
  const worth = (option) => (option.logistics ? tr('th_log_points', { logistics: option.logistics })
    : tr('th_points', { points: option.twice_points / 2 }));

  const groups = setup.builder.map((group) => h('fieldset', { class: 'th-builder-group', 'data-group': group.group },
    h('legend', {}, tr(/** @type {any} */ (`th_group_${group.group}`))),
    group.primaries.map((option) => {
      const input = h('input', { type: 'radio', name: `builder-${group.group}`, value: option.id, checked: primaries[group.group] === option.id, disabled: !editable });
      input.addEventListener('change', () => { primaries[group.group] = option.id; show(); });
      return h('label', { class: 'th-builder-option', 'data-option': option.id }, input, ' ', tr(/** @type {any} */ (`th_opt_${option.id}`)), ' ', h('small', {}, worth(option)));
    }),
    group.addons.length > 0 && h('div', { class: 'th-addons' }, h('small', {}, tr('th_addons')),
      group.addons.map((option) => {
        const input = h('input', { type: 'checkbox', value: option.id, disabled: !editable });
        input.addEventListener('change', () => {
          const key = `${group.group}:${option.id}`;
          if (/** @type {HTMLInputElement} */ (input).checked) addons.add(key);
          else addons.delete(key);
          show();
        });
        return h('label', { class: 'th-builder-option addon', 'data-option': option.id }, input, ' ', tr(/** @type {any} */ (`th_opt_${option.id}`)), ' ', h('small', {}, worth(option)));
      }))));

  const build = () => {
    const like = armour.find((face) => face.id === template.value) ?? armour[0];
    const { cv, logistics } = figures();
    /** @type {Record<string, any>} */
    const recipe = {};
    for (const group of setup.builder) {
      recipe[group.group] = primaries[group.group];
      if (group.addons.length > 0) {
        recipe[`${group.group}_addons`] = group.addons.filter((option) => addons.has(`${group.group}:${option.id}`)).map((option) => option.id);
      }
    }
    add({
      id: id.value.trim(),
      name: name.value.trim(),
      name_zh: nameZh.value.trim(),
      nationality: 'custom',
      category: 'armour',
      builder: recipe,
      cv,
      logistics,
      attacks: like.attacks.map((attack) => attack.text),
      abilities: [
        ...like.innate.map((ability) => ({ ability, mode: 'innate' })),
        ...like.latent.map((ability) => ({ ability, mode: 'latent' })),
      ],
      copies: 1,
    });
  };

  show();
  return h('details', { class: 'th-builder', id: 'tank-builder' },
    h('summary', {}, tr('th_builder_title')),
    h('p', {}, tr('th_builder_hint')),
    h('div', { class: 'th-builder-groups' }, groups),
    result,
    h('div', { class: 'row' },
      h('label', {}, tr('th_builder_id'), ' ', id),
      h('label', {}, tr('th_builder_name'), ' ', name),
      h('label', {}, tr('th_builder_name_zh'), ' ', nameZh),
      h('label', {}, tr('th_builder_weapons'), ' ', template)),
    editable && h('button', { id: 'builder-add', class: 'primary', onclick: build }, tr('th_builder_add')));
}
