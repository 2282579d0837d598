// A 生剋棋 (shengke) room: the deck editor before play (25 cards, every violation the server
// reports, save / load, the last used deck by default), then the table: the 5×5 field turned
// for the viewer, your hand, the opponent's hand as card backs, the five piles and the
// discard piles with counts, the dice, and each judgement animated one by one from the
// server's events. Placements, element choices and recoveries come from the server's legal
// list only; no rule runs here.

import * as api from '../api.js';
import { h, replace } from '../dom.js';
import { seatName, t } from '../i18n.js';
import { aiKey } from './lobby.js';
import { rejoinAfterDrop, resultTable, seatCard } from './room-parts.js';

/** @typedef {import('../main.js').Context} Context */

/** The elements in pile order, with their glyphs. */
export const ELEMENTS = /** @type {const} */ ([['M', '木'], ['H', '火'], ['T', '土'], ['J', '金'], ['S', '水']]);

/** How long one judgement stays on screen, in milliseconds. */
const STEP_MS = 450;

/** @param {string} code */
export const glyph = (code) => ELEMENTS.find(([c]) => c === code)?.[1] ?? code;

/**
 * A card face: name, element, in (bottom left) and out (bottom right).
 * @param {any} card  {card, element, in, out, owner?}
 * @param {string} name
 * @param {Record<string, unknown>} [attrs]
 */
export function cardFace(card, name, attrs = {}) {
  return h('div', {
    class: `sk-card el-${card.element}${card.owner ? ` owner-${card.owner}` : ''}`,
    'data-card': card.card ?? '',
    title: `${card.card ?? ''} ${name}`,
    ...attrs,
  },
  h('span', { class: 'sk-el' }, glyph(card.element)),
  h('span', { class: 'sk-name' }, name || card.card),
  h('span', { class: 'sk-in' }, String(card.in ?? '')),
  h('span', { class: 'sk-out' }, String(card.out ?? '')));
}

/**
 * The name of a card from the decks the room publishes.
 * @param {any} decks
 * @param {string | undefined} seat
 * @param {string} id
 */
export function cardName(decks, seat, id) {
  const deck = decks?.[seat ?? ''];
  return deck?.find((/** @type {any} */ card) => card.card === id)?.name ?? id;
}

/**
 * A judgement event in words: which card, by which rule, because of which card.
 * @param {any} event
 * @param {any} decks
 */
export function judgementText(event, decks) {
  const ref = (/** @type {any} */ card) => card ? `${card.owner ?? ''}${card.card ?? glyph(card.element)}${card.cell ? `@${card.cell}` : ''} ${card.card ? cardName(decks, card.owner ?? event.seat, card.card) : ''}`.trim() : '';
  const by = ref(event.by);
  const source = ref(event.source);
  switch (event.step) {
    case 'xk': return t('sk_xk', { card: ref(event.card), by });
    case 'kx': return t('sk_kx', { card: ref(event.card), source });
    case 'xs': return event.empty ? t('sk_xs_none', { by }) : t('sk_xs', { card: ref({ ...event.card, owner: event.seat }), by, source });
    case 'sx': return event.empty ? t('sk_sx_none', { by }) : t('sk_sx', { element: glyph(event.card.element), by, source });
    default: return '';
  }
}

/**
 * One line of the log for a shengke event, or null.
 * @param {any} event
 * @param {any} decks
 * @returns {string | null}
 */
