// A room's page once the room is no longer open (its actor is gone): a finished game shows
// its result, the offer to save it to one's replays while it is not saved yet, and a link to
// its replay; a room that closed before its game started, or never existed, says so with a
// way back to the lobby. Read from the store (`GET /api/games/{id}`), never a wait for a
// room state that will not come.

import * as api from '../api.js';
import { h, replace } from '../dom.js';
import { gameModule, modeLabel } from '../games/index.js';
import { seatName, t } from '../i18n.js';
import { playerName, resultTable } from './room-parts.js';

/** @typedef {import('../main.js').Context} Context */
/** @typedef {import('../protocol.js').GameSummary} GameSummary */
/** @typedef {import('../protocol.js').GameResult} GameResult */

/** The way back to the lobby. */
const backToLobby = () => h('a', { class: 'button', id: 'back-to-lobby', href: '#/lobby' }, t('back_to_lobby'));

/**
 * Replaces the room page's content with what became of room `roomId`.
 * @param {HTMLElement} page  the room page (`.page.room`)
 * @param {Context} ctx
 * @param {string} roomId
 */
export function showClosedRoom(page, ctx, roomId) {
  page.dataset.phase = 'closed';
  api.gameSummary(roomId).then((summary) => {
    page.dataset.closed = summary.status;
    if (summary.status === 'finished' && summary.result) {
      replace(page, ...finishedRoom(ctx, summary, /** @type {GameResult} */ (summary.result)));
      return;
    }
    const words = summary.status === 'abandoned' ? 'room_abandoned' : 'room_unreachable';
    replace(page, h('p', { class: 'notice', id: 'room-closed' }, t(words, { room: roomId })), backToLobby());
  }).catch((failure) => {
    const missing = failure instanceof api.ApiError && failure.status === 404;
    page.dataset.closed = missing ? 'missing' : 'error';
    replace(page,
      h('p', { class: 'error', id: missing ? 'no-such-room' : 'room-error' },
        missing ? t('no_such_room', { room: roomId }) : failure instanceof Error ? failure.message : String(failure)),
      backToLobby());
  });
}

/**
 * A finished room: its head, the result with every seat's points, saving and watching the
 * replay.
 * @param {Context} ctx
 * @param {GameSummary} summary
 * @param {GameResult} result
 */
function finishedRoom(ctx, summary, result) {
  const game = gameModule(summary.game);
  const you = summary.players.find((player) => !player.ai && player.name === ctx.user?.name)?.seat ?? null;
  const label = (/** @type {string} */ seat) => {
    const player = summary.players.find((line) => line.seat === seat);
    return player ? `${seatName(seat, summary.game)} ${playerName(player)}` : seatName(seat, summary.game);
  };
  const id = String(summary.id);
  const save = h('div', { class: 'ask-save' });
  if (ctx.user) {
    // The offer stands while the game is not among the reader's replays.
    api.replays().then((saved) => {
      if (saved.some((replay) => String(replay.id) === id)) {
        replace(save, h('p', { class: 'saved', id: 'replay-saved' }, t('replay_saved')));
        return;
      }
      replace(save, h('p', {}, t('save_replay_question')),
        h('button', {
          id: 'save-replay',
          onclick: () => api.saveReplay(id)
            .then(() => replace(save, h('p', { class: 'saved', id: 'replay-saved' }, t('replay_saved'))))
            .catch((failure) => replace(save, h('p', { class: 'error' }, failure instanceof Error ? failure.message : String(failure)))),
        }, t('save_replay')));
    }).catch(() => {});
  }
  return [
    h('div', { class: 'room-head' },
      h('h2', {}, t('room_n', { room: id }), ' · ', modeLabel(summary.game, summary.mode),
        summary.stake > 0 ? ` · ${t('gold_room', { stake: summary.stake })}` : ''),
      summary.finished_ms ? h('span', {}, t('finished_on', { date: new Date(summary.finished_ms).toLocaleString() })) : null),
    resultTable({
      game: summary.game,
      you,
      stake: summary.stake,
      order: summary.players.map((player) => player.seat),
      label,
    }, result, (seat) => game?.seatColour(seat) ?? '#555'),
    h('div', { class: 'after-game' },
      save,
      h('a', { class: 'button', id: 'open-replay', href: `#/replay/${encodeURIComponent(id)}` }, t('open_replay')),
      backToLobby()),
  ];
}
