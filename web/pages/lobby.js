// The lobby: open and running rooms (pushed by the server), creating a room in any game and
// mode the server offers (`GET /api/games`) that this client has a module for, with the
// game's own options, and the rooms where you still hold a seat.

import * as api from '../api.js';
import { h, replace } from '../dom.js';
import { gameModule, modeLabel } from '../games/index.js';
import { seatName, t } from '../i18n.js';
import { optionForm } from './option-form.js';
import { refusalText } from '../refusal.js';

/** @typedef {import('../main.js').Context} Context */
/** @typedef {import('../protocol.js').RoomSummary} RoomSummary */

/**
 * @param {HTMLElement} root
 * @param {Context} ctx
 */
export function mount(root, ctx) {
  const list = h('div', { id: 'rooms', class: 'rooms' }, t('loading'));
  const seated = h('div', { id: 'seated' });
  const error = h('p', { class: 'error', role: 'alert' });
  // One choice per game and mode; the option's value is the mode, its `data-game` the game.
  const mode = h('select', { name: 'mode', id: 'create-mode' });
  const stake = h('input', { name: 'stake', id: 'create-stake', type: 'number', min: 0, step: 1, value: 0 });
  /** The options of the chosen game (shengke's first player), from its module. */
  const gameOptions = h('div', { class: 'game-options', id: 'create-options' });
  /** @type {import('../games/module.js').LobbyOptions | null} */
  let options = null;
  /** The form of the options the server lists for the chosen game and mode. */
  let fields = optionForm([], '');
  /** @type {Record<string, import('./option-form.js').OptionField[]>} */
  const fieldsOf = {};
  const chosenGame = () => mode.selectedOptions[0]?.dataset.game ?? '';
  let optionsFor = '';
  const drawOptions = () => {
    // Choosing the same game and mode again keeps what its options say.
    if (optionsFor === `${chosenGame()}/${mode.value}`) return;
    optionsFor = `${chosenGame()}/${mode.value}`;
    options = gameModule(chosenGame())?.lobbyOptions?.(mode.value) ?? null;
    fields = optionForm(fieldsOf[chosenGame()] ?? [], mode.value);
    replace(gameOptions, fields.element, options?.element);
  };
  mode.addEventListener('change', drawOptions);
  api.games().then((games) => {
    for (const game of games) fieldsOf[game.name] = game.options ?? [];
    replace(mode, games.filter((game) => gameModule(game.name)).flatMap((game) =>
      game.modes.map((code) => h('option', { value: code, 'data-game': game.name }, modeLabel(game.name, code)))));
    drawOptions();
  }).catch((failure) => {
    error.textContent = refusalText(failure);
  });
  const create = h('form', {
    id: 'create-room',
    class: 'card',
    onsubmit: async (event) => {
      event.preventDefault();
      error.textContent = '';
      try {
        const ok = await ctx.conn.send('create', {
          game: chosenGame(),
          mode: mode.value,
          stake: Math.max(0, Math.floor(Number(stake.value) || 0)),
          ...options?.values(),
          ...(Object.keys(fields.values()).length > 0 ? { options: fields.values() } : {}),
        });
        if (ok.room !== undefined && typeof ok.room !== 'object') ctx.navigate(`#/room/${encodeURIComponent(String(ok.room))}`);
      } catch (failure) {
        error.textContent = refusalText(failure);
      }
    },
  },
    h('h2', {}, t('create_room')),
    h('label', {}, t('mode'), mode),
    h('label', {}, t('gold_stake'), stake, h('small', {}, t('gold_stake_hint'))),
    gameOptions,
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
        h('td', {}, modeLabel(room.game, room.mode), room.stake > 0 ? ` · ${t('gold_room', { stake: room.stake })}` : ''),
        h('td', {}, t(room.phase === 'setup' ? 'phase_setup' : room.phase === 'playing' ? 'phase_playing' : 'phase_over')),
        h('td', {}, room.seats.map((seat) => h('span', { class: `seat-chip seat-${seat.seat}` },
          seatName(seat.seat, room.game), ': ',
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
    error.textContent = refusalText(failure);
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
