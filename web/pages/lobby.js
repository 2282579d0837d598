// The lobby: open and running rooms (pushed by the server), creating a room, and the rooms
// where you still hold a seat.

import { h, replace } from '../dom.js';
import { seatName, t } from '../i18n.js';

/** @typedef {import('../main.js').Context} Context */
/** @typedef {import('../protocol.js').RoomSummary} RoomSummary */

/** The modes a room can be created in, with their string keys. */
export const MODES = /** @type {const} */ ([
  ['2p', 'mode_2p'],
  ['4p', 'mode_4p'],
  ['dark', 'mode_dark'],
  ['standard', 'game_shengke'],
]);

/** The game of each mode the lobby offers (shengke's one mode is `standard`). */
const GAME_OF = /** @type {Record<string, string>} */ ({ standard: 'shengke' });

/** @param {string} mode */
export function modeName(mode) {
  const found = MODES.find(([code]) => code === mode);
  return found ? t(found[1]) : mode;
}

/**
 * @param {HTMLElement} root
 * @param {Context} ctx
 */
export function mount(root, ctx) {
  const list = h('div', { id: 'rooms', class: 'rooms' }, t('loading'));
  const seated = h('div', { id: 'seated' });
  const error = h('p', { class: 'error', role: 'alert' });
  const mode = h('select', { name: 'mode', id: 'create-mode' },
    MODES.map(([code, key]) => h('option', { value: code }, t(key))));
  const stake = h('input', { name: 'stake', id: 'create-stake', type: 'number', min: 0, step: 1, value: 0 });
  // Shengke draws who takes seat 1 (and moves first) unless the room plays as seated.
  const firstPlayer = h('select', { name: 'first_player', id: 'create-first-player' },
    h('option', { value: 'random' }, t('first_player_random')),
    h('option', { value: 'seats' }, t('first_player_seats')));
  const firstPlayerLabel = h('label', { hidden: true }, t('first_player'), firstPlayer);
  mode.addEventListener('change', () => { firstPlayerLabel.hidden = GAME_OF[mode.value] !== 'shengke'; });
  const create = h('form', {
    id: 'create-room',
    class: 'card',
    onsubmit: async (event) => {
      event.preventDefault();
      error.textContent = '';
      try {
        const game = GAME_OF[mode.value] ?? 'junqi';
        const ok = await ctx.conn.send('create', {
          game,
          mode: mode.value,
          stake: Math.max(0, Math.floor(Number(stake.value) || 0)),
          ...(game === 'shengke' ? { first_player: firstPlayer.value } : {}),
        });
        if (ok.room !== undefined && typeof ok.room !== 'object') ctx.navigate(`#/room/${encodeURIComponent(String(ok.room))}`);
      } catch (failure) {
        error.textContent = failure instanceof Error ? failure.message : String(failure);
      }
    },
  },
    h('h2', {}, t('create_room')),
    h('label', {}, t('mode'), mode),
    h('label', {}, t('gold_stake'), stake, h('small', {}, t('gold_stake_hint'))),
    firstPlayerLabel,
    h('button', { type: 'submit' }, t('create')),
    error,
  );

  /** @param {RoomSummary[]} rooms */
  const drawRooms = (rooms) => {
    if (rooms.length === 0) {
      replace(list, h('p', { class: 'empty' }, t('no_rooms')));
      return;
    }
    replace(list, h('table', { class: 'room-list' },
      h('thead', {}, h('tr', {},
        h('th', {}, t('room')), h('th', {}, t('mode')), h('th', {}, t('phase')),
        h('th', {}, t('players')), h('th', {}, t('spectators')), h('th', {}))),
      h('tbody', {}, rooms.map((room) => h('tr', { 'data-room': String(room.id) },
        h('td', {}, room.id),
        h('td', {}, modeName(room.mode), room.stake > 0 ? ` · ${t('gold_room', { stake: room.stake })}` : ''),
        h('td', {}, t(room.phase === 'setup' ? 'phase_setup' : room.phase === 'playing' ? 'phase_playing' : 'phase_over')),
        h('td', {}, room.seats.map((seat) => h('span', { class: `seat-chip seat-${seat.seat}` },
          seatName(seat.seat), ': ',
          seat.player ? (seat.ai ? `${t('ai')} (${t(aiKey(seat.ai))})` : seat.player) : t('empty_seat')))),
        h('td', {}, room.spectators),
        h('td', {}, h('a', { class: 'button', href: `#/room/${encodeURIComponent(String(room.id))}` },
          room.phase === 'setup' ? t('enter') : t('watch'))),
      ))),
    ));
  };

  const drawSeated = () => {
    const rooms = ctx.hello?.seated ?? [];
    replace(seated, rooms.length === 0 ? null : h('div', { class: 'card notice' },
      h('h2', {}, t('your_games')),
      rooms.map((id) => h('a', { class: 'button', href: `#/room/${encodeURIComponent(String(id))}` }, t('rejoin', { room: id }))),
    ));
  };

  root.append(h('section', { class: 'page lobby' },
    seated,
    h('div', { class: 'lobby-grid' },
      h('div', { class: 'card' }, h('h2', {}, t('rooms')), list),
      create,
    ),
  ));
  drawSeated();

  const offs = [
    ctx.conn.on('lobby', (message) => drawRooms(message.rooms ?? [])),
    ctx.conn.on('hello', () => {
      drawSeated();
      ctx.conn.send('lobby').catch(() => {});
    }),
  ];
  ctx.conn.send('lobby').catch((failure) => {
    error.textContent = failure instanceof Error ? failure.message : String(failure);
  });
  return () => offs.forEach((off) => off());
}

/**
 * The string key of an AI level.
 * @param {string} level
 * @returns {'ai_easy' | 'ai_medium' | 'ai_hard' | 'ai_expert'}
 */
export function aiKey(level) {
  if (level === 'medium' || level === 'hard' || level === 'expert') return `ai_${level}`;
  return 'ai_easy';
}
