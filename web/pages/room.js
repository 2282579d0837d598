// A room, for any game: the header and leaving (with its warning during play), the seats
// (sit, stand, add or remove an AI, ready), whose turn it is and the clock, draw offers and
// answers and surrender as the server's `can` flags allow, the log, the result and saving the
// replay. The game's module (games/<game>/) draws its table in the room and adds its own lines
// and controls. Everything shown comes from the server's `room`, `events` and game messages,
// applied in order: a room state waits until the events before it have been shown.

import * as api from '../api.js';
import { h, replace } from '../dom.js';
import { CommandError } from '../socket.js';
import { gameModule, modeLabel } from '../games/index.js';
import { seatName, t } from '../i18n.js';
import { aiKey } from './lobby.js';
import { showClosedRoom } from './room-closed.js';
import { platformEventText, rejoinAfterDrop, resultTable, roomSeats, seatCard, seatLabel, seatMarker, titleOf } from './room-parts.js';
import { refusalText } from '../refusal.js';

/** @typedef {import('../main.js').Context} Context */
/** @typedef {import('../protocol.js').RoomState} RoomState */
/** @typedef {import('../protocol.js').GameEvent} GameEvent */
/** @typedef {import('../protocol.js').ClientMessage} ClientMessage */
/** @typedef {import('../protocol.js').RoomCommand} RoomCommand */
/** @typedef {import('../protocol.js').ServerMessage} ServerMessage */
/** @typedef {import('../games/module.js').GameModule} GameModule */
/** @typedef {import('../games/module.js').Table} Table */
/** @typedef {import('../games/module.js').EventNames} EventNames */

