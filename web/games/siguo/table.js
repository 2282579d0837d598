// 四國戰棋's table in a room: the board turned so the viewer's region is at the bottom left; in
// deployment, swapping two points of one's zone by clicking them and the layout controls; in
// play, the server's choices clicked on the board (a piece, then a destination) or on buttons
// (a redeployment, a bomb, an exchange, ending a redeployment, a pass), with the effect shown
// before it is sent: the soldiers and points of a redeployment, the zone a bomb clears and the
// pieces it removes, the pieces an exchange swaps. Each seat's last move is drawn. No rule runs
// here and no notation is read: a choice is the targets clicked and the action they send.

import * as api from '../../api.js';
import { h, replace } from '../../dom.js';
import { BoardViewport } from '../../board-viewport.js';
import { t } from '../../i18n.js';
import { Choosing } from '../choices.js';
import { legend } from '../legend.js';
import { BoardView, seatColour } from './board.js';
import { pieceName } from './events.js';
import { LayoutControls } from './layouts.js';
import { strings, tr } from './strings.js';

/** @typedef {import('../../protocol.js').RoomState} RoomState */
/** @typedef {import('../module.js').TableHost} TableHost */
/** @typedef {import('../module.js').Table} Table */
/** @typedef {import('./protocol.js').Board} Board */
/** @typedef {import('./protocol.js').View} View */
/** @typedef {import('./protocol.js').Setup} Setup */
/** @typedef {import('./protocol.js').Cell} Cell */
/** @typedef {import('./protocol.js').SiguoEvent} SiguoEvent */
/** @typedef {import('./board.js').LastMark} LastMark */

/** How long a capture's flash and shake take; the next event waits for it. */
const CAPTURE_MS = 500;

/** The legend of siguo's pieces, strongest first. */
const piecesLegend = () => legend(
  { title: tr('sg_legend'), mark: tr('sg_legend_mark'), name: tr('sg_legend_name'), zh: tr('sg_legend_zh'), note: tr('sg_legend_note') },
  ['G', 'R', 'C', 'S'].map((letter) => ({
    letter,
    ...pieceName(letter),
    zh: /** @type {Record<string, string>} */ (strings.zh)[`sg_piece_${letter}`],
  })),
);

/** @param {RoomState | null} state */
const viewOf = (state) => /** @type {View | null} */ (state?.view ?? null);
/** @param {RoomState | null} state */
const setupOf = (state) => /** @type {Setup | null} */ (state?.setup ?? null);
/** @param {RoomState | null} state  the seat's choices in play */
const choicesOf = (state) => (state?.phase === 'playing' ? state.choices : []);

/**
 * Whether a target is a point of the board (the others are buttons: `redeploy:b`, `bomb:b`,
 * `exchange:b1:b2`, `stop`, `pass`).
 * @param {string} target
 */
export const isPoint = (target) => /^[a-r]\d+$/.test(target);

/**
 * A seat's last move as drawn, from the event the server keeps for it.
 * @param {string} seat
 * @param {SiguoEvent} event
 * @returns {LastMark}
 */
export function lastMark(seat, event) {
  switch (event.kind) {
    case 'moved':
      return { seat, line: [event.from ?? '', event.to ?? ''] };
    case 'bombed':
      return { seat, zone: event.zone ?? [] };
    case 'exchanged':
      return { seat, line: [event.own ?? '', event.ally ?? ''] };
    default:
      return { seat };
  }
}

/**
 * @param {TableHost} host
 * @returns {Table}
 */
