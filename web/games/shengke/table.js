// 生剋棋's table in a room: the deck editor before play (25 cards, every violation the server
// reports, save / load, the default deck), then the table: the 5×5 field turned for the viewer,
// your hand, the opponent's hand as card backs, the five piles and the discard piles with
// counts, the dice, and each judgement animated one by one from the server's events.
// Placements, passes, element choices and recoveries are the server's choices, clicked: a
// hand card then a cell (once or twice), or a button; no rule runs here and no action is read.

import * as api from '../../api.js';
import { h, replace } from '../../dom.js';
import { seatName, t } from '../../i18n.js';
import { Choosing } from '../choices.js';
import { loadSaved } from '../saved.js';
import { CELLS, cardFace, cardName, diceFaces, fieldGrid, glyph, playerSide } from './cards.js';
import { deckEditor, deckText, markInvalidRows } from './deck-editor.js';
import { judgementText } from './events.js';
import { ShownPlayers } from './shown-players.js';
import { tr } from './strings.js';
import { PASS, cardTarget, cellTarget, chosenElements, discardTarget } from './targets.js';
import { refusalText } from '../../refusal.js';

/** @typedef {import('../../protocol.js').RoomState} RoomState */
/** @typedef {import('../../protocol.js').SavedLayout} SavedLayout */
/** @typedef {import('../module.js').TableHost} TableHost */
/** @typedef {import('../module.js').Table} Table */

/** How long one judgement stays on screen, in milliseconds. */
const STEP_MS = 450;

/** @param {number} ms */
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * @param {TableHost} host
 * @returns {Table}
 */
