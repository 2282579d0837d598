// A player's profile: points, rank title, games won, lost, drawn and escaped, gold; on your
// own profile, your saved replays too.

import * as api from '../api.js';
import { h, replace } from '../dom.js';
import { seatName, t } from '../i18n.js';
import { modeLabel } from '../games/index.js';
import { titleOf } from './room-parts.js';
import { refusalText } from '../refusal.js';

/** @typedef {import('../main.js').Context} Context */

/**
 * @param {HTMLElement} root
 * @param {Context} ctx
 * @param {string} name
 */
export function mount(root, ctx, name) {
  const card = h('div', { class: 'card profile', id: 'profile' }, t('loading'));
  const replays = h('div', { class: 'card', id: 'replays' });
  const own = ctx.user?.name === name;
  root.append(h('section', { class: 'page' }, card, own ? replays : null));

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
