// junqi's table in a room: the board turned for the viewer; in deployment, swapping two of
// one's pieces by clicking them and the layout controls; in play, the server's choices clicked
// on the board (a piece, then one of its destinations, moves and attacks marked apart; a
// face-down piece in dark chess by one click), and each seat's last move drawn. No rule runs
// here, and no notation is read: a choice is the posts clicked and the action they send.

import * as api from '../../api.js';
import { h, replace } from '../../dom.js';
import { BoardViewport } from '../../board-viewport.js';
import { t } from '../../i18n.js';
import { Choosing } from '../choices.js';
import { legend } from '../legend.js';
import { BoardView, seatColour, seatMarker } from './board.js';
import { pieceName } from './events.js';
import { LayoutControls } from './layouts.js';
import { strings, tr } from './strings.js';

/** @typedef {import('../../protocol.js').RoomState} RoomState */
/** @typedef {import('../module.js').TableHost} TableHost */
/** @typedef {import('../module.js').Table} Table */
/** @typedef {import('./protocol.js').Board} Board */
/** @typedef {import('./protocol.js').View} View */
/** @typedef {import('./protocol.js').Setup} Setup */
/** @typedef {import('./protocol.js').LastMove} LastMove */
/** @typedef {import('./protocol.js').JunqiEvent} JunqiEvent */

/** The pieces from strongest to weakest, then the special ones. */
const PIECES = ['S', 'J', 'D', 'L', 'T', 'Y', 'C', 'P', 'E', 'B', 'M', 'F'];

/** The legend of junqi's pieces. */
const piecesLegend = () => legend(
  { title: tr('legend'), mark: tr('legend_mark'), name: tr('legend_name'), zh: tr('legend_zh'), note: tr('legend_note') },
  PIECES.map((letter) => ({
    letter,
    ...pieceName(letter),
    zh: /** @type {Record<string, string>} */ (strings.zh)[`piece_${letter}`],
  })),
);

/** How long a battle's flash and shake take; the next event waits for it. */
const BATTLE_MS = 500;