export function shengkeEventText(event, decks) {
  const who = event.seat ? seatName(event.seat) : '';
  switch (event.kind) {
    case 'started': return t('ev_started', { who: seatName(event.first ?? '') });
    case 'first_player': return t('sk_coin_toss', { who });
    case 'rolled': return t('sk_rolled', { who, dice: (event.dice ?? []).join(' '), elements: event.elements ? event.elements.map(glyph).join(' ') : '' });
    case 'chose': return t('sk_chose', { who, elements: (event.elements ?? []).map(glyph).join(' ') });
    case 'drew': return t('sk_drew', { who, count: event.count, elements: (event.elements ?? []).map(glyph).join(' ') });
    case 'placed': return t('sk_placed', { who, cards: (event.cards ?? []).map((/** @type {any} */ c) => `${c.card}@${c.cell} ${cardName(decks, c.owner, c.card)}`).join(', ') });
    case 'judgement': return judgementText(event, decks);
    case 'awaiting_recovery': return t('sk_awaiting', { who, card: event.card });
    case 'turn_ended': return t('sk_turn_ended', { one: event.counts?.[0] ?? 0, two: event.counts?.[1] ?? 0 });
    case 'timed_out': return t('ev_timed_out', { who, count: event.count ?? 0 });
    case 'escaped': return t('ev_escaped', { who });
    case 'game_over': return event.scores ? t('sk_game_over', { one: event.scores[0], two: event.scores[1] }) : t('phase_over');
    default: return null;
  }
}

/**
 * The 5×5 field, turned so that the viewer's side is at the bottom.
 * @param {any[]} cells  field cards with `cell`
 * @param {string | null} you
 * @param {any} decks
 * @param {{targets?: Set<string>, marks?: Map<string, string>, onCell?: (cell: string) => void}} [options]
 */
export function fieldGrid(cells, you, decks, options = {}) {
  const flip = you === '2';
  const rows = [];
  for (let r = 0; r < 5; r++) {
    const row = flip ? r + 1 : 5 - r;
    for (let c = 0; c < 5; c++) {
      const column = 'abcde'[flip ? 4 - c : c];
      const name = `${column}${row}`;
      const card = cells.find((cell) => cell.cell === name);
      const target = options.targets?.has(name);
      const mark = options.marks?.get(name);
      rows.push(h('div', {
        class: `sk-cell${target ? ' target' : ''}${mark ? ` mark-${mark}` : ''}`,
        'data-cell': name,
        'data-owner': card?.owner ?? '',
        'data-card': card?.card ?? '',
        onclick: () => options.onCell?.(name),
      }, card ? cardFace(card, cardName(decks, card.owner, card.card)) : h('span', { class: 'sk-coord' }, name)));
    }
  }
  return h('div', { class: 'sk-field', id: 'field' }, rows);
}

/** The outline of a pile, discard pile or hand card that the animation points at. */
const FLASH = 'outline: 3px solid #e90; outline-offset: 1px;';

/**
 * One player's side of the table: piles, hand (cards or backs), discard pile. A hand card
 * with `drawn` (known by its element only, while the animation runs) shows its element, and
 * `marks` (pile codes, `discard`) outlines what the animation points at.
 * @param {any} player
 * @param {any} decks
 * @param {boolean} mine
 * @param {{selected?: string | null, selectable?: Set<string>, onCard?: (card: string) => void, marks?: Set<string>}} [options]
 */
export function playerSide(player, decks, mine, options = {}) {
  const pileCount = (/** @type {any} */ pile) => (Array.isArray(pile) ? pile.length : pile);
  const marked = (/** @type {string} */ what) => (options.marks?.has(what) ? { 'data-mark': 'flash', style: FLASH } : {});
  const handCard = (/** @type {any} */ card) => (card.drawn
    ? h('div', { class: `sk-card el-${card.element} drawn`, 'data-drawn': card.element, style: FLASH }, h('span', { class: 'sk-el' }, glyph(card.element)))
    : cardFace({ ...card, owner: player.seat }, cardName(decks, player.seat, card.card), {
      class: `sk-card el-${card.element}${options.selected === card.card ? ' selected' : ''}${options.selectable?.has(card.card) ? ' selectable' : ''}`,
      onclick: () => options.onCard?.(card.card),
    }));
  const hand = Array.isArray(player.hand)
    ? player.hand.map(handCard)
    : Array.from({ length: Number(player.hand) }, (_, index) => h('div', {
      class: 'sk-card back',
      ...(index >= Number(player.hand) - (player.drawnBacks ?? 0) ? { 'data-drawn': 'back', style: FLASH } : {}),
    }, '靈'));
  return h('div', { class: `sk-side ${mine ? 'mine' : 'theirs'}`, 'data-seat': player.seat },
    h('div', { class: 'sk-piles' },
      h('span', { class: 'sk-label' }, seatName(player.seat), ' · ', t('sk_on_field', { n: player.field })),
      ELEMENTS.map(([code, name]) => h('span', { class: `sk-pile el-${code}`, 'data-pile': code, 'data-count': String(pileCount(player.piles[code])), ...marked(code) }, `${name} ${pileCount(player.piles[code])}`)),
      h('span', { class: 'sk-discard', 'data-discard': String(player.discard.length), ...marked('discard') },
        t('sk_discard', { n: player.discard.length }), ' ',
        player.discard.map((/** @type {any} */ card) => h('span', { class: `sk-mini el-${card.element}` }, card.card)))),
    h('div', { class: 'sk-hand', 'data-hand': Array.isArray(player.hand) ? String(player.hand.length) : String(player.hand) }, hand),
  );
}

