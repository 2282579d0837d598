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
 * The string `key` in the current language, with `{name}` replaced by `vars.name`.
 * @param {Key} key
 * @param {Record<string, string | number>} [vars]
 */
export function t(key, vars = {}) {
  const text = TABLES[current][key] ?? en[key];
  return text.replace(/\{(\w+)\}/g, (_, name) => (name in vars ? String(vars[name]) : `{${name}}`));
}

/**
 * Whether `key` names a string (for keys built from server codes, such as reasons).
 * @param {string} key
 * @returns {key is Key}
 */
export const hasKey = (key) => key in en;

/**
 * A piece's name: short for the tile, long for its tooltip.
 * @param {string} letter
 */
export function pieceName(letter) {
  const short = /** @type {Key} */ (`piece_${letter}`);
  const long = /** @type {Key} */ (`piece_${letter}_long`);
  if (!hasKey(short)) return { short: letter, long: letter };
  return { short: t(short), long: hasKey(long) ? t(long) : t(short) };
}

/**
 * A seat's name for people (南 / South …).
 * @param {string} seat
 */
export function seatName(seat) {
  const key = `seat_${seat}`;
  return hasKey(key) ? t(key) : seat;
}

/**
 * A reason code from the server (`flag_captured`, `surrender` …) in words, or the code.
 * @param {string} code
 */
export function reasonText(code) {
  const key = `reason_${code}`;
  return hasKey(key) ? t(key) : code;
}