/** The most lines the log keeps. */
const LOG_LINES = 200;

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
  /** @type {GameModule | null} */
  let game = null;
  /** @type {Table | null} */
  let table = null;
  /** @type {number | null} when the clock's seat runs out, in performance.now() time */
  let deadline = null;
  /** @type {Map<string, number>} when each dropped seat counts as escaped, in performance.now() time */
  const escapeAt = new Map();
  /** @type {'resign' | 'leave' | 'draw' | null} */
  let confirming = null;
  /** @type {string[]} */
  const log = [];
  let notice = '';
  let refreshedAfterGame = false;
  let applied = 0;
  /** @type {Array<{room: RoomState} | {events: GameEvent[]}>} messages waiting for the animation */
  const queue = [];
  let busy = false;
  /** @type {ServerMessage[]} the game's own messages that came before its table */
  const early = [];

  const gameArea = h('div', { class: 'game-area' }, t('loading'));
  const head = h('div', { class: 'room-head' });
  const seats = h('div', { class: 'seats', id: 'seats' });
  const status = h('div', { class: 'status', id: 'status', role: 'status' });
  const controls = h('div', { class: 'controls', id: 'controls' });
  const message = h('div', { class: 'message', id: 'message', role: 'alert' });
  const logList = h('ul', { class: 'log', id: 'log' });
  const aiLevel = h('select', { id: 'ai-level', 'aria-label': t('ai_level') },
    ['easy', 'medium', 'hard', 'expert'].map((level) => h('option', { value: level }, t(aiKey(level)))));
  // Whose turn, the clock, messages and the controls: on a phone a bar pinned to the bottom of
  // the screen under the game (style.css), beside it in the side panel on a desktop.
  const bar = h('div', { class: 'table-bar', id: 'table-bar' }, status, message, controls);
  const page = h('section', { class: 'page room', 'data-room': roomId },
    head,
    h('div', { class: 'room-grid' },
      gameArea,
      h('aside', { class: 'side' }, bar, seats, h('h3', {}, t('log')), logList),
    ),
  );
  root.append(page);

  // The height left for the game between the top of its area and the pinned bar, for a board
  // that pans inside it on a phone (`--game-height` in style.css).
  const fitGame = () => {
    const top = gameArea.getBoundingClientRect().top + window.scrollY;
    page.style.setProperty('--game-height', `${Math.max(160, Math.floor(window.innerHeight - top - bar.offsetHeight - 4))}px`);
  };
  const sizes = new ResizeObserver(fitGame);
  sizes.observe(bar);
  sizes.observe(head);
  window.addEventListener('resize', fitGame);

  /**
   * Shows a message: one line as text, several (a list of violations) as a list; the game's
   * editor marks the places a refusal names. A refusal is an error; a confirmation is `info`,
   * styled apart so that good news never looks like a failure.
   * @param {string} text
   * @param {string[]} [marks]
   * @param {'info' | 'error'} [kind]
   */
  const say = (text, marks = [], kind = 'error') => {
    notice = text;
    message.dataset.kind = kind;
    const lines = text ? text.split('\n') : [];
    replace(message, lines.length > 1
      ? h('ul', { class: 'violations', id: 'violations' }, lines.map((line) => h('li', {}, line)))
      : text);
    table?.notice?.(text, marks);
  };

  /**
   * Sends a room command; a refusal is thrown.
   * @template {RoomCommand['type']} T
   * @param {T} type
   * @param {Omit<Extract<RoomCommand, {type: T}>, 'type' | 'id' | 'room'>} fields
   */
  const send = async (type, fields) => {
    const message = /** @type {Omit<Extract<ClientMessage, {type: T}>, 'type' | 'id'>} */ ({ room: roomRef, ...fields });
    await ctx.conn.send(type, message);
    return true;
  };

  /**
   * Sends a room command; a refusal is shown with the server's reason.
   * @template {RoomCommand['type']} T
   * @param {T} type
   * @param {Omit<Extract<RoomCommand, {type: T}>, 'type' | 'id' | 'room'>} fields
   */
  const command = async (type, fields) => {
    try {
      return await send(type, fields);
    } catch (failure) {
      say(refusalText(failure, state?.game), failure instanceof CommandError ? failure.marks : []);
      return false;
    }
  };

  /** @type {EventNames} */
  const names = {
    seat: (seat) => seatLabel(state, seat),
    get decks() {
      return state?.decks ?? {};
    },
    get you() {
      return state?.you ?? null;
    },
  };

  const me = () => state?.seats.find((seat) => seat.seat === state?.you);

  const drawHead = () => {
    if (!state) return;
    replace(head,
      h('h2', {}, t('room_n', { room: state.id }), ' · ', modeLabel(state.game, state.mode),
        state.stake > 0 ? ` · ${t('gold_room', { stake: state.stake })}` : ''),
      h('span', { class: 'spectators' }, t('spectators_n', { count: state.spectators })),
      state.you === null ? h('span', { class: 'badge', id: 'spectating' }, t('spectating')) : null,
      h('button', { id: 'leave', onclick: () => leave() }, t('leave')),
    );
  };

  /** Whether this page's player holds a seat in a running game (leaving would escape). */
  const holdsSeat = () => state?.you != null && state.phase === 'playing' && me()?.status === 'active';

  /**
   * Asks before the tab closes or reloads while the player holds a seat in a running game:
   * past the grace period an absence counts as an escape.
   * @param {BeforeUnloadEvent} event
   */
  const warnBeforeUnload = (event) => {
    event.preventDefault();
    event.returnValue = '';
  };
  let warning = false;
  /** Registers the warning while a seat is held in play, and removes it otherwise. */
  const guardUnload = () => {
    const wanted = holdsSeat();
    if (wanted === warning) return;
    warning = wanted;
    page.dataset.unloadWarning = String(wanted);
    if (wanted) window.addEventListener('beforeunload', warnBeforeUnload);
    else window.removeEventListener('beforeunload', warnBeforeUnload);
  };

  /**
   * Leaves the room; a seat in a running game is asked first (leaving escapes).
   * @param {boolean} [confirmed]  the player said yes
   */
  const leave = async (confirmed = false) => {
    if (holdsSeat() && !confirmed) {
      confirming = 'leave';
      drawControls();
      return;
    }
    confirming = null;
    await command('leave', {});
    // Left on purpose: the tab may close without asking again.
    window.removeEventListener('beforeunload', warnBeforeUnload);
    warning = false;
    ctx.navigate('#/lobby');
  };

  const drawStatus = () => {
    if (!state) return;
    page.dataset.phase = state.phase;
    page.dataset.moves = String(state.moves);
    page.dataset.you = state.you ?? '';
    const myTurn = state.phase === 'playing' && state.choices.length > 0;
    page.dataset.myTurn = String(myTurn);
    const lines = table?.status(state) ?? [];
    if (state.phase === 'setup') {
      replace(status, state.you === null ? h('p', {}, t('choose_seat')) : null, lines);
      return;
    }
    const toMove = state.phase === 'playing' ? state.clock?.seat : undefined;
    replace(status,
      h('p', { class: myTurn ? 'turn mine' : 'turn' },
        state.phase === 'over' ? t('phase_over') : myTurn ? t('your_turn') : toMove ? t('to_move', { who: seatLabel(state, toMove) }) : '',
        ' ', h('span', { id: 'clock', class: 'clock' })),
      lines,
      escapeLines(),
      state.draw_offer ? h('p', { class: 'draw-offer', id: 'draw-offer' },
        t('draw_offer_by', { who: seatLabel(state, state.draw_offer.by) }),
        state.draw_offer.accepted.length > 0 ? ` ${t('accepted_by', { who: state.draw_offer.accepted.map((seat) => seatName(seat, state?.game)).join(', ') })}` : '') : null,
    );
    tick();
  };

  /** The dropped seats of a running game, each with the time left before it escapes. */
  const escapeLines = () => [...escapeAt.keys()].map((seat) =>
    h('p', { class: 'escape-line', 'data-escape-seat': seat }));

  /**
   * Seconds left until a performance.now() time.
   * @param {number} at
   */
  const secondsTo = (at) => Math.max(0, Math.ceil((at - performance.now()) / 1000));

  /**
   * The clock of the seat to move, in the status line and on its seat card, and the grace
   * period of every dropped seat.
   */
  const tick = () => {
    const seconds = deadline === null ? null : secondsTo(deadline);
    for (const element of page.querySelectorAll('#clock, [data-clock-seat]')) {
      element.textContent = seconds === null ? '' : t('seconds', { n: seconds });
      element.classList.toggle('low', seconds !== null && seconds <= 10);
    }
    for (const element of page.querySelectorAll('[data-escape-seat]')) {
      const seat = /** @type {HTMLElement} */ (element).dataset.escapeSeat ?? '';
      const at = escapeAt.get(seat);
      if (at === undefined) continue;
      element.textContent = element.classList.contains('escape-line')
        ? t('escape_countdown', { who: seatLabel(state, seat), n: secondsTo(at) })
        : t('seconds', { n: secondsTo(at) });
    }
  };
  const ticker = setInterval(tick, 250);

  /** @param {string} seat */
  const colourOf = (seat) => game?.seatColour(seat) ?? '#555';

  const drawSeats = () => {
    if (!state) return;
    const current = state;
    replace(seats,
      current.seats.map((seat, index) => seatCard(current, seat, command, aiLevel, {
        colour: colourOf(seat.seat),
        marker: game?.seatMarker?.(seat.seat) ?? seatMarker(index),
        ...table?.seat?.(current, seat.seat),
      })),
      current.seat_ai && current.seats.some((seat) => !seat.player)
        ? h('label', { class: 'ai-level' }, t('ai_level'), aiLevel) : null,
    );
  };

  /** @param {RoomState} current */
  const setupControls = (current) => {
    const seat = me();
    if (current.phase !== 'setup' || !seat?.player || seat.player.kind === 'ai') return null;
    return h('div', { class: 'setup-controls' },
      seat.ready ? h('p', { class: 'hint' }, t('ready_wait')) : null,
      table?.controls(current) ?? [],
      seat.ready
        ? h('button', { id: 'unready', onclick: () => command('unready', {}) }, t('unready'))
        : h('button', { id: 'ready', class: 'primary', onclick: () => command('ready', {}) }, t('ready_button')),
    );
  };

  /** Draw offers and answers and surrender, as the server's `can` flags allow. */
  const playControls = (/** @type {RoomState} */ current) => {
    if (current.phase !== 'playing' || me()?.status !== 'active') return null;
    const can = current.can;
    const drawHint = game?.drawHint?.();
    return h('div', { class: 'play-controls' },
      // Offering stays visible but disabled while the game allows none, with the game's rule
      // as its title. The server decides.
      (can.offer_draw || drawHint) && h('button', {
        id: 'offer-draw',
        class: can.offer_draw ? '' : 'unavailable',
        disabled: !can.offer_draw || confirming === 'draw',
        title: can.offer_draw ? '' : drawHint ?? t('draw_unavailable'),
        onclick: () => { confirming = 'draw'; drawControls(); },
      }, t('offer_draw')),
      can.accept_draw && h('button', { id: 'accept-draw', onclick: () => command('platform', { action: 'accept_draw' }) }, t('accept_draw')),
      can.refuse_draw && h('button', { id: 'refuse-draw', onclick: () => command('platform', { action: 'refuse_draw' }) }, t('refuse_draw')),
      can.resign && confirming !== 'resign' && h('button', { id: 'resign', class: 'danger', onclick: () => { confirming = 'resign'; drawControls(); } }, t('resign')),
    );
  };

  /**
   * A question before a step that cannot be undone.
   * @param {string} id
   * @param {string} question
   * @param {string} yesId
   * @param {string} yes
   * @param {() => void} onYes
   * @param {string} noId
   * @param {boolean} danger
   */
  const confirmBox = (id, question, yesId, yes, onYes, noId, danger) => h('div', { class: 'confirm', id },
    h('p', {}, question),
    h('button', { id: yesId, class: danger ? 'danger' : '', onclick: () => { confirming = null; onYes(); } }, yes),
    h('button', { id: noId, onclick: () => { confirming = null; drawControls(); } }, t('cancel')),
  );

  /** The result, saving the replay, and links to it and to one's profile. */
  const afterGame = (/** @type {RoomState} */ current) => {
    if (current.phase !== 'over' || !current.result) return [];
    const links = [];
    if (current.game_id && ctx.user) {
      links.push(current.replay_saved
        ? h('p', { class: 'saved', id: 'replay-saved' }, t('replay_saved'))
        : h('div', { class: 'ask-save' }, h('p', {}, t('save_replay_question')),
          h('button', { id: 'save-replay', onclick: () => command('save_replay', {}) }, t('save_replay'))));
    }
    if (current.game_id) links.push(h('a', { class: 'button', id: 'open-replay', href: `#/replay/${encodeURIComponent(String(current.game_id))}` }, t('open_replay')));
    if (ctx.user) {
      links.push(h('a', { class: 'button', id: 'my-profile', href: `#/profile/${encodeURIComponent(ctx.user.name)}` },
        t('my_profile'), ` (${ctx.user.points} · ${titleOf(ctx.user)})`));
    }
    return [resultTable(roomSeats(current), current.result, colourOf), h('div', { class: 'after-game' }, links)];
  };

  const drawControls = () => {
    if (!state) return;
    const current = state;
    replace(controls,
      setupControls(current),
      current.phase === 'playing' ? table?.controls(current) ?? [] : [],
      playControls(current),
      confirming === 'draw' && current.can.offer_draw && confirmBox('confirm-draw', t('draw_confirm'), 'draw-yes', t('yes_offer_draw'),
        () => command('platform', { action: 'offer_draw' }).then((ok) => ok && say(t('draw_offered'), [], 'info')), 'draw-no', false),
      confirming === 'resign' && current.can.resign && confirmBox('confirm-resign', t('resign_confirm'), 'resign-yes', t('yes_resign'),
        () => command('platform', { action: 'resign' }), 'resign-no', true),
      confirming === 'leave' && confirmBox('confirm-leave', t('leave_confirm'), 'leave-yes', t('yes_leave'), () => leave(true), 'leave-no', true),
      afterGame(current),
    );
  };

  const drawAll = () => {
    drawHead();
    drawStatus();
    drawSeats();
    drawControls();
  };

  /**
   * The game's table, mounted with the room's first state.
   * @param {RoomState} first
   */
  const mountTable = (first) => {
    game = gameModule(first.game);
    if (!game) {
      replace(gameArea, h('p', { class: 'error' }, t('unknown_game', { game: first.game })));
      return;
    }
    page.classList.add(first.game);
    table = game.mountTable({
      ctx,
      page,
      command,
      send,
      say: (text, kind = 'error') => say(text, [], kind),
      redraw: () => {
        drawStatus();
        drawControls();
      },
    }, first);
    replace(gameArea, table.element);
    for (const message of early.splice(0)) table.message?.(message);
  };

  /** @param {RoomState} next */
  const applyRoom = (next) => {
    const previous = state;
    if (!previous) mountTable(next);
    state = next;
    applied += 1;
    page.dataset.states = String(applied);
    if (previous && previous.phase !== next.phase) say('');
    deadline = next.clock ? performance.now() + next.clock.remaining_ms : null;
    escapeAt.clear();
    for (const seat of next.seats) {
      if (seat.escape_in_ms != null) escapeAt.set(seat.seat, performance.now() + seat.escape_in_ms);
    }
    if (confirming === 'resign' && !next.can.resign) confirming = null;
    if (confirming === 'draw' && !next.can.offer_draw) confirming = null;
    if (next.phase === 'over' && !refreshedAfterGame) {
      // The profile changed in the transaction that stored the result.
      refreshedAfterGame = true;
      api.me().then((user) => user && ctx.updateUser(user)).then(drawControls).catch(() => {});
    }
    table?.update(next, previous);
    drawAll();
    guardUnload();
  };

  /** @param {GameEvent[]} events */
  const showEvents = async (events) => {
    for (const event of events) {
      const text = game?.eventText(event, names) ?? platformEventText(event, names);
      if (text) {
        log.unshift(text);
        log.length = Math.min(log.length, LOG_LINES);
        replace(logList, log.map((line) => h('li', {}, line)));
      }
      if (state && table?.event) await table.event(event, state);
    }
  };

  /** Applies the queued messages in order, each event shown before the next message. */
  const pump = async () => {
    if (busy) return;
    busy = true;
    page.dataset.animating = 'true';
    while (queue.length > 0) {
      const item = /** @type {{room: RoomState} | {events: GameEvent[]}} */ (queue.shift());
      if ('events' in item) await showEvents(item.events);
      else applyRoom(item.room);
    }
    page.dataset.animating = 'false';
    busy = false;
  };

  const offs = [
    ctx.conn.on('room', (m) => {
      if (!m.room || typeof m.room !== 'object' || String(m.room.id) !== roomId) return;
      queue.push({ room: /** @type {RoomState} */ (/** @type {unknown} */ (m.room)) });
      pump();
    }),
    ctx.conn.on('events', (m) => {
      if (String(m.room) !== roomId || !m.events) return;
      queue.push({ events: /** @type {GameEvent[]} */ (m.events) });
      pump();
    }),
    // A game's own message about the room (its board).
    ctx.conn.on('board', (m) => {
      if (String(m.room) !== roomId) return;
      if (table) table.message?.(m);
      else early.push(m);
    }),
    ...rejoinAfterDrop(ctx.conn, () => join()),
  ];

  /**
   * Joins the room; a room that is no longer open shows what became of it (its result and
   * replay, or that there is no such room) instead of waiting for a state that never comes.
   */
  const join = async () => {
    try {
      await send('join', {});
    } catch (failure) {
      if (failure instanceof CommandError && failure.code === 'no_room' && !state) {
        showClosedRoom(page, ctx, roomId);
      } else {
        say(failure instanceof Error ? failure.message : String(failure), failure instanceof CommandError ? failure.marks : []);
      }
    }
  };
  join();
  return () => {
    window.removeEventListener('beforeunload', warnBeforeUnload);
    clearInterval(ticker);
    sizes.disconnect();
    window.removeEventListener('resize', fitGame);
    offs.forEach((off) => off());
    table?.destroy();
  };
}