/**
 * The players of a view as the animation shows them, changed event by event before the
 * server's next view arrives: placed cards leave the hand, destroyed cards reach their
 * owner's discard pile, drawn cards leave their pile for the hand (known by their element
 * only) and recovered cards go from the discard pile back to their pile.
 */
export class ShownPlayers {
  /** @param {any[]} players  the view's players */
  constructor(players) {
    /** @type {any[]} */
    this.players = structuredClone(players ?? []);
  }

  /** @param {string} seat */
  of(seat) {
    return this.players.find((player) => player.seat === seat);
  }

  /**
   * Cards of `seat` go from its hand to the field.
   * @param {string} seat
   * @param {any[]} cards
   */
  placed(seat, cards) {
    const player = this.of(seat);
    if (!player) return;
    const ids = new Set(cards.map((card) => card.card));
    player.hand = Array.isArray(player.hand) ? player.hand.filter((/** @type {any} */ card) => !ids.has(card.card)) : Math.max(0, Number(player.hand) - cards.length);
    player.field += cards.length;
  }

  /**
   * A field card is destroyed: it goes to its owner's discard pile.
   * @param {any} card  {card, element, owner}
   */
  destroyed(card) {
    const player = this.of(card.owner);
    if (!player) return;
    player.discard = [...player.discard, { card: card.card, element: card.element, in: card.in, out: card.out }];
    player.field = Math.max(0, player.field - 1);
  }

  /**
   * `seat` draws the top card of the pile of `element` into its hand.
   * @param {string} seat
   * @param {string} element
   */
  drew(seat, element) {
    const player = this.of(seat);
    if (!player) return;
    const pile = player.piles[element];
    player.piles[element] = Array.isArray(pile) ? pile.slice(1) : Math.max(0, Number(pile) - 1);
    if (Array.isArray(player.hand)) {
      player.hand = [...player.hand, { card: null, element, drawn: true }];
    } else {
      player.hand = Number(player.hand) + 1;
      player.drawnBacks = (player.drawnBacks ?? 0) + 1;
    }
  }

  /**
   * `seat` recovers `card` from its discard pile to the bottom of its pile.
   * @param {string} seat
   * @param {any} card  {card, element}
   */
  recovered(seat, card) {
    const player = this.of(seat);
    if (!player) return;
    player.discard = player.discard.filter((/** @type {any} */ each) => each.card !== card.card);
    const pile = player.piles[card.element];
    player.piles[card.element] = Array.isArray(pile) ? [...pile, card] : Number(pile) + 1;
  }
}

/**
 * The deck editor: 25 rows the player edits, sent whole to the server, which answers with
 * every violation.
 * @param {any[]} cards  {card, name, element, in, out}
 * @param {boolean} editable
 */
