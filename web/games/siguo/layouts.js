// The deployment's layouts beyond swapping: a random one, saved ones by name (save, load,
// delete), and a layout as text (the server lists every rule a broken one breaks). A layout is
// the same text for every seat, so a saved one fits whichever seat a player sits in.

import * as api from '../../api.js';
import { h } from '../../dom.js';
import { tr } from './strings.js';
import { refusalSentences, refusalText } from '../../refusal.js';

/** @typedef {import('../../protocol.js').RoomState} RoomState */
/** @typedef {import('../../protocol.js').SavedLayout} SavedLayout */
/** @typedef {import('../module.js').TableHost} TableHost */
/** @typedef {import('./protocol.js').Setup} Setup */

/** The layout controls of one room page. */
export class LayoutControls {
  /** @param {TableHost} host */
  constructor(host) {
    this.host = host;
    /** @type {SavedLayout[]} */
    this.saved = [];
    /** @type {string[]} every rule the last pasted layout broke, as the server listed them */
    this.violations = [];
    this.textOpen = false;
    this.game = 'siguo';
    this.mode = 'standard';
    this.name = h('input', { id: 'layout-name', placeholder: tr('sg_layout_name'), maxlength: 40 });
    this.pick = h('select', { id: 'layout-pick', 'aria-label': tr('sg_saved_layouts') });
    this.text = h('textarea', { id: 'layout-text', rows: 2, placeholder: tr('sg_layout_paste'), 'aria-label': tr('sg_layout_paste') });
  }

  /**
   * @param {string} game
   * @param {string} mode
   */
  async load(game, mode) {
    this.game = game;
    this.mode = mode;
    try {
      this.saved = (await api.layouts(game, mode)).layouts.filter((layout) => layout.game === game);
    } catch {
      this.saved = [];
    }
    this.pick.replaceChildren(...this.saved.map((layout) => h('option', { value: layout.name }, layout.name)));
    this.host.redraw();
  }

  /** @param {Setup} setup */
  async save(setup) {
    const name = this.name.value.trim();
    if (!name) return this.host.say(tr('sg_layout_name_needed'));
    try {
      await api.saveLayout(name, this.game, setup.layout, this.mode);
      this.host.say(tr('sg_layout_saved', { name }), 'info');
      await this.load(this.game, this.mode);
    } catch (failure) {
      this.host.say(refusalText(failure, this.game));
    }
  }

  useSaved() {
    const layout = this.saved.find((entry) => entry.name === this.pick.value);
    if (layout) {
      this.host.command('layout', { layout: layout.layout })
        .then((ok) => ok && this.host.say(tr('sg_layout_loaded', { name: layout.name }), 'info'));
    }
  }

  async deleteSaved() {
    const name = this.pick.value;
    if (!name) return;
    try {
      await api.deleteLayout(name);
      this.host.say(tr('sg_layout_deleted', { name }), 'info');
      await this.load(this.game, this.mode);
    } catch (failure) {
      this.host.say(refusalText(failure, this.game));
    }
  }

  /** Sends a pasted layout; the server checks it and lists every violation. */
  async importText() {
    const layout = this.text.value.trim();
    if (!layout) return this.host.say(tr('sg_layout_paste_needed'));
    try {
      await this.host.send('layout', { layout });
      this.violations = [];
      this.text.value = '';
      this.host.say(tr('sg_layout_imported'), 'info');
    } catch (failure) {
      // One sentence for each rule the layout breaks.
      this.violations = refusalSentences(failure, this.game);
      this.host.say(tr('sg_layout_refused'));
    }
    this.host.redraw();
  }

  /**
   * The controls while the seat arranges its layout.
   * @param {Setup} setup
   */
  controls(setup) {
    return [
      h('p', { class: 'hint' }, tr('sg_swap_hint')),
      h('button', { id: 'random-layout', onclick: () => this.host.command('random_layout', {}) }, tr('sg_random_layout')),
      h('div', { class: 'row' }, this.name, h('button', { id: 'save-layout', onclick: () => this.save(setup) }, tr('sg_save_layout'))),
      this.saved.length > 0 && h('div', { class: 'row' }, this.pick,
        h('button', { id: 'load-layout', onclick: () => this.useSaved() }, tr('sg_load_layout')),
        h('button', { id: 'delete-layout', onclick: () => this.deleteSaved() }, tr('sg_delete_layout'))),
      h('details', {
        class: 'layout-file',
        id: 'layout-text-box',
        open: this.textOpen,
        ontoggle: (/** @type {Event} */ event) => { this.textOpen = /** @type {HTMLDetailsElement} */ (event.target).open; },
      },
        h('summary', {}, tr('sg_layout_as_text')),
        h('p', { class: 'layout-now' }, h('code', { id: 'layout-current' }, setup.layout)),
        h('div', { class: 'row' }, this.text, h('button', { id: 'import-layout', onclick: () => this.importText() }, tr('sg_use_layout'))),
        this.violations.length > 0 && h('ul', { class: 'violations', id: 'layout-violations' },
          this.violations.map((line) => h('li', {}, line)))),
    ];
  }
}
