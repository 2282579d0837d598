// The page's language: one string table per language (lang/*.js), chosen by a switch and
// remembered in localStorage. Chinese tables are checked to have every key English has.

import { en } from './lang/en.js';
import { zh } from './lang/zh.js';

/** @typedef {keyof typeof en} Key */
/** @typedef {'zh' | 'en'} Language */

/** @type {Record<Language, Record<Key, string>>} */
const TABLES = { zh, en };

/** The languages offered by the switch, each named in itself. */
export const LANGUAGES = /** @type {const} */ ([
  ['zh', '中文'],
  ['en', 'English'],
]);

/** @returns {Language} */
function initialLanguage() {
  const saved = localStorage.getItem('zhanqi.lang');
  if (saved === 'zh' || saved === 'en') return saved;
  return navigator.language.toLowerCase().startsWith('zh') ? 'zh' : 'en';
}

/** @type {Language} */
let current = initialLanguage();

/** The language in use. */
export const language = () => current;

/** @param {Language} lang */
export function setLanguage(lang) {
  current = lang;
  localStorage.setItem('zhanqi.lang', lang);
  document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
}

/**
 * Strings of the game modules, by language (games/index.js adds them), for keys built from
 * server codes: seat names, reasons.
 * @type {Record<Language, Record<string, string>>}
 */
const GAME_TABLES = { zh: {}, en: {} };

/**
 * Each game's own strings by the game's name, for keys that several games define alike (seat
 * names `seat_1`): read from the game a page shows when it names the game.
 * @type {Record<string, {en: Record<string, string>, zh: Record<string, string>}>}
 */
const BY_GAME = {};

/**
 * Adds a game module's strings to the tables that seat names and reasons are looked up in.
 * A key another game added first keeps that game's words in the shared table; each game's
 * own are found by its name.
 * @param {{en: Record<string, string>, zh: Record<string, string>}} strings
 * @param {string} [game]
 */
export function addStrings(strings, game) {
  GAME_TABLES.en = { ...strings.en, ...GAME_TABLES.en };
  GAME_TABLES.zh = { ...strings.zh, ...GAME_TABLES.zh };
  if (game) BY_GAME[game] = strings;
}

/**
 * `text` with `{name}` replaced by `vars.name`.
 * @param {string} text
 * @param {Record<string, string | number>} vars
 */
export const fill = (text, vars) =>
  text.replace(/\{(\w+)\}/g, (_, name) => (name in vars ? String(vars[name]) : `{${name}}`));

/**
 * The string `key` in the current language, with `{name}` replaced by `vars.name`. When
 * `vars.count` is a number that the language's plural rules call "one" and the table has
 * `<key>_one`, that form is used ("1 timeout", "2 timeouts").
 * @param {Key} key
 * @param {Record<string, string | number>} [vars]
 */
export function t(key, vars = {}) {
  const table = TABLES[current];
  if (typeof vars.count === 'number' && new Intl.PluralRules(current).select(vars.count) === 'one') {
    const one = /** @type {Record<string, string>} */ (table)[`${key}_one`];
    if (one) return fill(one, vars);
  }
  return fill(table[key] ?? en[key], vars);
}

/**
 * The translation function of one game module's strings, checked like the page's: its Chinese
 * table must have every key its English table has.
 * @template {Record<string, string>} E
 * @param {{en: E, zh: Record<keyof E, string>}} strings
 * @returns {(key: keyof E & string, vars?: Record<string, string | number>) => string}
 */
export function translator(strings) {
  return (key, vars = {}) => fill(strings[current][key] ?? strings.en[key], vars);
}

/**
 * Whether `key` names a string of the page or of a game (for keys built from server codes).
 * @param {string} key
 */
export const hasKey = (key) => key in en || key in GAME_TABLES.en;

/**
 * A string of the page or of a game by a key built from a server code, or null: the named
 * game's own first, when a game is named.
 * @param {string} key
 * @param {string} [game]
 * @returns {string | null}
 */
export function lookup(key, game) {
  if (key in en) return t(/** @type {Key} */ (key));
  const own = game ? BY_GAME[game] : undefined;
  return own?.[current]?.[key] ?? own?.en?.[key] ?? GAME_TABLES[current][key] ?? GAME_TABLES.en[key] ?? null;
}

/**
 * A game's own string `key` (its name `game_<game>`, its one-line description `game_blurb`), or
 * null when the game has none.
 * @param {string} key
 * @param {string} game
 * @returns {string | null}
 */
export function gameText(key, game) {
  const own = BY_GAME[game];
  return own?.[current]?.[key] ?? own?.en?.[key] ?? null;
}

/**
 * A seat's name for people (南 / South, Player 1 …), from the game's strings.
 * @param {string} seat
 * @param {string} [game]  the game whose seat it is (games may name seats alike)
 */
export function seatName(seat, game) {
  return lookup(`seat_${seat}`, game) ?? seat;
}

/**
 * A reason code from the server (`surrender`, a game's own …) in words, or the code.
 * @param {string} code
 * @param {string} [game]  the game whose reason it is
 */
export function reasonText(code, game) {
  return lookup(`reason_${code}`, game) ?? code;
}
