// 棋戰卡牌's table in a room: the deck editor before play (the card table, copies per card,
// every violation the server reports, save / load, export / import as a file, a starter
// deck), then the table: the zoned board with each zone's cards, their troops, points,
// attachments and modifiers; your hand and the opponent's as card backs with a count; the
// budget, decks, discard piles and exile with counts; the effects being resolved. Every move
// is one of the server's choices, clicked: a hand card then a zone or a card, a card then a
// zone (move) or an enemy card (attack: the damage each way is shown before you confirm), a
// card or zone an effect asks for, a discard-pile card to revive. No rule runs here and no
// action is read.

import * as api from '../../api.js';
import { h, replace } from '../../dom.js';
import { language, seatName } from '../../i18n.js';
import { Choosing } from '../choices.js';
import { loadSaved } from '../saved.js';
import { boardGrid } from './board.js';
import { cardName } from './cards.js';
import { deckEditor, deckText, markInvalidRows } from './deck-editor.js';
import { sidePanel } from './sides.js';
import { tr } from './strings.js';
import { refusalText } from '../../refusal.js';

/** @typedef {import('../module.js').TableHost} TableHost */
/** @typedef {import('../module.js').Table} Table */
/** @typedef {import('../../protocol.js').SavedLayout} SavedLayout */

/** The clicks that are buttons rather than things on the table. */
const BUTTONS = /** @type {Record<string, 'qz_end_turn' | 'qz_no_swap' | 'qz_play_event' | 'qz_confirm_attack'>} */ ({
  end: 'qz_end_turn', noswap: 'qz_no_swap', play: 'qz_play_event', attack: 'qz_confirm_attack',
});

/** How long an attack or a destruction stays marked, in milliseconds. */
const STEP_MS = 400;

/**
 * A sentence the server wrote in both languages, in the page's.
 * @param {{en: string, zh: string} | null | undefined} sentence
 */
const words = (sentence) => (sentence ? (language() === 'zh' ? sentence.zh : sentence.en) : '');

/** @param {number} ms */
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * @param {TableHost} host
 * @returns {Table}
 */
