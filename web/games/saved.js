// The arrangements a person saved to their account (decks, layouts) for a game's "saved"
// picker: one place that reads them and fills the picker with their names.

import * as api from '../api.js';
import { h, replace } from '../dom.js';

/** @typedef {import('../protocol.js').SavedLayout} SavedLayout */

/**
 * The arrangements saved for `game` and `mode` (none when they cannot be read), with `pick`
 * filled with their names.
 * @param {string} game
 * @param {string} mode
 * @param {HTMLElement} pick
 * @returns {Promise<SavedLayout[]>}
 */
export async function loadSaved(game, mode, pick) {
  /** @type {SavedLayout[]} */
  let saved;
  try {
    saved = (await api.layouts(game, mode)).layouts;
  } catch {
    saved = [];
  }
  replace(pick, saved.map((entry) => h('option', { value: entry.name }, entry.name)));
  return saved;
}
