// A refusal as a person reads it: one sentence in the page's language for each reason the
// server (or the page) gives, never the server's English, a rule id or an internal coordinate
// (docs/wire-protocol.md, "Refusals"). The platform's reasons and codes are the shell's strings
// (`refusal_<kind>` in lang/*.js); a game's reasons are the game's (`web/games/<game>/strings.js`).

import { fill, lookup, t } from './i18n.js';

/**
 * One typed reason: a kind and its named arguments, already in player-visible vocabulary.
 * @typedef {{kind: string, [name: string]: string}} Reason
 */

/**
 * What a refusal carries: the server's code and reasons (an error frame, an HTTP error body).
 * @typedef {{code?: unknown, reasons?: unknown}} Refused
 */

/**
 * One reason as a sentence, or null when no strings name its kind. An argument `name` of value
 * `v` is said as the strings' `name_v` when there is one (a piece `piece_M`, a seat `seat_s`).
 * @param {Reason} reason
 * @param {string} [game]  the game whose reason it may be
 * @returns {string | null}
 */
export function reasonSentence(reason, game) {
  const template = lookup(`refusal_${reason.kind}`, game);
  if (template === null) return null;
  /** @type {Record<string, string>} */
  const vars = {};
  for (const [name, value] of Object.entries(reason)) {
    if (name !== 'kind') vars[name] = lookup(`${name}_${value}`, game) ?? String(value);
  }
  return fill(template, vars);
}

/**
 * The reasons a failure carries, if it is a refusal with reasons.
 * @param {unknown} failure
 * @returns {Reason[]}
 */
function reasonsOf(failure) {
  const reasons = failure && typeof failure === 'object' ? /** @type {Refused} */ (failure).reasons : undefined;
  return Array.isArray(reasons) ? reasons.filter((reason) => reason && typeof reason.kind === 'string') : [];
}

/**
 * A failure (a refused command, an HTTP error, a lost connection) as sentences in the page's
 * language, one for each reason, or the one sentence of its code when a reason has none.
 * @param {unknown} failure
 * @param {string} [game]  the game the page shows, whose strings say its reasons
 * @returns {string[]}
 */
export function refusalSentences(failure, game) {
  const said = reasonsOf(failure).map((reason) => reasonSentence(reason, game));
  if (said.length > 0 && said.every((sentence) => sentence !== null)) return /** @type {string[]} */ (said);
  const code = failure && typeof failure === 'object' ? /** @type {Refused} */ (failure).code : undefined;
  const general = typeof code === 'string' ? lookup(`refusal_${code}`, game) : null;
  // A failure without a code of the server's is the network's (fetch's TypeError).
  return [general ?? (typeof code === 'string' ? t('refusal_unknown') : t('refusal_network'))];
}

/**
 * A failure as the text a page shows: its sentences, one a line.
 * @param {unknown} failure
 * @param {string} [game]
 */
export const refusalText = (failure, game) => refusalSentences(failure, game).join('\n');
