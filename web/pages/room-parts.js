// Pieces of the room page that only turn data into elements or words: seat cards, the
// platform's log sentences, the result table. The room page (room.js) wires them to the
// connection; what a game adds comes from its module.

import { h } from '../dom.js';
import { language, reasonText, seatName, t } from '../i18n.js';
import { aiKey } from './lobby.js';

/** @typedef {import('../protocol.js').RoomState} RoomState */
/** @typedef {import('../protocol.js').SeatState} SeatState */
/** @typedef {import('../protocol.js').GameEvent} GameEvent */
/** @typedef {import('../protocol.js').GameResult} GameResult */
/** @typedef {import('../games/module.js').EventNames} EventNames */
/** @typedef {import('../dom.js').Child} Child */

/**
 * A seat as people read it: "南 alice".
 * @param {RoomState | null} state
 * @param {string} seat
 */
export function seatLabel(state, seat) {
  const player = state?.seats.find((s) => s.seat === seat)?.player;
  return player ? `${seatName(seat, state?.game)} ${playerName(player)}` : seatName(seat, state?.game);
}

/**
 * A player's name for people: a person's own, an AI's level in the page's language.
 * @param {{name: string, ai?: string | null}} player
 */
export const playerName = (player) => (player.ai ? t('ai_named', { level: t(aiKey(player.ai)) }) : player.name);

/**
 * A colour chip, with the seat's marker in it when given (seats differ by shape, not colour
 * alone).
 * @param {string} colour
 * @param {string} [marker]
 */
export const chip = (colour, marker) => h('span', { class: `chip${marker ? ' marked' : ''}`, style: `background:${colour}`, 'data-marker': marker }, marker);

/** The markers a seat gets by its place when its game names none: shapes every font has. */
const MARKERS = ['▲', '●', '■', '◆', '▼', '○'];

/**
 * A seat's marker by its place at the table.
 * @param {number} index
 */
export const seatMarker = (index) => MARKERS[index % MARKERS.length];

/**
 * A signed number: +2, −1, 0.
 * @param {number} value
 */
export const signed = (value) => (value > 0 ? `+${value}` : value < 0 ? `−${-value}` : '0');

/**
 * One log line for a platform event (the start, timeouts, escapes, draw offers, defeats, the
 * end), or null; the game's module words the game's own events first.
 * @param {GameEvent} event
 * @param {EventNames} names
 * @returns {string | null}
 */
export function platformEventText(event, names) {
  const who = event.seat ? names.seat(event.seat) : '';
  switch (event.kind) {
    case 'started':
      return t('ev_started', { who: names.seat(event.first ?? '') });
    case 'timed_out':
      return t('ev_timed_out', { who, count: event.count ?? 0 });
    case 'defeated':
      return t('ev_defeated', { who, reason: reasonText(event.reason ?? '') });
    case 'escaped':
      return t('ev_escaped', { who });
    case 'draw_offered':
      return t('ev_draw_offered', { who });
    case 'draw_accepted':
      return t('ev_draw_accepted', { who });
    case 'draw_refused':
      return t('ev_draw_refused', { who });
    case 'game_over': {
      const winners = event.winners ?? [];
      return winners.length === 0
        ? t('ev_draw', { reason: reasonText(event.reason ?? '') })
        : t('ev_won', { who: winners.map((seat) => names.seat(seat)).join(', '), reason: reasonText(event.reason ?? '') });
    }
    default:
      return null;
  }
}

/**
 * The player line of a seat card.
 * @param {SeatState} seat
 */
function playerLine(seat) {
  const player = seat.player;
  if (!player) return h('span', { class: 'empty' }, t('empty_seat'));
  if (player.kind === 'ai') {
    return h('span', { class: 'player ai' }, `${t('ai')} · ${t(aiKey(player.ai ?? 'easy'))}`);
  }
  return h('span', { class: 'player' },
    player.name,
    player.kind === 'guest' ? ` (${t('guest_short')})` : '',
    player.level != null ? h('small', { class: 'rank', 'data-level': player.level },
      ` ${t('level_n', { level: player.level })} · ${titleOf(player)}`,
      ` · ${t('points_n', { points: player.points ?? 0 })}`) : '');
}

/**
 * Badges of a seat's state: ready, offline, defeated, timeouts.
 * @param {RoomState} state
 * @param {SeatState} seat
 */
function badges(state, seat) {
  const list = [];
  if (state.phase === 'setup' && seat.player) {
    list.push(h('span', { class: seat.ready ? 'badge ok' : 'badge' }, t(seat.ready ? 'ready' : 'not_ready')));
  }
  if (seat.player && seat.player.kind !== 'ai' && !seat.connected) {
    list.push(h('span', { class: 'badge warn' }, t('offline')));
  }
  // The grace period of a dropped seat, counted down by the room page's clock.
  if (seat.escape_in_ms != null) {
    list.push(h('span', { class: 'badge bad escape-countdown', 'data-escape-seat': seat.seat }));
  }
  if (seat.status === 'defeated') list.push(h('span', { class: 'badge bad' }, t('defeated')));
  if (seat.status === 'escaped') list.push(h('span', { class: 'badge bad' }, t('escaped')));
  if (seat.timeouts > 0) {
    list.push(h('span', { class: 'badge warn' }, t('timeouts_n', { count: seat.timeouts })));
  }
  return list;
}

/**
 * A seat's card: colour, name, state, what the game adds, and what may be done with the seat
 * now. The seat whose clock runs is the one to move.
 * @param {RoomState} state
 * @param {SeatState} seat
 * @param {import('../protocol.js').RoomCommander} command
 * @param {HTMLSelectElement} aiLevel
 * @param {{colour: string, marker?: string, badges?: Child[]}} game  the seat's colour and marker, and the game's badges
 */
