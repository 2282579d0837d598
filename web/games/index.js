// The registry of game modules: the game's name as the server lists it (`GET /api/games`) →
// its module. Adding a game to the client is its folder here (with its `style.css`) and one
// line below.

import { h } from '../dom.js';
import { addStrings } from '../i18n.js';
import { junqi } from './junqi/index.js';
import { qizhan } from './qizhan/index.js';
import { shengke } from './shengke/index.js';
import { siguo } from './siguo/index.js';
import { tiehuo } from './tiehuo/index.js';

/** @typedef {import('./module.js').GameModule} GameModule */

/** @type {Record<string, GameModule>} */
const GAMES = {
  junqi,
  shengke,
  siguo,
  qizhan,
  tiehuo,
};

// What every board shows alike (focus ring, seat markers, the selected piece, battles).
document.head.append(h('link', { rel: 'stylesheet', href: '/games/board.css' }));
for (const module of Object.values(GAMES)) {
  addStrings(module.strings, module.name);
  document.head.append(h('link', { rel: 'stylesheet', href: `/games/${module.name}/style.css` }));
}

/**
 * The module of `game`, or null when this client has none.
 * @param {string} game
 * @returns {GameModule | null}
 */
export const gameModule = (game) => GAMES[game] ?? null;

/**
 * A game's mode for people: its module's words, or the names as the server gives them.
 * @param {string} game
 * @param {string} mode
 */
export const modeLabel = (game, mode) => gameModule(game)?.modeLabel(mode) ?? `${game} ${mode}`;