export function deckEditor(cards, editable) {
  const rows = cards.map((card, index) => h('tr', { 'data-row': String(index) },
    h('td', {}, card.card),
    h('td', {}, h('input', { class: 'deck-name', value: card.name, maxlength: 16, disabled: !editable, 'aria-label': t('sk_name') })),
    h('td', {}, h('select', { class: 'deck-element', disabled: !editable, 'aria-label': t('sk_element') },
      ELEMENTS.map(([code, name]) => h('option', { value: code, selected: code === card.element }, `${name} ${code}`)))),
    h('td', {}, h('input', { class: 'deck-in', type: 'number', value: card.in, disabled: !editable, 'aria-label': t('sk_in') })),
    h('td', {}, h('input', { class: 'deck-out', type: 'number', value: card.out, disabled: !editable, 'aria-label': t('sk_out') })),
  ));
  return h('table', { class: 'deck-editor', id: 'deck-editor' },
    h('thead', {}, h('tr', {}, h('th', {}, 'ID'), h('th', {}, t('sk_name')), h('th', {}, t('sk_element')), h('th', {}, t('sk_in')), h('th', {}, t('sk_out')))),
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
 * Marks the editor's rows a violation names: "line N: …" (row N) or a card id ("M1 …").
 * @param {HTMLElement} editor
 * @param {string[]} problems
 */
export function markInvalidRows(editor, problems) {
  for (const row of editor.querySelectorAll('tbody tr')) {
    const id = row.querySelector('td')?.textContent ?? '';
    const number = Number(/** @type {HTMLElement} */ (row).dataset.row) + 1;
    const named = problems.some((problem) => problem.startsWith(`line ${number}:`) || (id !== '' && problem.startsWith(`${id} `)));
    row.classList.toggle('invalid', named);
  }
}

/**
 * The two dice of the last roll as die faces; `rolling` while the roll is being shown.
 * @param {number[]} faces
 * @param {boolean} rolling
 */
export function diceFaces(faces, rolling) {
  return faces.map((face) => h('span', { class: `die${rolling ? ' rolling' : ''}`, 'data-face': String(face), title: String(face) }, '⚀⚁⚂⚃⚄⚅'[face - 1] ?? String(face)));
}

/**
 * @param {HTMLElement} root
 * @param {Context} ctx
 * @param {string} roomId
 * @param {any} first  the first RoomState received
 */
export function mount(root, ctx, roomId, first) {
  const roomRef = /^\d+$/.test(roomId) ? Number(roomId) : roomId;
  /** @type {any} */
  let state = null;
  /** @type {any[]} the field as the animation shows it */
  let shown = [];
  /** the players' hands, piles and discard piles as the animation shows them */
  let shownPlayers = new ShownPlayers([]);
  /** @type {Map<string, string>} */
  let marks = new Map();
  /** @type {Map<string, Set<string>>} by seat: the piles (codes) and `discard` the animation points at */
  let sideMarks = new Map();
  /** @type {string | null} */
  let selected = null;
  /** @type {string | null} the first placement chosen (`M4@b2`) */
  let firstPlacement = null;
  /** @type {number | null} */
  let deadline = null;
  let confirming = false;
  /** @type {string[]} */
  let problems = [];
  /** @type {any[]} */
  let saved = [];
  /** @type {string[]} */
  const log = [];
  /** @type {Array<{room?: any, events?: any[]}>} */
  const queue = [];
  let busy = false;
  let refreshed = false;
  /** @type {{dice: number[], elements: string[] | null, seat: string} | null} the last roll */
  let lastRoll = null;
  let rolling = false;
  /** the judgement being shown, in words */
  let judgementNow = '';
  /** @type {HTMLElement | null} the deck editor, rebuilt only when the deck or readiness changes */
  let editorElement = null;
  let editorKey = '';
  let applied = 0;

  const head = h('div', { class: 'room-head' });
  const table = h('div', { class: 'sk-table', id: 'table' });
  const status = h('div', { class: 'status', id: 'status', role: 'status' });
  const message = h('div', { class: 'message', id: 'message', role: 'alert' });
  const seats = h('div', { class: 'seats', id: 'seats' });
  const controls = h('div', { class: 'controls', id: 'controls' });
  const logList = h('ul', { class: 'log', id: 'log' });
  const aiLevel = h('select', { id: 'ai-level', 'aria-label': t('ai_level') },
    ['easy', 'medium', 'hard', 'expert'].map((level) => h('option', { value: level }, t(aiKey(level)))));
  const deckName = h('input', { id: 'layout-name', placeholder: t('sk_deck_name'), maxlength: 40 });
  const deckPick = h('select', { id: 'layout-pick', 'aria-label': t('sk_saved_decks') });
  const page = h('section', { class: 'page room shengke', 'data-room': roomId },
    head,
    h('div', { class: 'room-grid' }, table,
      h('aside', { class: 'side' }, status, message, seats, controls, h('h3', {}, t('log')), logList)));
  root.append(page);

  const editor = () => /** @type {HTMLElement | null} */ (table.querySelector('#deck-editor'));

  /** @param {string} text */
  const say = (text) => {
    problems = text ? text.split('\n') : [];
    replace(message, problems.length > 1
      ? h('ul', { class: 'violations', id: 'violations' }, problems.map((line) => h('li', {}, line)))
      : h('p', { id: 'violations' }, text));
    const element = editor();
    if (element) markInvalidRows(element, problems);
  };

  /**
   * Sends a room command; a refusal is shown with the server's reason.
   * @template {import('../protocol.js').RoomCommand['type']} T
   * @param {T} type
   * @param {Omit<Extract<import('../protocol.js').RoomCommand, {type: T}>, 'type' | 'id' | 'room'>} fields
   */
  const command = async (type, fields) => {
    try {
      const message = /** @type {Omit<Extract<import('../protocol.js').ClientMessage, {type: T}>, 'type' | 'id'>} */ ({ room: roomRef, ...fields });
      await ctx.conn.send(type, message);
      return true;
    } catch (failure) {
      say(failure instanceof Error ? failure.message : String(failure));
      return false;
    }
  };

  const me = () => state?.seats.find((/** @type {any} */ seat) => seat.seat === state?.you);
  const legal = () => /** @type {string[]} */ (state?.phase === 'playing' ? state.legal : []);
  const placements = () => legal().filter((action) => action.includes('@'));

  /** Hand cards that can start (or finish) a placement now. */
  const selectableCards = () => {
    const cards = new Set();
    for (const action of placements()) {
      const parts = action.split(' ');
      if (firstPlacement) {
        if (parts[0] === firstPlacement && parts[1]) cards.add(parts[1].split('@')[0]);
      } else {
        cards.add(parts[0].split('@')[0]);
      }
    }
    return cards;
  };

  /** Cells where the selected card may go. */
  const targetCells = () => {
    const cells = new Set();
    if (!selected) return cells;
    for (const action of placements()) {
      const parts = action.split(' ');
      const step = firstPlacement ? (parts[0] === firstPlacement ? parts[1] : undefined) : parts[0];
      if (step && step.startsWith(`${selected}@`)) cells.add(step.split('@')[1]);
    }
    return cells;
  };

  /** @param {string} cell */
  const clickCell = (cell) => {
    if (!selected || !targetCells().has(cell)) return;
    const step = `${selected}@${cell}`;
    selected = null;
    if (firstPlacement) {
      const action = `${firstPlacement} ${step}`;
      firstPlacement = null;
      command('act', { action });
    } else if (legal().includes(step) && !legal().some((action) => action.startsWith(`${step} `))) {
      command('act', { action: step });
    } else {
      firstPlacement = step;
    }
    draw();
  };

  /** @param {string} card */
  const clickCard = (card) => {
    selected = selected === card || !selectableCards().has(card) ? null : card;
    draw();
  };

  const drawTable = () => {
    if (!state) return;
    if (state.phase === 'setup') {
      const setup = state.setup;
      if (!setup) {
        replace(table, h('div', { class: 'sk-decks' }, Object.entries(state.decks ?? {}).map(([seat, cards]) =>
          h('div', {}, h('h3', {}, t('sk_deck_of', { who: seatName(seat) })),
            h('div', { class: 'sk-deck-list' }, /** @type {any[]} */ (cards).map((card) => cardFace(card, card.name)))))));
        return;
      }
      // A push that changes neither the deck nor readiness (someone sat, an AI was added)
      // keeps the rows as the player is editing them.
      const key = `${setup.layout}|${setup.ready}`;
      if (!editorElement || key !== editorKey) {
        editorElement = deckEditor(setup.cards, !setup.ready);
        editorKey = key;
        markInvalidRows(editorElement, problems);
      }
      if (!table.contains(editorElement)) replace(table, h('div', { class: 'sk-setup' }, h('h3', {}, t('sk_your_deck')), editorElement));
      return;
    }
    const view = state.view;
    if (!view) return;
    const decks = state.decks;
    const you = state.you;
    const players = shownPlayers.players;
    const mine = players.find((/** @type {any} */ p) => p.seat === (you ?? '1'));
    const theirs = players.find((/** @type {any} */ p) => p.seat !== mine.seat);
    const pending = firstPlacement ? new Map([[firstPlacement.split('@')[1], 'pending']]) : new Map();
    replace(table,
      playerSide(theirs, decks, false, { marks: sideMarks.get(theirs.seat) }),
      fieldGrid(shown, you, decks, { targets: targetCells(), marks: new Map([...pending, ...marks]), onCell: clickCell }),
      playerSide(mine, decks, you !== null, { selected, selectable: selectableCards(), onCard: clickCard, marks: sideMarks.get(mine.seat) }));
  };

  const drawStatus = () => {
    if (!state) return;
    page.dataset.phase = state.phase;
    page.dataset.you = state.you ?? '';
    page.dataset.myTurn = String(state.phase === 'playing' && state.legal.length > 0);
    const view = state.view;
    if (state.phase === 'setup') {
      replace(status, h('p', {}, state.you === null ? t('choose_seat') : t('sk_setup_hint')));
      return;
    }
    if (!view) return;
    page.dataset.turn = String(view.turn);
    const mineNow = state.legal.length > 0;
    replace(status,
      h('p', { class: mineNow ? 'turn mine' : 'turn' },
        t('sk_turn', { turn: view.turn, turns: view.turns }), ' · ',
        state.phase === 'over' ? t('phase_over') : mineNow ? t('your_turn') : t('to_move', { who: seatName(view.active) }),
        ' ', h('span', { id: 'clock', class: 'clock' })),
      h('p', { class: 'sk-dice', id: 'dice', 'data-seat': lastRoll?.seat ?? '' },
        view.dice ? `${t('sk_dice')} ` : lastRoll ? `${seatName(lastRoll.seat)} ` : '',
        diceFaces(view.dice ?? lastRoll?.dice ?? [], rolling),
        ' ',
        view.rolled ? t('sk_rolled_now', { elements: view.rolled.map(glyph).join(' ') }) : ''),
      h('p', { class: 'sk-judgement', id: 'judgement' }, judgementNow),
      h('p', { class: 'sk-bonus' }, t('sk_bonus', { bonus: view.bonus })),
    );
    tick();
  };

  const tick = () => {
    const seconds = deadline === null ? null : Math.max(0, Math.ceil((deadline - performance.now()) / 1000));
    const clock = page.querySelector('#clock');
    if (clock) clock.textContent = seconds === null ? '' : t('seconds', { n: seconds });
  };
  const ticker = setInterval(tick, 250);

  const loadDecks = async () => {
    try {
      saved = (await api.layouts('shengke', 'standard')).layouts;
    } catch {
      saved = [];
    }
    replace(deckPick, saved.map((deck) => h('option', { value: deck.name }, deck.name)));
    drawControls();
  };


  const drawControls = () => {
    if (!state) return;
    const parts = [];
    const seat = me();
    if (state.phase === 'setup' && seat?.player && seat.player.kind !== 'ai' && state.setup) {
      const ready = state.setup.ready;
      parts.push(h('div', { class: 'setup-controls' },
        !ready && h('button', {
          id: 'use-deck',
          class: 'primary',
          onclick: async () => {
            const element = editor();
            if (element && await command('layout', { layout: deckText(element) })) say(t('sk_deck_ok'));
          },
        }, t('sk_use_deck')),
        !ready && h('button', { id: 'random-layout', onclick: () => command('random_layout', {}).then((ok) => ok && say('')) }, t('sk_default_deck')),
        !ready && h('div', { class: 'row' }, deckName, h('button', {
          id: 'save-layout',
          onclick: async () => {
            const name = deckName.value.trim();
            if (!name) return say(t('layout_name_needed'));
            // The rows as edited: the server checks them first (every violation listed), and
            // the deck it accepted is what is saved.
            const element = editor();
            if (element && !await command('layout', { layout: deckText(element) })) return;
            try {
              await api.saveLayout(name, 'shengke', deckText(/** @type {HTMLElement} */ (element ?? editor())), 'standard');
              say(t('sk_deck_saved', { name }));
              await loadDecks();
            } catch (failure) {
              say(failure instanceof Error ? failure.message : String(failure));
            }
          },
        }, t('sk_save_deck'))),
        !ready && saved.length > 0 && h('div', { class: 'row' }, deckPick, h('button', {
          id: 'load-layout',
          onclick: () => {
            const deck = saved.find((entry) => entry.name === deckPick.value);
            if (deck) command('layout', { layout: deck.layout }).then((ok) => ok && say(t('sk_deck_loaded', { name: deck.name })));
          },
        }, t('sk_load_deck'))),
        ready
          ? h('button', { id: 'unready', onclick: () => command('unready', {}) }, t('unready'))
          : h('button', { id: 'ready', onclick: () => command('ready', {}) }, t('ready_button'))));
    }
    if (state.phase === 'playing' && state.legal.length > 0) {
      const choices = legal().filter((action) => action.startsWith('=') || action.startsWith('xs:') || action === '-');
      parts.push(h('div', { class: 'play-controls', id: 'choices' },
        choices.map((action) => h('button', {
          'data-action': action,
          onclick: () => command('act', { action }),
        }, action.startsWith('=') ? t('sk_choose', { elements: action.slice(1).split(',').map(glyph).join(' ') })
          : action.startsWith('xs:') ? t('sk_recover', { card: `${action.slice(3)} ${cardName(state.decks, state.you, action.slice(3))}` })
            : t('sk_pass'))),
        firstPlacement && h('button', { id: 'cancel-placement', onclick: () => { firstPlacement = null; selected = null; draw(); } }, t('cancel'))));
    }
    if (confirming) {
      parts.push(h('div', { class: 'confirm', id: 'confirm-leave' }, h('p', {}, t('leave_confirm')),
        h('button', { id: 'leave-yes', class: 'danger', onclick: () => leave() }, t('yes_leave')),
        h('button', { id: 'leave-no', onclick: () => { confirming = false; drawControls(); } }, t('cancel'))));
    }
    if (state.phase === 'over' && state.result) {
      parts.push(resultTable(state, state.result));
      if (state.game_id && ctx.user) {
        parts.push(state.replay_saved
          ? h('p', { class: 'saved', id: 'replay-saved' }, t('replay_saved'))
          : h('button', { id: 'save-replay', onclick: () => command('save_replay', {}) }, t('save_replay')));
      }
      if (state.game_id) parts.push(h('a', { class: 'button', id: 'open-replay', href: `#/replay/${encodeURIComponent(String(state.game_id))}` }, t('open_replay')));
    }
    replace(controls, parts);
  };

  const leave = async () => {
    if (state?.phase === 'playing' && state.you !== null && !confirming) {
      confirming = true;
      drawControls();
      return;
    }
    confirming = false;
    await command('leave', {});
    ctx.navigate('#/lobby');
  };

  const draw = () => {
    if (!state) return;
    replace(head,
      h('h2', {}, t('room_n', { room: state.id }), ' · ', t('game_shengke')),
      h('span', { class: 'spectators' }, t('spectators_n', { count: state.spectators })),
      state.you === null ? h('span', { class: 'badge', id: 'spectating' }, t('spectating')) : null,
      h('button', { id: 'leave', onclick: () => leave() }, t('leave')));
    drawStatus();
    replace(seats,
      state.seats.map((/** @type {any} */ seat) => seatCard(state, seat, (type, fields) => command(type, fields), aiLevel)),
      state.phase === 'setup' && state.seats.some((/** @type {any} */ seat) => !seat.player) ? h('label', { class: 'ai-level' }, t('ai_level'), aiLevel) : null);
    drawControls();
    drawTable();
  };

  /** @param {any} next */
  const applyRoom = (next) => {
    const previous = state;
    state = next;
    applied += 1;
    page.dataset.states = String(applied);
    if (next.phase !== 'setup') editorElement = null;
    // The deck editor's messages are done with once the game starts.
    if (previous?.phase === 'setup' && next.phase !== 'setup') say('');
    shown = next.view?.cells ?? [];
    shownPlayers = new ShownPlayers(next.view?.players);
    marks = new Map();
    sideMarks = new Map();
    deadline = next.clock ? performance.now() + next.clock.remaining_ms : null;
    if (next.legal.length === 0) {
      selected = null;
      firstPlacement = null;
    }
    if (next.phase === 'setup' && next.setup && !previous?.setup) loadDecks();
    if (next.phase === 'over' && !refreshed) {
      refreshed = true;
      api.me().then((user) => user && ctx.updateUser(user)).catch(() => {});
    }
    draw();
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

  /** @param {any[]} events */
  const animate = async (events) => {
    for (const event of events) {
      const text = shengkeEventText(event, state?.decks);
      if (text) log.unshift(text);
      replace(logList, log.slice(0, 200).map((line) => h('li', {}, line)));
      if (event.kind === 'rolled') {
        // Kept even when it comes with the game's start, before the room says "playing".
        lastRoll = { dice: event.dice ?? [], elements: event.elements ?? null, seat: event.seat ?? '' };
      }
      if (!state || state.phase === 'setup') continue;
      if (event.kind === 'rolled') {
        rolling = true;
        judgementNow = '';
        drawStatus();
        await new Promise((resolve) => setTimeout(resolve, STEP_MS));
        rolling = false;
        drawStatus();
        continue;
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
        judgementNow = text ?? '';
        drawStatus();
      } else if (event.kind === 'judgement') {
        if (event.by?.cell) marks.set(event.by.cell, 'by');
        if (event.source?.cell) marks.set(event.source.cell, 'source');
        if ((event.step === 'xk' || event.step === 'kx') && event.card?.cell) marks.set(event.card.cell, 'destroyed');
        judgementMoves(event);
        page.dataset.judgement = `${event.step}`;
        judgementNow = judgementText(event, state.decks);
        drawStatus();
      } else {
        continue;
      }
      drawTable();
      await new Promise((resolve) => setTimeout(resolve, STEP_MS));
      if (event.kind === 'judgement' && (event.step === 'xk' || event.step === 'kx')) {
        shown = shown.filter((card) => card.cell !== event.card.cell);
        shownPlayers.destroyed(event.card);
      }
    }
    marks = new Map();
    sideMarks = new Map();
  };

  const pump = async () => {
    if (busy) return;
    busy = true;
    page.dataset.animating = 'true';
    while (queue.length > 0) {
      const item = /** @type {{room?: any, events?: any[]}} */ (queue.shift());
      if (item.events) await animate(item.events);
      if (item.room) applyRoom(item.room);
    }
    page.dataset.animating = 'false';
    busy = false;
  };

  const offs = [
    ctx.conn.on('room', (m) => {
      if (m.room && typeof m.room === 'object' && String(m.room.id) === roomId) {
        queue.push({ room: m.room });
        pump();
      }
    }),
    ctx.conn.on('events', (m) => {
      if (String(m.room) === roomId && m.events) {
        queue.push({ events: m.events });
        pump();
      }
    }),
    ...rejoinAfterDrop(ctx.conn, () => command('join', {})),
  ];
  queue.push({ room: first });
  pump();
  return () => {
    clearInterval(ticker);
    offs.forEach((off) => off());
  };
}