export function seatCard(state, seat, command, aiLevel, game) {
  const setup = state.phase === 'setup';
  const actions = [];
  if (setup && !seat.player && state.you === null) {
    actions.push(h('button', { class: 'sit', onclick: () => command('sit', { seat: seat.seat }) }, t('sit_here')));
  }
  if (setup && !seat.player && state.seat_ai) {
    actions.push(h('button', {
      class: 'add-ai',
      onclick: () => command('ai', { seat: seat.seat, level: aiLevel.value }),
    }, t('add_ai')));
  }
  if (setup && seat.player?.kind === 'ai') {
    actions.push(h('button', { class: 'remove-ai', onclick: () => command('unseat_ai', { seat: seat.seat }) }, t('remove_ai')));
  }
  if (setup && seat.seat === state.you && !seat.ready) {
    actions.push(h('button', { class: 'stand', onclick: () => command('stand', {}) }, t('stand')));
  }
  const toMove = state.phase === 'playing' && state.clock?.seat === seat.seat;
  return h('div', {
    class: `seat-card${toMove ? ' to-move' : ''}${seat.seat === state.you ? ' mine' : ''}`,
    'data-seat': seat.seat,
  },
    h('div', { class: 'seat-head' }, chip(game.colour, game.marker), h('strong', {}, seatName(seat.seat, state.game)), ' ', playerLine(seat)),
    h('div', { class: 'badges' }, badges(state, seat), game.badges ?? []),
    toMove ? h('div', { class: 'seat-clock', 'data-clock-seat': seat.seat }) : null,
    actions.length > 0 ? h('div', { class: 'seat-actions' }, actions) : null,
  );
}

/**
 * Who played a finished game, as its result table needs them: the game, the reader's seat,
 * the stake, the seats in order and each seat's label.
 * @typedef {object} ResultSeats
 * @property {string} game
 * @property {string | null} you
 * @property {number} stake
 * @property {string[]} order
 * @property {(seat: string) => string} label
 */

/**
 * A room's seats as its result table reads them.
 * @param {RoomState} state
 * @returns {ResultSeats}
 */
export const roomSeats = (state) => ({
  game: state.game,
  you: state.you,
  stake: state.stake,
  order: state.seats.map((seat) => seat.seat),
  label: (seat) => seatLabel(state, seat),
});

/**
 * A change in points as people read it, with the rule that set the table aside when one did
 * ("0 — a win within 30 moves scores nothing").
 * @param {{points: number, note?: import('../protocol.js').PointsNote | null}} line
 */
export const pointsText = (line) => (line.note?.kind === 'short_game'
  ? `${signed(line.points)} — ${t('points_short_game', { max: line.note.max_moves ?? 0 })}`
  : signed(line.points));

/**
 * The end of the game: who won, why, and each seat's points and gold.
 * @param {ResultSeats} seats
 * @param {GameResult} result
 * @param {(seat: string) => string} colourOf  a seat's colour
 */
export function resultTable(seats, result, colourOf) {
  const mine = seats.you ? result.seats[seats.you] : undefined;
  const headline = mine
    ? t(mine.result === 'win' ? 'you_won' : mine.result === 'draw' ? 'you_drew' : mine.result === 'escaped' ? 'you_escaped' : 'you_lost')
    : result.result === 'draw'
      ? t('draw')
      : t('winners_are', { who: result.winners.map((seat) => seats.label(seat)).join(', ') });
  return h('div', { class: 'result', id: 'result', 'data-outcome': mine?.result ?? result.result },
    h('h2', {}, headline),
    h('p', {}, t('reason', { reason: reasonText(result.reason, seats.game) })),
    h('table', {},
      h('thead', {}, h('tr', {}, h('th', {}, t('seat')), h('th', {}, t('outcome')), h('th', {}, t('points')), seats.stake > 0 ? h('th', {}, t('gold')) : null)),
      h('tbody', {}, seats.order.filter((seat) => result.seats[seat])
        .map((seat) => /** @type {[string, import('../protocol.js').SeatResult]} */ ([seat, result.seats[seat]]))
        .map(([seat, line]) => h('tr', { 'data-seat': seat },
        h('td', {}, chip(colourOf(seat)), seats.label(seat)),
        h('td', {}, outcomeText(line.result)),
        h('td', { class: 'points-change', 'data-note': line.note?.kind ?? '' }, pointsText(line)),
        seats.stake > 0 ? h('td', { class: 'gold-change' }, signed(line.gold)) : null,
      ))),
    ),
  );
}

/**
 * A seat's result in words.
 * @param {string} result
 */
export const outcomeText = (result) =>
  t(result === 'win' ? 'outcome_win' : result === 'loss' ? 'outcome_loss' : result === 'draw' ? 'outcome_draw' : 'outcome_escaped');

/**
 * The rank title in the page's language.
 * @param {{title?: string, title_en?: string}} user
 */
export const titleOf = (user) => (language() === 'zh' ? user.title : user.title_en) ?? '';

/**
 * Joins the room again when a dropped connection comes back (the seat is found as it was).
 * Returns the listeners' removers.
 * @param {import('../socket.js').Connection} conn
 * @param {() => void} join
 */
export function rejoinAfterDrop(conn, join) {
  let dropped = false;
  return [
    conn.on('status', (m) => {
      if (m.code === 'down') dropped = true;
    }),
    conn.on('hello', () => {
      if (dropped) join();
      dropped = false;
    }),
  ];
}
