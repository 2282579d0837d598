// A player's profile: points, rank title, games won, lost, drawn and escaped, gold; every
// game they played to its end, newest first, a page at a time (game, date, opponents, result
// and points, its replay); on your own profile, your saved replays too.

import * as api from '../api.js';
import { h, replace } from '../dom.js';
import { seatName, t } from '../i18n.js';
import { modeLabel } from '../games/index.js';
import { outcomeText, playerName, pointsText, titleOf } from './room-parts.js';
import { refusalText } from '../refusal.js';

/** @typedef {import('../main.js').Context} Context */
/** @typedef {import('../protocol.js').PlayedLine} PlayedLine */

/**
 * @param {HTMLElement} root
 * @param {Context} ctx
 * @param {string} name
 */
export function mount(root, ctx, name) {
  const card = h('div', { class: 'card profile', id: 'profile' }, t('loading'));
  const replays = h('div', { class: 'card', id: 'replays' });
  const own = ctx.user?.name === name;
  const history = historyCard(name);
  root.append(h('section', { class: 'page' }, card, history, own ? replays : null));

  api.user(name).then((user) => {
    if (own) ctx.updateUser(user);
    /** @type {[string, string | number][]} */
    const rows = [
      [t('points'), user.points],
      // A game family without ranks shows points only.
      ...(user.level == null ? [] : /** @type {[string, string][]} */ ([[t('rank'), `${t('level_n', { level: user.level })} · ${titleOf(user)}`]])),
      [t('games_played'), user.games.played],
      [t('games_won'), user.games.won],
      [t('games_lost'), user.games.lost],
      [t('games_drawn'), user.games.drawn],
      [t('games_escaped'), user.games.escaped],
      [t('gold'), user.gold],
    ];
    replace(card,
      h('h2', {}, user.name, user.kind === 'guest' ? ` (${t('guest_short')})` : ''),
      h('dl', { class: 'stats' }, rows.flatMap(([label, value]) =>
        [h('dt', {}, label), h('dd', { 'data-stat': label }, value)])),
    );
    card.dataset.points = String(user.points);
    card.dataset.gold = String(user.gold);
    card.dataset.played = String(user.games.played);
  }).catch((failure) => {
    replace(card, h('p', { class: 'error' }, refusalText(failure)));
  });

  if (own) {
    api.replays().then((list) => {
      replace(replays, h('h2', {}, t('my_replays')),
        list.length === 0 ? h('p', { class: 'empty' }, t('no_replays')) : h('ul', { class: 'replay-list' },
          list.map((entry) => h('li', {},
            h('a', { href: `#/replay/${encodeURIComponent(String(entry.id))}`, 'data-replay': entry.id },
              entry.id, entry.game && entry.mode ? ` · ${modeLabel(entry.game, entry.mode)}` : '',
              entry.players ? ` · ${Object.entries(entry.players).map(([seat, player]) => `${seatName(seat, entry.game)} ${player}`).join(', ')}` : '',
              entry.finished_ms ? ` · ${new Date(entry.finished_ms).toLocaleString()}` : '')))));
    }).catch((failure) => {
      replace(replays, h('p', { class: 'error' }, refusalText(failure)));
    });
  }
  return () => {};
}

/**
 * The games `name` played to their end, newest first; older ones a page at a time.
 * @param {string} name
 */
function historyCard(name) {
  const body = h('tbody', {});
  const more = h('button', { id: 'history-more', hidden: true }, t('history_more'));
  const card = h('div', { class: 'card', id: 'history' }, h('h2', {}, t('history')), t('loading'));
  let shown = 0;
  const load = () => api.history(name, shown).then((page) => {
    if (shown === 0) {
      replace(card, h('h2', {}, t('history')), page.games.length === 0
        ? h('p', { class: 'empty' }, t('no_history'))
        : h('table', { class: 'history-list' },
          h('thead', {}, h('tr', {},
            h('th', {}, t('history_date')), h('th', {}, t('history_game')), h('th', {}, t('history_opponents')),
            h('th', {}, t('outcome')), h('th', {}, t('points')), h('th', {}))),
          body), more);
    }
    body.append(...page.games.map(historyRow));
    shown += page.games.length;
    more.hidden = !page.more;
  }).catch((failure) => {
    replace(card, h('h2', {}, t('history')), h('p', { class: 'error' }, failure instanceof Error ? failure.message : String(failure)));
  });
  more.addEventListener('click', () => load());
  load();
  return card;
}

/**
 * One game of the history.
 * @param {PlayedLine} line
 */
function historyRow(line) {
  const opponents = line.players.filter((player) => player.seat !== line.seat)
    .map((player) => `${seatName(player.seat, line.game)} ${playerName(player)}`).join(', ');
  return h('tr', { 'data-game': line.id, 'data-result': line.result },
    h('td', {}, line.finished_ms ? new Date(line.finished_ms).toLocaleString() : ''),
    h('td', {}, modeLabel(line.game, line.mode)),
    h('td', { class: 'opponents' }, opponents),
    h('td', { class: 'history-result' }, outcomeText(line.result)),
    h('td', { class: 'points-change', 'data-note': line.note?.kind ?? '' },
      pointsText(line)),
    h('td', {}, h('a', { class: 'button', href: `#/replay/${encodeURIComponent(String(line.id))}`, 'data-replay': line.id }, t('history_replay'))),
  );
}