export function mountTable(host) {
  /** @type {RoomState | null} */
  let state = null;
  /** @type {BoardView | null} */
  let boardView = null;
  /** @type {BoardViewport | null} the board's pannable box on a phone */
  let viewport = null;
  /** @type {Map<string, string>} each seat's last move followed on a phone */
  const followed = new Map();
  /** @type {string | null} the first point picked for a swap, in deployment */
  let selected = null;
  /** the targets clicked so far in play, among the server's choices */
  let choosing = new Choosing([]);
  /** @type {string | null} a bomb's base whose effect is shown while its button is pointed at */
  let hovered = null;
  const layouts = new LayoutControls(host);
  const holder = h('div', { class: 'board-holder' }, t('loading'));
  const element = h('div', { class: 'board-box siguo', id: 'board' }, holder, piecesLegend());
  /** @type {SiguoEvent | null} the piece an event removed, until the move that took it */
  let removed = null;

  const board = () => boardView?.board ?? null;
  /** @param {string} name */
  const baseOf = (name) => board()?.bases.find((base) => base.name === name) ?? null;
  /** @param {string} seat */
  const teamOf = (seat) => board()?.seats.find((entry) => entry.seat === seat)?.team ?? null;

  const arranging = () => Boolean(state?.phase === 'setup' && setupOf(state) && !setupOf(state)?.ready);

  /** The base of the bomb chosen so far, waiting for its confirmation. */
  const bombChosen = () => choosing.made.find((target) => target.startsWith('bomb:'))?.slice(5) ?? null;

  /** The two bases of the exchange chosen so far. */
  const exchangeChosen = () => {
    const target = choosing.made.find((made) => made.startsWith('exchange:'));
    return target ? target.split(':').slice(1) : null;
  };

  /** Sends the action of the clicks made, unless a bomb waits to be confirmed. */
  const sendIfDecided = () => {
    const action = choosing.decided();
    if (!action || bombChosen()) return;
    choosing = choosing.restart();
    host.say('');
    host.command('act', { action });
  };

  const confirm = () => {
    const action = choosing.action();
    if (!action) return;
    choosing = choosing.restart();
    host.say('');
    host.command('act', { action });
  };

  /** @param {string} target  a button's target */
  const clickTarget = (target) => {
    choosing = choosing.click(target) ?? choosing.restart().click(target) ?? choosing.restart();
    hovered = null;
    sendIfDecided();
    draw();
  };

  /** @param {string} point */
  const clickPoint = (point) => {
    if (!state) return;
    if (arranging()) {
      const setup = setupOf(state);
      const mine = setup?.cells.some((cell) => cell.point === point) ?? false;
      const inZone = setup?.zone.includes(point) ?? false;
      if (selected === null) {
        selected = mine ? point : null;
      } else if (selected === point || !inZone) {
        selected = null;
      } else {
        const a = selected;
        selected = null;
        host.say('');
        host.command('swap', { a, b: point });
      }
      drawBoard();
      return;
    }
    if (state.phase !== 'playing') return;
    const first = choosing.made[0] ?? '';
    const pieceOnly = choosing.made.length === 1 && isPoint(first);
    // A target of the clicks made; else, when only a piece was picked, another piece (or the
    // same one again, which puts it down). Inside a redeployment or an exchange chosen by its
    // button, a click on no target changes nothing.
    const onward = choosing.click(point) ?? (pieceOnly && point !== first ? choosing.restart().click(point) : null);
    if (onward) choosing = onward;
    else if (pieceOnly) choosing = choosing.restart();
    sendIfDecided();
    draw();
  };

  /**
   * The next targets, split into pieces to pick (a choice goes on after them) and destinations.
   * @returns {{picks: Set<string>, targets: Set<string>, buttons: string[]}}
   */
  const nextTargets = () => {
    const depth = choosing.made.length;
    const picks = new Set();
    const targets = new Set();
    /** @type {string[]} */
    const buttons = [];
    for (const choice of choosing.open) {
      const next = choice.clicks[depth];
      if (next === undefined) continue;
      if (!isPoint(next)) {
        if (!buttons.includes(next)) buttons.push(next);
      } else if (choice.clicks.length > depth + 1) {
        picks.add(next);
      } else {
        targets.add(next);
      }
    }
    return { picks, targets, buttons };
  };

  /**
   * The cells as the clicks made would leave them before the action: an exchange swaps two.
   * @param {Cell[]} cells
   */
  const previewCells = (cells) => {
    const exchange = exchangeChosen();
    if (!exchange) return cells;
    const [own, ally] = exchange;
    return cells.map((cell) => (cell.point === own ? { ...cell, point: ally } : cell.point === ally ? { ...cell, point: own } : cell));
  };

  const drawBoard = () => {
    if (!boardView || !state) return;
    element.dataset.phase = state.phase;
    if (state.phase === 'setup') {
      const setup = setupOf(state);
      const cells = setup?.cells ?? [];
      boardView.render({
        cells,
        area: new Set(arranging() ? setup?.zone ?? [] : []),
        selectable: arranging() ? new Set(cells.map((cell) => cell.point)) : new Set(),
        selected,
        targets: selected ? new Set((setup?.zone ?? []).filter((point) => point !== selected)) : new Set(),
      });
      return;
    }
    const view = viewOf(state);
    const cells = previewCells(view?.cells ?? []);
    const { picks, targets } = nextTargets();
    /** @type {Set<string>} */
    let area = new Set();
    const pending = view?.pending ?? null;
    const redeploy = choosing.made.find((made) => made.startsWith('redeploy:'))?.slice(9);
    const exchange = exchangeChosen();
    const around = pending?.base ?? redeploy ?? (exchange && picks.size + targets.size > 0 ? exchange[1] : null);
    if (around) area = new Set(baseOf(around)?.around ?? []);
    const bomb = bombChosen() ?? hovered;
    const blast = new Set(bomb ? baseOf(bomb)?.zone ?? [] : []);
    const mine = teamOf(state.you ?? '');
    const doomed = new Set(cells.filter((cell) => blast.has(cell.point) && teamOf(cell.seat) !== mine).map((cell) => cell.point));
    const last = /** @type {Record<string, SiguoEvent>} */ (state.last_moves ?? {});
    const picked = choosing.made.filter(isPoint);
    boardView.render({
      cells,
      selectable: choosing.empty ? new Set([...picks, ...targets]) : picks,
      selected: picked.length > 0 ? picked[picked.length - 1] : null,
      targets: choosing.empty ? new Set() : targets,
      area,
      blast,
      doomed,
      lastMoves: Object.entries(last).map(([seat, event]) => lastMark(seat, event)),
    });
    followLastMoves(Object.entries(last).map(([seat, event]) => lastMark(seat, event)));
  };

  /**
   * On a phone the viewport pans to another seat's move it has not shown yet.
   * @param {import('./board.js').LastMark[]} marks
   */
  const followLastMoves = (marks) => {
    for (const mark of marks) {
      const key = JSON.stringify(mark);
      if (followed.get(mark.seat) === key) continue;
      followed.set(mark.seat, key);
      const points = mark.line ?? mark.zone ?? [];
      const end = boardView?.points.get(points[points.length - 1]);
      if (end && mark.seat !== state?.you) viewport?.reveal(end.x, end.y);
    }
  };

  /** The viewer's own region (the whole board for a spectator), where a phone's viewport opens. */
  const ownPoints = () => {
    const all = [...(boardView?.points.values() ?? [])];
    const own = all.filter((point) => point.point.region === state?.you);
    return own.length > 0 ? own : all;
  };

  const draw = () => {
    drawBoard();
    host.redraw();
  };

  /** @param {Board} geometry */
  const setBoard = (geometry) => {
    if (boardView && boardView.bottomSeat === (state?.you ?? null)) return;
    boardView = new BoardView(geometry, state?.you ?? null, pieceName, clickPoint);
    viewport?.destroy();
    viewport = new BoardViewport(boardView.element, boardView.unit);
    viewport.openAmong(ownPoints());
    replace(holder, viewport.element);
    drawBoard();
  };

  /**
   * A button's words.
   * @param {string} target
   */
  const buttonText = (target) => {
    const [kind, a, b] = target.split(':');
    if (kind === 'redeploy') return tr('sg_redeploy_button', { base: a });
    if (kind === 'bomb') return tr('sg_bomb_button', { base: a });
    if (kind === 'exchange') return tr('sg_exchange_button', { own: a, ally: b });
    if (kind === 'stop') return tr('sg_stop');
    if (kind === 'pass') return tr('sg_pass');
    return target;
  };

  /** @param {RoomState} current */
  const playControls = (current) => {
    if (current.phase !== 'playing' || current.choices.length === 0) return [];
    const { buttons } = nextTargets();
    const bomb = bombChosen();
    const view = viewOf(current);
    const items = [];
    if (bomb && choosing.action()) {
      const mine = teamOf(current.you ?? '');
      const zone = new Set(baseOf(bomb)?.zone ?? []);
      const count = previewCells(view?.cells ?? []).filter((cell) => zone.has(cell.point) && teamOf(cell.seat) !== mine).length;
      items.push(h('button', { id: 'confirm-bomb', class: 'danger', onclick: confirm }, tr('sg_confirm_bomb', { base: bomb, count })));
    }
    if (!bomb && choosing.action() && choosing.continues()) {
      items.push(h('button', { id: 'confirm-exchange', class: 'primary', onclick: confirm }, tr('sg_confirm_exchange')));
    }
    for (const target of buttons) {
      const base = target.startsWith('bomb:') ? target.slice(5) : null;
      items.push(h('button', {
        class: 'sg-choice',
        'data-target': target,
        onclick: () => clickTarget(target),
        onmouseenter: () => { if (base) { hovered = base; drawBoard(); } },
        onmouseleave: () => { if (base) { hovered = null; drawBoard(); } },
      }, buttonText(target)));
    }
    if (!choosing.empty) {
      items.push(h('button', { id: 'cancel-choice', onclick: () => { choosing = choosing.restart(); draw(); } }, tr('sg_cancel')));
    }
    return items.length > 0 ? [h('div', { class: 'sg-choices', id: 'sg-choices' }, items)] : [];
  };

  return {
    element,
    update(next, previous) {
      state = next;
      const setup = setupOf(next);
      choosing = choosing.renew(choicesOf(next));
      if (next.phase !== 'setup') selected = null;
      if (next.phase === 'setup' && !setup?.cells.some((cell) => cell.point === selected)) selected = null;
      if (next.phase === 'setup' && setup && !setupOf(previous)) layouts.load(next.game, next.mode);
      const geometry = board();
      if (geometry && previous && previous.you !== next.you) {
        // Sitting down turns the board so that the new seat's region is at the bottom left.
        boardView = null;
        setBoard(geometry);
      }
      if (!boardView && !previous) {
        api.board(next.game, next.mode).then((fetched) => {
          if (!boardView) setBoard(/** @type {Board} */ (fetched));
        }).catch(() => {});
      }
      drawBoard();
    },
    message(message) {
      if (message.type === 'board' && message.board) setBoard(/** @type {Board} */ (message.board));
    },
    async event(gameEvent) {
      const event = /** @type {SiguoEvent} */ (/** @type {unknown} */ (gameEvent));
      // A capture comes as the taken piece's removal, then the move onto its point.
      if (event.kind === 'removed') {
        removed = event;
        return;
      }
      const taken = removed;
      removed = null;
      if (event.kind !== 'moved' || !event.capture || !taken || taken.point !== event.to || !boardView) return;
      boardView.showCapture({
        to: event.to ?? '',
        attacker: { seat: event.seat ?? '', piece: event.piece ?? '' },
        defender: { seat: taken.seat ?? '', piece: taken.piece ?? '' },
      });
      await new Promise((resolve) => setTimeout(resolve, CAPTURE_MS));
    },
    status(current) {
      if (current.phase === 'setup') return current.you === null ? [] : [h('p', {}, tr('sg_setup_hint'))];
      const view = viewOf(current);
      if (!view) return [];
      const lines = [h('p', { class: 'counters' }, tr('sg_counters', { actions: view.actions, quiet: view.quiet, limit: view.quiet_limit }))];
      if (view.rights.length > 0) {
        lines.push(h('p', { class: 'rights' }, tr('sg_rights', { list: view.rights.map((right) => `${right.seat}@${right.base}`).join(', ') })));
      }
      if (view.pending && view.pending.seat === current.you) {
        lines.push(h('p', { class: 'hint', id: 'redeploying' }, tr('sg_redeploying', { base: view.pending.base, steps: view.pending.steps + 1, max: view.pending.max })));
      }
      const redeploy = choosing.made.find((made) => made.startsWith('redeploy:'));
      if (redeploy) lines.push(h('p', { class: 'hint' }, tr('sg_pick_soldier', { base: redeploy.slice(9) })));
      const exchange = exchangeChosen();
      if (exchange && choosing.continues()) lines.push(h('p', { class: 'hint' }, tr('sg_exchange_follow', { base: exchange[1] })));
      return lines;
    },
    controls(current) {
      if (current.phase === 'playing') return playControls(current);
      const setup = setupOf(current);
      if (current.phase !== 'setup' || !setup || setup.ready) return [];
      return layouts.controls(setup);
    },
    seat(current, seat) {
      const entry = viewOf(current)?.seats.find((s) => s.seat === seat);
      return {
        colour: seatColour(seat),
        badges: entry && current.phase !== 'setup' ? [
          entry.alive
            ? h('span', { class: 'badge sg-cards', 'data-cards': `${entry.bombs}/${entry.exchanges}`, title: tr('sg_cards', { bombs: entry.bombs, exchanges: entry.exchanges }) },
              tr('sg_cards_badge', { bombs: entry.bombs, exchanges: entry.exchanges }))
            : h('span', { class: 'badge bad' }, tr('sg_eliminated')),
        ] : [],
      };
    },
    destroy() {
      viewport?.destroy();
    },
  };
}