export function mountTable(host) {
  /** @type {any} the room state, with qizhan's view and setup */
  let state = null;
  /** the clicks made so far among the server's choices */
  let choosing = new Choosing([]);
  /** @type {Map<string, string>} cards (refs) and zones marked by the animation */
  let marks = new Map();
  /** the combat or effect being shown, in words */
  let happening = '';
  /** @type {string[]} */
  let problems = [];
  /** @type {SavedLayout[]} */
  let saved = [];
  /** @type {HTMLElement | null} */
  let editorElement = null;
  let editorKey = '';

  const table = h('div', { class: 'qz-table', id: 'table' });
  const deckName = h('input', { id: 'layout-name', placeholder: tr('qz_deck_name'), maxlength: 40 });
  const deckPick = h('select', { id: 'layout-pick', 'aria-label': tr('qz_saved_decks') });
  const fileInput = /** @type {HTMLInputElement} */ (h('input', { type: 'file', id: 'deck-file', accept: '.json,application/json', hidden: true }));

  const view = () => /** @type {any} */ (state?.view);
  const bottomSide = () => (state?.you === 'B' ? 'B' : 'A');

  /** Sends a whole choice and starts the next one afresh. @param {string} action */
  const act = (action) => {
    choosing = choosing.restart();
    host.command('act', { action });
    draw();
  };

  const draw = () => {
    drawTable();
    host.redraw();
  };

  /** Draws the editor afresh from the deck the server holds (after a load or an import). */
  const resetEditor = () => {
    editorElement = null;
    problems = [];
    draw();
  };

  /**
   * A click on a target of the table: it narrows the choices, or starts again from it.
   * @param {string} target
   */
  const clickTarget = (target) => {
    const onward = choosing.click(target) ?? choosing.restart().click(target);
    if (!onward) return;
    choosing = onward;
    const action = choosing.decided();
    if (action) act(action);
    else draw();
  };

  /** The attack being confirmed (attacker and target clicked), with the damage each way. */
  const attackShown = () => {
    if (choosing.made.length !== 2 || !choosing.next().has('attack')) return null;
    const [attacker, target] = choosing.made.map((click) => click.slice('card:'.length));
    return view()?.attacks?.find((/** @type {any} */ a) => a.attacker === attacker && a.target === target) ?? null;
  };

  const drawTable = () => {
    if (!state) return;
    if (state.phase === 'setup') {
      const setup = state.setup;
      if (!setup) {
        replace(table, h('p', {}, tr('qz_your_deck')));
        return;
      }
      // A push that changes neither the deck nor readiness keeps the numbers being edited.
      const key = `${setup.layout}|${setup.ready}`;
      if (!editorElement || key !== editorKey) {
        editorElement = deckEditor(setup, !setup.ready);
        editorKey = key;
        markInvalidRows(editorElement, problems);
      }
      if (!table.contains(editorElement)) replace(table, h('div', { class: 'qz-setup' }, h('h3', {}, tr('qz_your_deck')), editorElement, fileInput));
      return;
    }
    const current = view();
    if (!current) return;
    const bottom = bottomSide();
    const next = choosing.next();
    const selected = choosing.made.find((click) => click.startsWith('hand:')) ?? null;
    for (const click of choosing.made) if (click.startsWith('card:')) marks.set(click.slice(5), 'selected');
    const attack = attackShown();
    if (attack) marks.set(attack.target, 'aimed');
    const sideOf = (/** @type {string} */ seat) => current.sides.find((/** @type {any} */ s) => s.seat === seat);
    replace(table,
      sidePanel(current, sideOf(bottom === 'A' ? 'B' : 'A'), false),
      boardGrid(current, bottom, { targets: next, marks, onTarget: clickTarget }),
      sidePanel(current, sideOf(bottom), state.you !== null, { targets: next, selected, onTarget: clickTarget }),
      stackList(current));
    for (const click of choosing.made) if (click.startsWith('card:') && marks.get(click.slice(5)) === 'selected') marks.delete(click.slice(5));
    if (attack) marks.delete(attack.target);
  };

  /** The effects being resolved, top first. @param {any} current */
  const stackList = (current) => current.stack.length === 0 ? null
    : h('div', { class: 'qz-stack', id: 'stack' }, h('strong', {}, tr('qz_stack')),
      h('ol', {}, current.stack.map((/** @type {any} */ frame) => h('li', {},
        `${cardName(current.cards, frame.card)} (${seatName(frame.side)}) `,
        words(frame.next)))));

  const loadDecks = async () => {
    saved = await loadSaved(state.game, state.mode, deckPick);
    host.redraw();
  };

  /** Sends the deck as edited; the server checks it and lists every violation. */
  const useDeck = async () => editorElement !== null && host.command('layout', { layout: deckText(editorElement) });

  const saveDeck = async () => {
    const name = deckName.value.trim();
    if (!name) return host.say(tr('qz_deck_name_needed'));
    if (!editorElement || !await useDeck()) return;
    try {
      await api.saveLayout(name, state.game, deckText(editorElement), state.mode);
      host.say(tr('qz_deck_saved', { name }), 'info');
      await loadDecks();
    } catch (failure) {
      host.say(refusalText(failure, 'qizhan'));
    }
  };

  const loadDeck = () => {
    const deck = saved.find((entry) => entry.name === deckPick.value);
    if (deck) host.command('layout', { layout: deck.layout }).then((ok) => { if (ok) { resetEditor(); host.say(tr('qz_deck_loaded', { name: deck.name }), 'info'); } });
  };

  /** Downloads the deck as edited, as a file the engine's options and the import take. */
  const exportDeck = () => {
    if (!editorElement) return;
    const link = h('a', {
      href: URL.createObjectURL(new Blob([deckText(editorElement)], { type: 'application/json' })),
      download: `${deckName.value.trim() || 'qizhan-deck'}.json`,
    });
    link.click();
    URL.revokeObjectURL(link.href);
  };

  fileInput.addEventListener('change', async () => {
    const file = fileInput.files?.[0];
    if (!file) return;
    const text = await file.text();
    fileInput.value = '';
    if (await host.command('layout', { layout: text })) {
      resetEditor();
      host.say(tr('qz_imported', { name: file.name }), 'info');
    }
  });

  /**
   * Shows one event: the attacker and its target marked with the damage each way, a card's
   * troops changing, a card destroyed, a card played or moved.
   * @param {any} event
   */
  const animate = async (event) => {
    if (!state || state.phase === 'setup' || !view()) return;
    marks = new Map();
    if (event.kind === 'attacked') {
      marks.set(event.attacker, 'attacker');
      marks.set(event.target, 'target');
      happening = tr('qz_attack_preview', {
        attacker: cardName(view().cards, event.attacker_id ?? ''),
        target: cardName(view().cards, event.target_id ?? ''),
        damage: event.damage,
        counter: tr('qz_counter', { counter: event.counter }),
        destroys: '',
      });
    } else if (event.kind === 'troops') {
      marks.set(event.card, event.to < event.from ? 'hurt' : 'healed');
      happening = tr('qz_ev_troops', { card: cardName(view().cards, event.id), from: event.from, to: event.to });
    } else if (event.kind === 'destroyed' || event.kind === 'exiled') {
      marks.set(event.card, 'destroyed');
      happening = tr(event.kind === 'destroyed' ? 'qz_ev_destroyed' : 'qz_ev_exiled', { card: cardName(view().cards, event.id), who: seatName(event.seat) });
    } else if (event.kind === 'moved') {
      marks.set(event.card, 'moved');
      marks.set(event.to, 'moved');
    } else if (event.kind === 'played' && event.zone) {
      marks.set(event.zone, 'played');
    } else {
      return;
    }
    host.page.dataset.event = event.kind;
    draw();
    await pause(STEP_MS);
    marks = new Map();
  };

  return {
    element: table,
    update(next, previous) {
      state = next;
      if (next.phase !== 'setup') editorElement = null;
      marks = new Map();
      choosing = choosing.renew(next.phase === 'playing' ? next.choices : []);
      if (next.view) host.page.dataset.turn = String(/** @type {any} */ (next.view).turn);
      if (next.phase === 'setup' && next.setup && !previous?.setup) loadDecks();
      drawTable();
    },
    event: animate,
    status(current) {
      /** @type {any} */
      const shown = current.view;
      if (current.phase === 'setup') {
        /** @type {any} */
        const setup = current.setup;
        return current.you === null || !setup ? [] : [h('p', {}, tr('qz_setup_hint', { size: setup.deck_size, copies: setup.max_copies }))];
      }
      if (!shown) return [];
      const top = shown.stack[0];
      const mine = shown.to_move !== null && shown.to_move === current.you;
      const hint = shown.phase === 'over' ? ''
        : shown.to_move === 'chance' ? tr('qz_chance')
          : top && mine ? tr('qz_phase_choice', { card: cardName(shown.cards, top.card), effect: words(top.next) })
            : top ? tr('qz_waiting_choice', { who: seatName(top.side), card: cardName(shown.cards, top.card) })
              : !mine ? ''
                : shown.phase === 'discard' ? tr('qz_phase_discard')
                  : shown.phase === 'swap' ? tr('qz_phase_swap')
                    : shown.phase === 'trim' ? tr('qz_phase_trim', { limit: shown.hand_limit })
                      : tr('qz_phase_main');
      return [
        h('p', { class: 'qz-turn' }, tr('qz_turn', { turn: shown.turn, side: shown.active, limit: shown.turn_limit ? tr('qz_turn_limit', { limit: shown.turn_limit }) : '' })),
        h('p', { class: 'qz-budget', id: 'budget', 'data-budget': String(shown.budget), 'data-spent': String(shown.spent) }, tr('qz_budget', { spent: shown.spent, budget: shown.budget })),
        h('p', { class: 'qz-hint', id: 'hint' }, hint),
        h('p', { class: 'qz-happening', id: 'happening' }, happening),
      ];
    },
    controls(current) {
      /** @type {any} */
      const setup = current.setup;
      if (current.phase === 'setup') {
        if (!setup || setup.ready) return [];
        return [
          h('button', { id: 'use-deck', class: 'primary', onclick: async () => { if (await useDeck()) host.say(tr('qz_deck_ok'), 'info'); } }, tr('qz_use_deck')),
          h('button', { id: 'random-layout', onclick: () => host.command('random_layout', {}).then((ok) => { if (ok) { resetEditor(); host.say(''); } }) }, tr('qz_starter_deck')),
          h('div', { class: 'row' }, deckName, h('button', { id: 'save-layout', onclick: saveDeck }, tr('qz_save_deck'))),
          saved.length > 0 && h('div', { class: 'row' }, deckPick, h('button', { id: 'load-layout', onclick: loadDeck }, tr('qz_load_deck'))),
          h('div', { class: 'row' },
            h('button', { id: 'export-deck', onclick: exportDeck }, tr('qz_export')),
            h('button', { id: 'import-deck', onclick: () => fileInput.click() }, tr('qz_import'))),
        ];
      }
      if (current.phase !== 'playing' || current.choices.length === 0) return [];
      const buttons = [...choosing.next()].filter((click) => click in BUTTONS);
      const attack = attackShown();
      return [h('div', { class: 'play-controls', id: 'choices' },
        attack && h('p', { class: 'qz-preview', id: 'attack-preview', 'data-damage': String(attack.damage), 'data-counter': String(attack.counter) },
          tr('qz_attack_preview', {
            attacker: cardName(view()?.cards, findId(attack.attacker)),
            target: cardName(view()?.cards, findId(attack.target)),
            damage: attack.damage,
            counter: attack.counter ? tr('qz_counter', { counter: attack.counter }) : '',
            destroys: attack.destroys ? tr('qz_destroys') : '',
          })),
        buttons.map((click) => h('button', {
          'data-click': click,
          'data-action': choosing.click(click)?.action() ?? undefined,
          class: click === 'attack' ? 'primary danger' : click === 'end' ? '' : 'primary',
          onclick: () => clickTarget(click),
        }, tr(BUTTONS[click]))),
        !choosing.empty && h('button', { id: 'cancel-choice', onclick: () => { choosing = choosing.restart(); draw(); } }, tr('qz_cancel')))];
    },
    notice(text) {
      problems = text ? text.split('\n') : [];
      if (editorElement) markInvalidRows(editorElement, problems);
    },
    destroy() {},
  };

  /**
   * The card id of a board reference in the view.
   * @param {string} ref
   */
  function findId(ref) {
    for (const zone of view()?.zones ?? []) {
      const card = zone.cards.find((/** @type {any} */ c) => c.ref === ref);
      if (card) return card.id;
    }
    return ref;
  }
}
