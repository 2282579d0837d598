// A room: seats, deployment (swap, save, load, ready), play (select a piece, see its
// destinations from the server's legal list, move), draw and surrender, the end of the game,
// and spectating. Everything shown comes from the server's `room`, `board` and `events`
// messages; no rule runs here.

import * as api from '../api.js';
import { BoardView } from '../board.js';
import { h, replace } from '../dom.js';
import { pieceName, seatName, t } from '../i18n.js';
import { aiKey, modeName } from './lobby.js';
import { eventText, rejoinAfterDrop, resultTable, seatCard, seatLabel, titleOf } from './room-parts.js';
import * as shengke from './shengke-room.js';

/** The move after which junqi allows draw offers (DR-1), only to say why the button is off. */
const DRAW_FLOOR = 40;

/** @typedef {import('../main.js').Context} Context */
/** @typedef {import('../protocol.js').RoomState} RoomState */
/** @typedef {import('../protocol.js').Board} Board */
/** @typedef {import('../protocol.js').SavedLayout} SavedLayout */
/** @typedef {import('../protocol.js').ClientMessage} ClientMessage */
/** @typedef {import('../protocol.js').RoomCommand} RoomCommand */

/**
 * A listed action read for the board: a move or attack from one post to another, or a flip.
 * @param {string} action
 * @returns {{from: string, to: string, attack: boolean} | {flip: string} | null}
 */
export function readAction(action) {
  const step = /^([a-z]+\d+)([-x])([a-z]+\d+)$/.exec(action);
  if (step) return { from: step[1], to: step[3], attack: step[2] === 'x' };
  const flip = /^\*([a-z]+\d+)$/.exec(action);
  return flip ? { flip: flip[1] } : null;
}

/**
 * @param {HTMLElement} root
 * @param {Context} ctx
 * @param {string} roomId
 */
