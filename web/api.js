// The HTTP half of the protocol (docs/wire-protocol.md §2): accounts, profiles, layouts,
// replays. Every call sends the session cookie; errors become ApiError with the server's
// code and typed reasons (refusal.js says them in the page's language).

/** @typedef {import('./protocol.js').User} User */
/** @typedef {import('./protocol.js').SavedLayout} SavedLayout */
/** @typedef {import('./protocol.js').ReplaySummary} ReplaySummary */
/** @typedef {import('./protocol.js').Replay} Replay */
/** @typedef {import('./protocol.js').GameSummary} GameSummary */
/** @typedef {import('./protocol.js').History} History */

/** An error answer of the server: its HTTP status, code, English message and typed reasons. */
export class ApiError extends Error {
  /**
   * @param {number} status
   * @param {string} code
   * @param {string} message
   * @param {import('./refusal.js').Reason[]} [reasons]  what to say, typed (refusal.js says it)
   */
  constructor(status, code, message, reasons = []) {
    super(message);
    this.status = status;
    this.code = code;
    this.reasons = reasons;
  }
}

/**
 * @param {string} method
 * @param {string} path
 * @param {unknown} [body]
 * @returns {Promise<any>}
 */
async function request(method, path, body) {
  /** @type {RequestInit} */
  const init = { method, credentials: 'same-origin', headers: {} };
  if (body !== undefined) {
    init.headers = { 'content-type': 'application/json' };
    init.body = JSON.stringify(body);
  }
  const response = await fetch(path, init);
  const text = await response.text();
  /** @type {any} */
  let json = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  if (!response.ok) {
    const error = json && json.error;
    throw new ApiError(
      response.status,
      error ? String(error.code) : 'http_' + response.status,
      error ? String(error.message) : text || response.statusText,
      error && Array.isArray(error.reasons) ? error.reasons : [],
    );
  }
  return json;
}

/** @param {string} part */
const enc = (part) => encodeURIComponent(part);

/** The signed-in user, or null. @returns {Promise<User | null>} */
export async function me() {
  try {
    return (await request('GET', '/api/me')).user;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/** @param {string} name @returns {Promise<User>} */
export async function guest(name) {
  return (await request('POST', '/api/guest', { name })).user;
}

/** @param {string} name @param {string} password @returns {Promise<User>} */
export async function register(name, password) {
  return (await request('POST', '/api/register', { name, password })).user;
}

/** @param {string} name @param {string} password @returns {Promise<User>} */
export async function login(name, password) {
  return (await request('POST', '/api/login', { name, password })).user;
}

/** @returns {Promise<void>} */
export async function logout() {
  await request('POST', '/api/logout');
}

/** @param {string} name @returns {Promise<User>} */
export async function user(name) {
  return (await request('GET', `/api/users/${enc(name)}`)).user;
}

/** A game's saved layouts or decks. @param {string} game @param {string} mode @returns {Promise<{layouts: SavedLayout[], last: string | null}>} */
export async function layouts(game, mode) {
  return request('GET', `/api/layouts?game=${enc(game)}&mode=${enc(mode)}`);
}

/** @param {string} name @param {string} game @param {string} layout @param {string} mode @returns {Promise<void>} */
export async function saveLayout(name, game, layout, mode) {
  await request('PUT', `/api/layouts/${enc(name)}`, { game, mode, layout });
}

/** @param {string} name @returns {Promise<void>} */
export async function deleteLayout(name) {
  await request('DELETE', `/api/layouts/${enc(name)}`);
}

/**
 * The games the server offers, each with its modes and the options a room may set.
 * @returns {Promise<{name: string, modes: string[], options?: import('./pages/option-form.js').OptionField[]}[]>}
 */
export async function games() {
  return (await request('GET', '/api/games')).games;
}

/** @returns {Promise<ReplaySummary[]>} */
export async function replays() {
  return (await request('GET', '/api/replays')).replays;
}

/** Puts a finished game on the signed-in account's replays. @param {string} id @returns {Promise<void>} */
export async function saveReplay(id) {
  await request('POST', `/api/games/${enc(id)}/save`);
}

/** A stored room once its actor is gone: its status, players and result. @param {string} id @returns {Promise<GameSummary>} */
export async function gameSummary(id) {
  return request('GET', `/api/games/${enc(id)}`);
}

/** A page of the games a person played to their end, newest first. @param {string} name @param {number} skip @returns {Promise<History>} */
export async function history(name, skip = 0) {
  return request('GET', `/api/users/${enc(name)}/games?skip=${skip}`);
}

/** @param {string} id @returns {Promise<Replay>} */
export async function replay(id) {
  return request('GET', `/api/games/${enc(id)}/replay`);
}

/** The geometry of a game's board (its module knows its shape). @param {string} game @param {string} mode @returns {Promise<unknown>} */
export async function board(game, mode) {
  return request('GET', `/api/boards/${enc(game)}/${enc(mode)}`);
}

/** Where the zhanqi record of a game downloads from. @param {string} id */
export const recordUrl = (id) => `/api/games/${enc(id)}/record`;

/** Where the JFEN of every position of a game downloads from. @param {string} id */
export const positionsUrl = (id) => `/api/games/${enc(id)}/positions`;
