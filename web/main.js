// The page: header, language switch, and a hash router that mounts one page at a time.
// Routes: #/signin, #/lobby, #/room/<id>, #/profile/<name>, #/replay/<id>.

import * as api from './api.js';
import { h, replace } from './dom.js';
import { LANGUAGES, language, setLanguage, t } from './i18n.js';
import { Connection } from './socket.js';
import * as lobby from './pages/lobby.js';
import * as profile from './pages/profile.js';
import * as replay from './pages/replay.js';
import * as room from './pages/room.js';
import * as signIn from './pages/sign-in.js';

/** @typedef {import('./protocol.js').User} User */
/** @typedef {import('./protocol.js').ServerMessage} ServerMessage */

/**
 * What every page gets.
 * @typedef {object} Context
 * @property {User | null} user  the signed-in user
 * @property {Connection} conn  the WebSocket (opened once signed in)
 * @property {ServerMessage | null} hello  the last `hello`
 * @property {(user: User) => void} signedIn
 * @property {(hash: string) => void} navigate
 * @property {(user: User) => void} updateUser
 */

/** @typedef {(root: HTMLElement, ctx: Context, arg: string) => (() => void)} Mount */

const header = h('header', { class: 'top' });
const main = h('main', { id: 'page' });
const status = h('div', { id: 'connection', class: 'connection', hidden: true });
document.body.replaceChildren(header, status, main);

/** @type {Context} */
const ctx = {
  user: null,
  conn: new Connection(),
  hello: null,
  signedIn(user) {
    ctx.user = user;
    ctx.conn.open().catch(() => {});
    navigate(location.hash.startsWith('#/signin') || !location.hash ? '#/lobby' : location.hash);
  },
  navigate,
  updateUser(user) {
    ctx.user = user;
    drawHeader();
  },
};

ctx.conn.on('hello', (message) => {
  ctx.hello = message;
  if (message.user) ctx.updateUser(message.user);
});
ctx.conn.on('status', (message) => {
  status.hidden = message.code !== 'down';
  status.textContent = t('reconnecting');
});

/**
 * Goes to `hash`; the hashchange listener mounts its page, or it is mounted again here when
 * the hash is already there.
 * @param {string} hash
 */
function navigate(hash) {
  if (location.hash !== hash) location.hash = hash;
  else route();
}

function drawHeader() {
  const user = ctx.user;
  replace(
    header,
    h('a', { class: 'brand', href: '#/lobby' }, '战棋 ', h('small', {}, 'zhanqi')),
    h('nav', {},
      user && h('a', { href: '#/lobby', id: 'nav-lobby' }, t('lobby')),
      user && h('a', { href: `#/profile/${encodeURIComponent(user.name)}`, id: 'nav-profile' },
        user.name, user.level != null && ` · ${(language() === 'zh' ? user.title : user.title_en) ?? ''}`),
      user && h('button', {
        class: 'link',
        id: 'sign-out',
        onclick: async () => {
          await api.logout().catch(() => {});
          ctx.conn.close();
          ctx.user = null;
          navigate('#/signin');
        },
      }, t('sign_out')),
      h('span', { class: 'languages', role: 'group', 'aria-label': t('language') },
        LANGUAGES.map(([code, label]) =>
          h('button', {
            class: code === language() ? 'link current' : 'link',
            'data-lang': code,
            onclick: () => {
              setLanguage(code);
              drawHeader();
              route();
            },
          }, label),
        ),
      ),
    ),
  );
}

/** @type {() => void} */
let unmount = () => {};

function route() {
  const hash = location.hash || '#/lobby';
  const [, page = '', arg = ''] = hash.split('/');
  unmount();
  main.replaceChildren();
  drawHeader();
  const argument = decodeURIComponent(arg);
  /** @type {Mount} */
  let mount = lobby.mount;
  if (!ctx.user && page !== 'replay' && page !== 'profile') mount = signIn.mount;
  else if (page === 'room' && argument) mount = room.mount;
  else if (page === 'profile' && argument) mount = profile.mount;
  else if (page === 'replay' && argument) mount = replay.mount;
  else if (page === 'signin' && !ctx.user) mount = signIn.mount;
  document.body.dataset.page = mount === signIn.mount ? 'signin' : page || 'lobby';
  unmount = mount(main, ctx, argument);
}

async function start() {
  setLanguage(language());
  try {
    ctx.user = await api.me();
  } catch {
    ctx.user = null;
  }
  if (ctx.user) ctx.conn.open().catch(() => {});
  window.addEventListener('hashchange', route);
  route();
}

start();