export function mount(root, ctx, roomId) {
  // Room ids are numbers on the wire; the page's address carries them as text.
  const roomRef = /^\d+$/.test(roomId) ? Number(roomId) : roomId;
  /** @type {RoomState | null} */
  let state = null;
  /** @type {BoardView | null} */
  let boardView = null;
  /** @type {string | null} */
  let selected = null;
  /** @type {number | null} when the clock's seat runs out, in performance.now() time */
  let deadline = null;
  /** @type {'resign' | 'leave' | 'draw' | null} */
  let confirming = null;
  /** @type {SavedLayout[]} */
  let saved = [];
  /** @type {string[]} */
  const log = [];
  let notice = '';
  let refreshedAfterGame = false;

  const boardBox = h('div', { class: 'board-box', id: 'board' }, t('loading'));
  const head = h('div', { class: 'room-head' });
  const seats = h('div', { class: 'seats', id: 'seats' });
  const status = h('div', { class: 'status', id: 'status', role: 'status' });
  const controls = h('div', { class: 'controls', id: 'controls' });
  const message = h('p', { class: 'message', id: 'message', role: 'alert' });
  const logList = h('ul', { class: 'log', id: 'log' });
  const aiLevel = h('select', { id: 'ai-level', 'aria-label': t('ai_level') },
    ['easy', 'medium', 'hard', 'expert'].map((level) => h('option', { value: level }, t(aiKey(level)))));
  const layoutName = h('input', { id: 'layout-name', placeholder: t('layout_name'), maxlength: 40 });
  const layoutPick = h('select', { id: 'layout-pick', 'aria-label': t('saved_layouts') });
  const layoutText = h('textarea', { id: 'layout-text', rows: 2, placeholder: t('layout_paste'), 'aria-label': t('layout_paste') });
  const layoutFile = h('input', { id: 'layout-file', type: 'file', accept: '.txt,text/plain', 'aria-label': t('layout_file') });
  /** @type {string[]} every rule the last imported layout broke, as the server listed them */
  let violations = [];
  /** Whether the "layout as a file" box is open (controls are redrawn with every room push). */
  let layoutFileOpen = false;
  const page = h('section', { class: 'page room', 'data-room': roomId },
    head,
    h('div', { class: 'room-grid' },
      boardBox,
      h('aside', { class: 'side' }, status, message, seats, controls, h('h3', {}, t('log')), logList),
    ),
  );
  root.append(page);

  /** @param {string} text */
  const say = (text) => {
    notice = text;
    message.textContent = text;
  };

  /**
   * Sends a room command; a refusal is shown with the server's reason.
   * @template {RoomCommand['type']} T
   * @param {T} type
   * @param {Omit<Extract<RoomCommand, {type: T}>, 'type' | 'id' | 'room'>} fields
   */
  const command = async (type, fields) => {
    try {
      const message = /** @type {Omit<Extract<ClientMessage, {type: T}>, 'type' | 'id'>} */ ({ room: roomRef, ...fields });
      await ctx.conn.send(type, message);
      return true;
    } catch (failure) {
      say(failure instanceof Error ? failure.message : String(failure));
      return false;
    }
  };

  const legalMoves = () => {
    /** @type {Map<string, {moves: Set<string>, attacks: Set<string>}>} */
    const from = new Map();
    /** @type {Set<string>} */
    const flips = new Set();
    for (const action of state?.legal ?? []) {
      const read = readAction(action);
      if (!read) continue;
      if ('flip' in read) {
        flips.add(read.flip);
        continue;
      }
      const entry = from.get(read.from) ?? { moves: new Set(), attacks: new Set() };
      (read.attack ? entry.attacks : entry.moves).add(read.to);
      from.set(read.from, entry);
    }
    return { from, flips };
  };

  const swapping = () => Boolean(state?.phase === 'setup' && state.setup && !state.setup.ready);

  /** @param {string} post */
  const clickPost = (post) => {
    if (!state) return;
    if (swapping()) {
      const mine = state.setup?.cells.some((cell) => cell.post === post);
      if (!mine) {
        selected = null;
      } else if (selected === null) {
        selected = post;
      } else if (selected === post) {
        selected = null;
      } else {
        const a = selected;
        selected = null;
        say('');
        command('swap', { a, b: post });
      }
      drawBoard();
      return;
    }
    if (state.phase !== 'playing') return;
    const { from, flips } = legalMoves();
    if (flips.has(post)) {
      selected = null;
      say('');
      command('act', { action: `*${post}` });
      return;
    }
    const targets = selected ? from.get(selected) : undefined;
    if (selected && targets && (targets.moves.has(post) || targets.attacks.has(post))) {
      const action = `${selected}${targets.attacks.has(post) ? 'x' : '-'}${post}`;
      selected = null;
      say('');
      command('act', { action });
      drawBoard();
      return;
    }
    selected = from.has(post) && selected !== post ? post : null;
    drawBoard();
  };

  const drawBoard = () => {
    if (!boardView || !state) return;
    if (state.phase === 'setup') {
      const cells = state.setup?.cells ?? [];
      boardView.render({
        cells,
        selectable: swapping() ? new Set(cells.map((cell) => cell.post)) : new Set(),
        selected,
      });
      return;
    }
    const { from, flips } = legalMoves();
    const targets = selected ? from.get(selected) : undefined;
    boardView.render({
      cells: state.view?.cells ?? [],
      selectable: new Set([...from.keys(), ...flips]),
      selected,
      moveTargets: targets?.moves,
      attackTargets: targets?.attacks,
      lastMoves: Object.entries(state.last_moves ?? {}).map(([seat, move]) => ({ seat, path: move.path })),
    });
  };

  /** @param {Board} board */
  const setBoard = (board) => {
    if (boardView && boardView.board.mode === board.mode) return;
    boardView = new BoardView(board, state?.you ?? null, pieceName, clickPost);
    replace(boardBox, boardView.element);
    drawBoard();
  };

  const drawHead = () => {
    if (!state) return;
    replace(head,
      h('h2', {}, t('room_n', { room: state.id }), ' · ', modeName(state.mode),
        state.stake > 0 ? ` · ${t('gold_room', { stake: state.stake })}` : ''),
      h('span', { class: 'spectators' }, t('spectators_n', { count: state.spectators })),
      state.you === null ? h('span', { class: 'badge', id: 'spectating' }, t('spectating')) : null,
      h('button', { id: 'leave', onclick: () => leave() }, t('leave')),
    );
  };

  const leave = async () => {
    const seated = state?.you !== null && state?.phase === 'playing' &&
      state?.seats.find((seat) => seat.seat === state?.you)?.status === 'active';
    if (seated && confirming !== 'leave') {
      confirming = 'leave';
      drawControls();
      return;
    }
    confirming = null;
    await command('leave', {});
    ctx.navigate('#/lobby');
  };

  const drawStatus = () => {
    if (!state) return;
    page.dataset.phase = state.phase;
    page.dataset.moves = String(state.moves);
    page.dataset.you = state.you ?? '';
    const view = state.view;
    const myTurn = state.phase === 'playing' && state.legal.length > 0;
    page.dataset.myTurn = String(myTurn);
    if (state.phase === 'setup') {
      replace(status, h('p', {}, state.you === null ? t('choose_seat') : t('setup_hint')));
      return;
    }
    if (state.phase === 'over' || !view) {
      replace(status, h('p', {}, t('phase_over')));
      return;
    }
    replace(status,
      h('p', { class: myTurn ? 'turn mine' : 'turn' },
        myTurn ? t('your_turn') : view.to_move ? t('to_move', { who: seatLabel(state, view.to_move) }) : '',
        ' ', h('span', { id: 'clock', class: 'clock' })),
      h('p', { class: 'counters' }, t('counters', { moves: view.moves, quiet: view.no_attack })),
      state.draw_offer ? h('p', { class: 'draw-offer', id: 'draw-offer' },
        t('draw_offer_by', { who: seatLabel(state, state.draw_offer.by) }),
        state.draw_offer.accepted.length > 0 ? ` ${t('accepted_by', { who: state.draw_offer.accepted.map(seatName).join(', ') })}` : '') : null,
    );
    tick();
  };

  const tick = () => {
    const seconds = deadline === null ? null : Math.max(0, Math.ceil((deadline - performance.now()) / 1000));
    for (const element of page.querySelectorAll('#clock, [data-clock-seat]')) {
      element.textContent = seconds === null ? '' : t('seconds', { n: seconds });
      element.classList.toggle('low', seconds !== null && seconds <= 10);
    }
  };
  const ticker = setInterval(tick, 250);

  const drawSeats = () => {
    if (!state) return;
    const current = state;
    replace(seats,
      current.seats.map((seat) => seatCard(current, seat, command, aiLevel)),
      current.phase === 'setup' && current.seats.some((seat) => !seat.player)
        ? h('label', { class: 'ai-level' }, t('ai_level'), aiLevel) : null,
    );
  };

  const loadLayouts = async () => {
    try {
      saved = (await api.layouts()).layouts.filter((layout) => layout.game === state?.game);
    } catch {
      saved = [];
    }
    replace(layoutPick, saved.map((layout) => h('option', { value: layout.name }, layout.name)));
    drawControls();
  };

  const saveLayout = async () => {
    const name = layoutName.value.trim();
    if (!name || !state?.setup) return say(t('layout_name_needed'));
    try {
      await api.saveLayout(name, state.game, state.setup.layout);
      say(t('layout_saved', { name }));
      await loadLayouts();
    } catch (failure) {
      say(failure instanceof Error ? failure.message : String(failure));
    }
  };

  const loadLayout = () => {
    const layout = saved.find((entry) => entry.name === layoutPick.value);
    if (layout) command('layout', { layout: layout.layout }).then((ok) => ok && say(t('layout_loaded', { name: layout.name })));
  };

  /** Sends a layout read from a file or pasted; the server checks it and lists every violation. */
  const importLayout = async () => {
    const layout = layoutText.value.trim();
    if (!layout) return say(t('layout_paste_needed'));
    try {
      const message = /** @type {Omit<Extract<ClientMessage, {type: 'layout'}>, 'type' | 'id'>} */ ({ room: roomRef, layout });
      await ctx.conn.send('layout', message);
      violations = [];
      layoutText.value = '';
      say(t('layout_imported'));
    } catch (failure) {
      const reason = failure instanceof Error ? failure.message : String(failure);
      // Rules crates join their violations with `; ` or put one a line.
      violations = reason.replace(/^[^:]*deployment:\s*/, '').split(/\n|; /).filter((line) => line.trim());
      say(t('layout_refused'));
    }
    drawControls();
  };

  layoutFile.addEventListener('change', async () => {
    const file = layoutFile.files?.[0];
    if (!file) return;
    layoutText.value = (await file.text()).trim();
    layoutFile.value = '';
    await importLayout();
  });

  /** The arranged layout as a file to download (the seed's 保存布局 as a file). */
  const exportLink = (/** @type {string} */ layout) => h('a', {
    class: 'button',
    id: 'export-layout',
    download: `${state?.game ?? 'junqi'}-${state?.mode ?? ''}-layout.txt`,
    href: `data:text/plain;charset=utf-8,${encodeURIComponent(`${layout}\n`)}`,
  }, t('export_layout'));

  const deleteLayout = async () => {
    const name = layoutPick.value;
    if (!name) return;
    try {
      await api.deleteLayout(name);
      say(t('layout_deleted', { name }));
      await loadLayouts();
    } catch (failure) {
      say(failure instanceof Error ? failure.message : String(failure));
    }
  };

  const drawControls = () => {
    if (!state) return;
    const parts = [];
    const me = state.seats.find((seat) => seat.seat === state?.you);
    if (state.phase === 'setup' && me?.player && me.player.kind !== 'ai') {
      // A game without deployment (dark chess) has no layout: only ready / not ready.
      const layout = state.setup !== null;
      const ready = state.setup?.ready ?? me.ready;
      parts.push(h('div', { class: 'setup-controls' },
        h('p', { class: 'hint' }, ready ? t('ready_wait') : layout ? t('swap_hint') : ''),
        layout && !ready && h('button', { id: 'random-layout', onclick: () => command('random_layout', {}) }, t('random_layout')),
        layout && !ready && h('div', { class: 'row' }, layoutName, h('button', { id: 'save-layout', onclick: saveLayout }, t('save_layout'))),
        layout && !ready && saved.length > 0 && h('div', { class: 'row' }, layoutPick,
          h('button', { id: 'load-layout', onclick: loadLayout }, t('load_layout')),
          h('button', { id: 'delete-layout', onclick: deleteLayout }, t('delete_layout'))),
        layout && !ready && h('details', {
          class: 'layout-file',
          id: 'layout-file-box',
          open: layoutFileOpen,
          ontoggle: (/** @type {Event} */ event) => { layoutFileOpen = /** @type {HTMLDetailsElement} */ (event.target).open; },
        },
          h('summary', {}, t('layout_as_file')),
          state.setup && h('div', { class: 'row' }, exportLink(state.setup.layout)),
          h('div', { class: 'row' }, layoutFile),
          h('div', { class: 'row' }, layoutText, h('button', { id: 'import-layout', onclick: importLayout }, t('import_layout'))),
          violations.length > 0 && h('ul', { class: 'violations', id: 'layout-violations' },
            violations.map((line) => h('li', {}, line)))),
        ready
          ? h('button', { id: 'unready', onclick: () => command('unready', {}) }, t('unready'))
          : h('button', { id: 'ready', class: 'primary', onclick: () => command('ready', {}) }, t('ready_button')),
      ));
    }
    if (state.phase === 'playing' && me?.status === 'active') {
      const can = state.can;
      parts.push(h('div', { class: 'play-controls' },
        // Offering stays visible but disabled before move 40 (DR-1) and after an offer until
        // the player has moved again (DR-2); the title says which. The server still decides.
        h('button', {
          id: 'offer-draw',
          class: can.offer_draw ? '' : 'unavailable',
          disabled: !can.offer_draw || confirming === 'draw',
          title: can.offer_draw ? '' : t(state.moves < DRAW_FLOOR ? 'draw_after_40' : 'draw_once_per_move'),
          onclick: () => { confirming = 'draw'; drawControls(); },
        }, t('offer_draw')),
        can.accept_draw && h('button', { id: 'accept-draw', onclick: () => command('act', { action: 'draw+' }) }, t('accept_draw')),
        can.refuse_draw && h('button', { id: 'refuse-draw', onclick: () => command('act', { action: 'draw-' }) }, t('refuse_draw')),
        can.resign && confirming !== 'resign' && h('button', { id: 'resign', class: 'danger', onclick: () => { confirming = 'resign'; drawControls(); } }, t('resign')),
      ));
    }
    if (confirming === 'draw' && state.can.offer_draw) {
      parts.push(h('div', { class: 'confirm', id: 'confirm-draw' },
        h('p', {}, t('draw_confirm')),
        h('button', {
          id: 'draw-yes',
          onclick: () => {
            confirming = null;
            command('act', { action: 'draw?' }).then((ok) => ok && say(t('draw_offered')));
          },
        }, t('yes_offer_draw')),
        h('button', { id: 'draw-no', onclick: () => { confirming = null; drawControls(); } }, t('cancel')),
      ));
    }
    if (confirming === 'resign' && state.can.resign) {
      parts.push(h('div', { class: 'confirm', id: 'confirm-resign' },
        h('p', {}, t('resign_confirm')),
        h('button', { id: 'resign-yes', class: 'danger', onclick: () => { confirming = null; command('act', { action: 'resign' }); } }, t('yes_resign')),
        h('button', { id: 'resign-no', onclick: () => { confirming = null; drawControls(); } }, t('cancel')),
      ));
    }
    if (confirming === 'leave') {
      parts.push(h('div', { class: 'confirm', id: 'confirm-leave' },
        h('p', {}, t('leave_confirm')),
        h('button', { id: 'leave-yes', class: 'danger', onclick: () => leave() }, t('yes_leave')),
        h('button', { id: 'leave-no', onclick: () => { confirming = null; drawControls(); } }, t('cancel')),
      ));
    }
    if (state.phase === 'over' && state.result) {
      parts.push(resultTable(state, state.result));
      const links = [];
      if (state.game_id && ctx.user) {
        links.push(state.replay_saved
          ? h('p', { class: 'saved', id: 'replay-saved' }, t('replay_saved'))
          : h('div', { class: 'ask-save' }, h('p', {}, t('save_replay_question')),
            h('button', { id: 'save-replay', onclick: () => command('save_replay', {}) }, t('save_replay'))));
      }
      if (state.game_id) links.push(h('a', { class: 'button', id: 'open-replay', href: `#/replay/${encodeURIComponent(String(state.game_id))}` }, t('open_replay')));
      if (ctx.user) {
        links.push(h('a', { class: 'button', id: 'my-profile', href: `#/profile/${encodeURIComponent(ctx.user.name)}` },
          t('my_profile'), ` (${ctx.user.points} · ${titleOf(ctx.user)})`));
      }
      parts.push(h('div', { class: 'after-game' }, links));
    }
    replace(controls, parts);
  };

  const drawAll = () => {
    drawHead();
    drawStatus();
    drawSeats();
    drawControls();
    drawBoard();
    message.textContent = notice;
  };

  /** @param {RoomState} next */
  const receiveRoom = (next) => {
    const previous = state;
    state = next;
    if (previous && previous.phase !== next.phase) notice = '';
    deadline = next.clock ? performance.now() + next.clock.remaining_ms : null;
    if (next.phase !== 'setup' && !next.legal.some((action) => selected && action.startsWith(selected))) {
      selected = null;
    }
    if (next.phase === 'setup' && !next.setup?.cells.some((cell) => cell.post === selected)) selected = null;
    if (next.phase === 'setup' && next.setup && !previous?.setup) loadLayouts();
    if (confirming === 'resign' && !next.can.resign) confirming = null;
    if (confirming === 'draw' && !next.can.offer_draw) confirming = null;
    if (boardView && previous && previous.you !== next.you) {
      // Sitting down turns the board so that the new seat is at the bottom.
      const board = boardView.board;
      boardView = null;
      setBoard(board);
    }
    if (!boardView && !previous) {
      api.board(next.game, next.mode).then((board) => {
        if (!boardView) setBoard(board);
      }).catch(() => {});
    }
    if (next.phase === 'over' && !refreshedAfterGame) {
      // The profile changed in the transaction that stored the result.
      refreshedAfterGame = true;
      api.me().then((user) => user && ctx.updateUser(user)).then(drawControls).catch(() => {});
    }
    drawAll();
  };

  /** @param {import('../protocol.js').GameEvent[]} events */
  const receiveEvents = (events) => {
    for (const event of events) {
      const text = eventText(state, event);
      if (text) log.unshift(text);
    }
    log.length = Math.min(log.length, 200);
    replace(logList, log.map((line) => h('li', {}, line)));
  };

  const offs = [
    ctx.conn.on('board', (m) => {
      // A shengke room's board (its 5×5 cells) is drawn by its own table, not as posts.
      if (String(m.room) === roomId && m.board && m.board.game !== 'shengke') setBoard(m.board);
    }),
    ctx.conn.on('room', (m) => {
      if (!m.room || typeof m.room !== 'object' || String(m.room.id) !== roomId) return;
      if (m.room.game === 'shengke') {
        // A shengke room has its own table: hand the page over to it once.
        if (!inner) {
          offs.forEach((off) => off());
          clearInterval(ticker);
          page.remove();
          inner = shengke.mount(root, ctx, roomId, m.room);
        }
        return;
      }
      receiveRoom(m.room);
    }),
    ctx.conn.on('events', (m) => {
      if (String(m.room) === roomId && m.events) receiveEvents(m.events);
    }),
    ...rejoinAfterDrop(ctx.conn, () => command('join', {})),
  ];
  /** @type {(() => void) | null} the shengke table, once the room turned out to be one */
  let inner = null;
  command('join', {});
  return () => {
    clearInterval(ticker);
    offs.forEach((off) => off());
    inner?.();
  };
}
