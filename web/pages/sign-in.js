// The landing page: the games zhanqi offers (`GET /api/games`, described by their modules),
// and signing in, registering, or playing as a guest with a chosen name.

import * as api from '../api.js';
import { h } from '../dom.js';
import { gameModule, modeLabel } from '../games/index.js';
import { gameText, t } from '../i18n.js';
import { refusalText } from '../refusal.js';

/** @typedef {import('../main.js').Context} Context */

/**
 * @param {HTMLElement} root
 * @param {Context} ctx
 */
export function mount(root, ctx) {
  /**
   * A form whose submit runs `action` and shows its error.
   * @param {string} id
   * @param {string} title
   * @param {boolean} withPassword
   * @param {string} button
   * @param {(name: string, password: string) => Promise<api.User>} action
   */
  const form = (id, title, withPassword, button, action) => {
    const error = h('p', { class: 'error', role: 'alert' });
    const name = h('input', { name: 'name', required: true, maxlength: 24, autocomplete: 'username' });
    const password = h('input', {
      name: 'password',
      type: 'password',
      required: true,
      minlength: withPassword && id === 'register' ? 8 : undefined,
      autocomplete: id === 'register' ? 'new-password' : 'current-password',
    });
    const submit = h('button', { type: 'submit' }, button);
    const element = h(
      'form',
      {
        id,
        class: 'card',
        onsubmit: async (event) => {
          event.preventDefault();
          error.textContent = '';
          submit.disabled = true;
          try {
            ctx.signedIn(await action(name.value.trim(), password.value));
          } catch (failure) {
            error.textContent = refusalText(failure);
          } finally {
            submit.disabled = false;
          }
        },
      },
      h('h2', {}, title),
      h('label', {}, t('name'), name),
      withPassword && h('label', {}, t('password'), password),
      submit,
      error,
    );
    return element;
  };

  const games = h('ul', { class: 'game-list', id: 'game-list', 'aria-label': t('games_offered') });
  api.games().then((offered) => {
    games.replaceChildren(...offered.filter((game) => gameModule(game.name)).map((game) =>
      h('li', { 'data-game': game.name },
        h('strong', {}, gameText(`game_${game.name}`, game.name) ?? game.name),
        h('span', { class: 'blurb' }, gameText('game_blurb', game.name) ?? ''),
        h('small', { class: 'modes' }, game.modes.map((mode) => modeLabel(game.name, mode)).join(' · ')),
      )));
  }).catch(() => games.remove());

  root.append(
    h('section', { class: 'page sign-in' },
      h('p', { class: 'intro' }, t('intro')),
      games,
      h('div', { class: 'cards' },
        form('login', t('sign_in'), true, t('sign_in'), api.login),
        form('register', t('register'), true, t('register'), api.register),
        form('guest', t('guest'), false, t('play_as_guest'), (name) => api.guest(name)),
      ),
    ),
  );
  return () => {};
}