export function mountTable(host) {
  /** @type {any} the room state, with shengke's view and setup */
  let state = null;
  /** @type {any[]} the field as the animation shows it */
  let shown = [];
  /** the players' hands, piles and discard piles as the animation shows them */
  let shownPlayers = new ShownPlayers([]);
  /** @type {Map<string, string>} */
  let marks = new Map();
  /** @type {Map<string, Set<string>>} by seat: the piles (codes) and `discard` the animation points at */
  let sideMarks = new Map();
  /** the cards and cells clicked so far, among the server's choices */
  let choosing = new Choosing([]);
  /** @type {string[]} the places of the deck the last refusal named (`line:3`, `card:M1`) */
  let marked = [];
  /** @type {SavedLayout[]} */
  let saved = [];
  /** @type {{dice: number[], elements: string[] | null, seat: string} | null} the last roll */
  let lastRoll = null;
  let rolling = false;
  /** the judgement being shown, in words */
  let judgementNow = '';
  /** @type {HTMLElement | null} the deck editor, rebuilt only when the deck or readiness changes */
  let editorElement = null;
  let editorKey = '';

  const table = h('div', { class: 'sk-table', id: 'table' });
  const deckName = h('input', { id: 'layout-name', placeholder: tr('sk_deck_name'), maxlength: 40 });
  const deckPick = h('select', { id: 'layout-pick', 'aria-label': tr('sk_saved_decks') });

  const editor = () => /** @type {HTMLElement | null} */ (table.querySelector('#deck-editor'));

  /** The hand card picked last, waiting for its cell. */
  const selected = () => {
    const last = choosing.made.at(-1);
    return handCards().find((card) => cardTarget(card) === last) ?? null;
  };

  /** The clicks before the card picked: where picking another card starts from. */
  const beforeCard = () => (selected() === null ? choosing : new Choosing(choosing.all, choosing.made.slice(0, -1)));

  /** Hand cards that can start (or finish) a placement now. */
  const selectableCards = () => {
    const next = beforeCard().next();
    return new Set(handCards().filter((card) => next.has(cardTarget(card))));
  };

  /** Cells where the picked card may go. */
  const targetCells = () => {
    if (selected() === null) return new Set();
    const next = choosing.next();
    return new Set(CELLS.filter((cell) => next.has(cellTarget(cell))));
  };

  /** Cells clicked for a card already, waiting for the second card. */
  const pendingCells = () => CELLS.filter((cell) => choosing.made.includes(cellTarget(cell)));

  /** Whether a first card has its cell and the page waits for a second one. */
  const placing = () => pendingCells().length > 0;

  /** The viewer's player in the room state (not the animation's). */
  const mine = () => /** @type {any} */ (state?.view)?.players?.find((/** @type {any} */ p) => p.seat === state?.you);

  /** @returns {string[]} the ids of the viewer's hand cards */
  const handCards = () => (Array.isArray(mine()?.hand) ? mine().hand.map((/** @type {any} */ card) => card.card) : []);

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

  /** @param {string} cell */
  const clickCell = (cell) => {
    const onward = selected() === null ? null : choosing.click(cellTarget(cell));
    if (!onward) return;
    choosing = onward;
    // One card where a second may follow (an optional placement) waits for the player to say
    // which: a second card, or "place just this card".
    const action = choosing.decided();
    if (action) act(action);
    else draw();
  };

  /** @param {string} card */
  const clickCard = (card) => {
    const before = beforeCard();
    choosing = selected() === card ? before : before.click(cardTarget(card)) ?? before;
    draw();
  };

  const drawTable = () => {
    if (!state) return;
    if (state.phase === 'setup') {
      const setup = state.setup;
      if (!setup) {
        replace(table, h('div', { class: 'sk-decks' }, Object.entries(state.decks ?? {}).map(([seat, cards]) =>
          h('div', {}, h('h3', {}, tr('sk_deck_of', { who: seatName(seat) })),
            h('div', { class: 'sk-deck-list' }, /** @type {any[]} */ (cards).map((card) => cardFace(card, card.name)))))));
        return;
      }
      // A push that changes neither the deck nor readiness (someone sat, an AI was added)
      // keeps the rows as the player is editing them.
      const key = `${setup.layout}|${setup.ready}`;
      if (!editorElement || key !== editorKey) {
        editorElement = deckEditor(setup.cards, !setup.ready);
        editorKey = key;
        markInvalidRows(editorElement, marked);
      }
      if (!table.contains(editorElement)) replace(table, h('div', { class: 'sk-setup' }, h('h3', {}, tr('sk_your_deck')), editorElement));
      return;
    }
    const view = state.view;
    if (!view) return;
    const decks = state.decks;
    const you = state.you;
    const players = shownPlayers.players;
    const mine = players.find((/** @type {any} */ p) => p.seat === (you ?? '1'));
    const theirs = players.find((/** @type {any} */ p) => p.seat !== mine.seat);
    const pending = new Map(pendingCells().map((cell) => [cell, 'pending']));
    replace(table,
      playerSide(theirs, decks, false, { marks: sideMarks.get(theirs.seat) }),
      fieldGrid(shown, you, decks, { targets: targetCells(), marks: new Map([...pending, ...marks]), onCell: clickCell }),
      playerSide(mine, decks, you !== null, { selected: selected(), selectable: selectableCards(), onCard: clickCard, marks: sideMarks.get(mine.seat) }));
  };

  const loadDecks = async () => {
    saved = await loadSaved(state.game, state.mode, deckPick);
    host.redraw();
  };

  /** Sends the rows as edited; the server checks them and lists every violation. */
  const useDeck = async () => {
    const element = editor();
    return element !== null && host.command('layout', { layout: deckText(element) });
  };

  const saveDeck = async () => {
    const name = deckName.value.trim();
    if (!name) return host.say(tr('sk_deck_name_needed'));
    // The rows as edited: the server checks them first (every violation listed), and the deck
    // it accepted is what is saved.
    const element = editor();
    if (!element || !await useDeck()) return;
    try {
      await api.saveLayout(name, state.game, deckText(element), state.mode);
      host.say(tr('sk_deck_saved', { name }), 'info');
      await loadDecks();
    } catch (failure) {
      host.say(refusalText(failure, 'shengke'));
    }
  };

  const loadDeck = () => {
    const deck = saved.find((entry) => entry.name === deckPick.value);
    if (deck) host.command('layout', { layout: deck.layout }).then((ok) => ok && host.say(tr('sk_deck_loaded', { name: deck.name }), 'info'));
  };

  /**
   * Outlines a pile or discard pile of `seat` in this animation step.
   * @param {string} seat
   * @param {string} what  a pile code or `discard`
   */
  const markSide = (seat, what) => {
    const set = sideMarks.get(seat) ?? new Set();
    set.add(what);
    sideMarks.set(seat, set);
  };

  /**
   * The hands, piles and discard piles change with a judgement: a recovered card leaves the
   * discard pile for the bottom of its pile, a 生行 draw leaves its pile for the hand.
   * @param {any} event
   */
  const judgementMoves = (event) => {
    if (event.empty || !event.card) return;
    if (event.step === 'xs') {
      shownPlayers.recovered(event.seat, event.card);
      markSide(event.seat, 'discard');
      markSide(event.seat, event.card.element);
    } else if (event.step === 'sx') {
      shownPlayers.drew(event.seat, event.card.element);
      markSide(event.seat, event.card.element);
    }
  };

  /**
   * Shows one event: the dice rolling, placed cards reaching the field, drawn cards, and each
   * judgement with the cards it names outlined.
   * @param {any} event
   */
  const animate = async (event) => {
    if (event.kind === 'rolled') {
      // Kept even when it comes with the game's start, before the room says "playing".
      lastRoll = { dice: event.dice ?? [], elements: event.elements ?? null, seat: event.seat ?? '' };
    }
    if (!state || state.phase === 'setup') return;
    if (event.kind === 'rolled') {
      rolling = true;
      judgementNow = '';
      host.redraw();
      await pause(STEP_MS);
      rolling = false;
      host.redraw();
      return;
    }
    marks = new Map();
    sideMarks = new Map();
    if (event.kind === 'placed') {
      // The placed cards leave the hand as they reach the field.
      shownPlayers.placed(event.seat, event.cards);
      shown = [...shown, ...event.cards];
      marks = new Map(event.cards.map((/** @type {any} */ card) => [card.cell, 'placed']));
    } else if (event.kind === 'drew') {
      // The draw phase: one card from the pile of each rolled element.
      for (const element of event.elements ?? []) {
        shownPlayers.drew(event.seat, element);
        markSide(event.seat, element);
      }
      judgementNow = tr('sk_drew', { who: seatName(event.seat ?? ''), count: event.count, elements: (event.elements ?? []).map(glyph).join(' ') });
      host.redraw();
    } else if (event.kind === 'judgement') {
      if (event.by?.cell) marks.set(event.by.cell, 'by');
      if (event.source?.cell) marks.set(event.source.cell, 'source');
      if ((event.step === 'xk' || event.step === 'kx') && event.card?.cell) marks.set(event.card.cell, 'destroyed');
      judgementMoves(event);
      host.page.dataset.judgement = `${event.step}`;
      judgementNow = judgementText(event, state.decks);
      host.redraw();
    } else {
      return;
    }
    drawTable();
    await pause(STEP_MS);
    if (event.kind === 'judgement' && (event.step === 'xk' || event.step === 'kx')) {
      shown = shown.filter((card) => card.cell !== event.card.cell);
      shownPlayers.destroyed(event.card);
    }
    marks = new Map();
    sideMarks = new Map();
  };

  return {
    element: table,
    update(next, previous) {
      state = next;
      if (next.phase !== 'setup') editorElement = null;
      shown = /** @type {any} */ (next.view)?.cells ?? [];
      shownPlayers = new ShownPlayers(/** @type {any} */ (next.view)?.players);
      marks = new Map();
      sideMarks = new Map();
      // The cards and cells clicked stay while they still begin a listed choice.
      choosing = choosing.renew(next.phase === 'playing' ? next.choices : []);
      if (next.view) host.page.dataset.turn = String(/** @type {any} */ (next.view).turn);
      if (next.phase === 'setup' && next.setup && !previous?.setup) loadDecks();
      drawTable();
    },
    event: animate,
    status(current) {
      /** @type {any} */
      const view = current.view;
      if (current.phase === 'setup') return current.you === null ? [] : [h('p', {}, tr('sk_setup_hint'))];
      if (!view) return [];
      return [
        h('p', { class: 'sk-turn' }, tr('sk_turn', { turn: view.turn, turns: view.turns })),
        h('p', { class: 'sk-dice', id: 'dice', 'data-seat': lastRoll?.seat ?? '' },
          view.dice ? `${tr('sk_dice')} ` : lastRoll ? `${seatName(lastRoll.seat)} ` : '',
          diceFaces(view.dice ?? lastRoll?.dice ?? [], rolling),
          ' ',
          view.rolled ? tr('sk_rolled_now', { elements: view.rolled.map(glyph).join(' ') }) : ''),
        h('p', { class: 'sk-judgement', id: 'judgement' }, judgementNow),
        // The bonus is a fact only while it is still to be added: the final scores include it.
        current.phase === 'playing' && view.bonus ? h('p', { class: 'sk-bonus' }, tr('sk_bonus', { bonus: view.bonus })) : null,
      ];
    },
    controls(current) {
      /** @type {any} */
      const setup = current.setup;
      if (current.phase === 'setup') {
        if (!setup || setup.ready) return [];
        return [
          h('button', {
            id: 'use-deck',
            class: 'primary',
            onclick: async () => { if (await useDeck()) host.say(tr('sk_deck_ok'), 'info'); },
          }, tr('sk_use_deck')),
          h('button', { id: 'random-layout', onclick: () => host.command('random_layout', {}).then((ok) => ok && host.say('')) }, tr('sk_default_deck')),
          h('div', { class: 'row' }, deckName, h('button', { id: 'save-layout', onclick: saveDeck }, tr('sk_save_deck'))),
          saved.length > 0 && h('div', { class: 'row' }, deckPick, h('button', { id: 'load-layout', onclick: loadDeck }, tr('sk_load_deck'))),
        ];
      }
      if (current.phase !== 'playing' || current.choices.length === 0) return [];
      // Every choice of one click that is no card: placing nothing, an element choice, a recovery.
      const recoveries = new Map((mine()?.discard ?? []).map((/** @type {any} */ card) => [discardTarget(card.card), card.card]));
      /** @param {string} click */
      const label = (click) => {
        const elements = chosenElements(click);
        const recovered = recoveries.get(click);
        return click === PASS ? tr('sk_pass')
          : elements ? tr('sk_choose', { elements: elements.map(glyph).join(' ') })
            : recovered ? tr('sk_recover', { card: `${recovered} ${cardName(current.decks, current.you ?? undefined, recovered)}` })
              : click;
      };
      const buttons = current.choices.filter((choice) => choice.clicks.length === 1);
      const oneCard = placing() ? choosing.action() : null;
      return [h('div', { class: 'play-controls', id: 'choices' },
        buttons.map((choice) => h('button', {
          'data-action': choice.action,
          onclick: () => act(choice.action),
        }, label(choice.clicks[0]))),
        oneCard && h('button', { id: 'place-one', onclick: () => act(oneCard) }, tr('sk_place_one')),
        placing() && h('button', { id: 'cancel-placement', onclick: () => { choosing = choosing.restart(); draw(); } }, t('cancel')))];
    },
    notice(_text, marks) {
      marked = marks;
      const element = editor();
      if (element) markInvalidRows(element, marked);
    },
    destroy() {},
  };
}