/** @param {RoomState | null} state */
const viewOf = (state) => /** @type {View | null} */ (state?.view ?? null);
/** @param {RoomState | null} state */
const setupOf = (state) => /** @type {Setup | null} */ (state?.setup ?? null);
/** @param {RoomState | null} state  the seat's choices in play */
const choicesOf = (state) => (state?.phase === 'playing' ? state.choices : []);

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
  /** @type {Map<string, string>} each seat's last move followed on a phone, by its path */
  const followed = new Map();
  /** @type {string | null} the first piece picked for a swap, in deployment */
  let selected = null;
  /** the posts clicked so far in play, among the server's choices */
  let choosing = new Choosing([]);
  const layouts = new LayoutControls(host);
  const holder = h('div', { class: 'board-holder' }, t('loading'));
  const element = h('div', { class: 'board-box', id: 'board' }, holder, piecesLegend());

  const swapping = () => Boolean(state?.phase === 'setup' && setupOf(state) && !setupOf(state)?.ready);

  /** @param {string} post */
  const clickPost = (post) => {
    if (!state) return;
    if (swapping()) {
      const mine = setupOf(state)?.cells.some((cell) => cell.post === post);
      if (!mine) {
        selected = null;
      } else if (selected === null) {
        selected = post;
      } else if (selected === post) {
        selected = null;
      } else {
        const a = selected;
        selected = null;
        host.say('');
        host.command('swap', { a, b: post });
      }
      drawBoard();
      return;
    }
    if (state.phase !== 'playing') return;
    const picked = choosing.made[0] ?? null;
    // A destination of the piece picked; else another piece, or a face-down one to turn over;
    // the piece picked again puts it down.
    const onward = choosing.click(post) ?? (post === picked ? null : choosing.restart().click(post));
    choosing = onward ?? choosing.restart();
    const action = choosing.decided();
    if (action) {
      choosing = choosing.restart();
      host.say('');
      host.command('act', { action });
    }
    drawBoard();
  };

  const drawBoard = () => {
    if (!boardView || !state) return;
    if (state.phase === 'setup') {
      const cells = setupOf(state)?.cells ?? [];
      boardView.render({
        cells,
        selectable: swapping() ? new Set(cells.map((cell) => cell.post)) : new Set(),
        selected,
      });
      return;
    }
    const cells = viewOf(state)?.cells ?? [];
    // A destination holding a piece is an attack.
    const occupied = new Set(cells.map((cell) => cell.post));
    const targets = choosing.empty ? [] : [...choosing.next()];
    const lastMoves = /** @type {Record<string, LastMove>} */ (state.last_moves ?? {});
    boardView.render({
      cells,
      selectable: choosing.restart().next(),
      selected: choosing.made[0] ?? null,
      moveTargets: new Set(targets.filter((post) => !occupied.has(post))),
      attackTargets: new Set(targets.filter((post) => occupied.has(post))),
      lastMoves: Object.entries(lastMoves).map(([seat, move]) => ({ seat, path: move.path })),
    });
    followLastMoves(lastMoves);
  };

  /**
   * On a phone the viewport pans to a move it has not shown yet, so that a move on the far side
   * of a 4p board is seen.
   * @param {Record<string, LastMove>} lastMoves
   */
  const followLastMoves = (lastMoves) => {
    for (const [seat, move] of Object.entries(lastMoves)) {
      const key = move.path.join(' ');
      if (followed.get(seat) === key) continue;
      followed.set(seat, key);
      const end = boardView?.points.get(move.path[move.path.length - 1]);
      if (end && seat !== state?.you) viewport?.reveal(end.x, end.y);
    }
  };

  /** The viewer's own army (the whole board for a spectator), where a phone's viewport opens. */
  const ownPoints = () => {
    const all = [...(boardView?.points.values() ?? [])];
    const own = all.filter((point) => point.post.area === state?.you);
    return own.length > 0 ? own : all;
  };

  /** @param {Board} board */
  const setBoard = (board) => {
    if (boardView && boardView.board.mode === board.mode) return;
    boardView = new BoardView(board, state?.you ?? null, pieceName, clickPost);
    viewport?.destroy();
    viewport = new BoardViewport(boardView.element, Math.min(boardView.unitX, boardView.unitY));
    viewport.openAmong(ownPoints());
    replace(holder, viewport.element);
    drawBoard();
  };

  return {
    element,
    update(next, previous) {
      state = next;
      const setup = setupOf(next);
      // The piece picked stays picked while it still has a listed destination.
      choosing = choosing.renew(choicesOf(next));
      if (next.phase !== 'setup') selected = null;
      if (next.phase === 'setup' && !setup?.cells.some((cell) => cell.post === selected)) selected = null;
      if (next.phase === 'setup' && setup && !setupOf(previous)) layouts.load(next.game);
      if (boardView && previous && previous.you !== next.you) {
        // Sitting down turns the board so that the new seat is at the bottom.
        const board = boardView.board;
        boardView = null;
        setBoard(board);
      }
      if (!boardView && !previous) {
        api.board(next.game, next.mode).then((board) => {
          if (!boardView) setBoard(/** @type {Board} */ (board));
        }).catch(() => {});
      }
      drawBoard();
    },
    message(message) {
      if (message.type === 'board' && message.board) setBoard(/** @type {Board} */ (message.board));
    },
    async event(gameEvent) {
      const event = /** @type {JunqiEvent} */ (/** @type {unknown} */ (gameEvent));
      if (event.kind !== 'moved' || !event.battle || !event.attacker || !event.defender || !boardView) return;
      boardView.showBattle({
        from: event.from ?? '',
        to: event.to ?? '',
        result: event.battle,
        attacker: event.attacker,
        defender: event.defender,
      });
      await new Promise((resolve) => setTimeout(resolve, BATTLE_MS));
    },
    status(current) {
      const view = viewOf(current);
      if (current.phase === 'setup') return current.you === null ? [] : [h('p', {}, tr('setup_hint'))];
      if (!view) return [];
      return [h('p', { class: 'counters' }, tr('counters', { moves: view.moves, quiet: view.no_attack }))];
    },
    controls(current) {
      const setup = setupOf(current);
      // A game without deployment (dark chess) has no layout: only ready / not ready.
      if (current.phase !== 'setup' || !setup || setup.ready) return [];
      return layouts.controls(current, setup);
    },
    seat(current, seat) {
      // Dark chess: the colour the seat plays, once the first flips decided it.
      const colour = viewOf(current)?.seats?.find((one) => one.seat === seat)?.colour ?? null;
      return {
        // Only a decided colour replaces the seat's own colour and marker on its card.
        ...(colour ? { colour: seatColour(colour), marker: seatMarker(colour) } : {}),
        badges: [
          colour ? h('span', { class: 'badge', 'data-colour': colour }, tr(colour === 'u' ? 'colour_u' : 'colour_r')) : null,
          viewOf(current)?.flags_public?.includes(seat) ? h('span', { class: 'badge' }, tr('flag_public')) : null,
        ],
      };
    },
    destroy() {
      viewport?.destroy();
    },
  };
}
