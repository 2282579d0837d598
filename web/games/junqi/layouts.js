// The deployment's layouts beyond swapping: a random one, saved ones by name (save, load,
// delete), and a layout as a file (download it, read one back; the server lists every rule a
// broken one breaks).

import * as api from '../../api.js';
import { h } from '../../dom.js';
import { tr } from './strings.js';
import { refusalSentences, refusalText } from '../../refusal.js';

/** @typedef {import('../../protocol.js').RoomState} RoomState */
/** @typedef {import('../../protocol.js').SavedLayout} SavedLayout */
/** @typedef {import('../module.js').TableHost} TableHost */
/** @typedef {import('./protocol.js').Setup} Setup */

/** junqi keeps one shelf of layouts: a seat's area is the same in 2p and 4p. */
const SHELF_MODE = '2p';

/** The layout controls of one room page. */
export class LayoutControls {
  /** @param {TableHost} host */
  constructor(host) {
    this.host = host;
    /** @type {SavedLayout[]} */
    this.saved = [];
    /** @type {string[]} every rule the last imported layout broke, as the server listed them */
    this.violations = [];
    /** Whether the "layout as a file" box is open (controls are redrawn with every room push). */
    this.fileOpen = false;
    this.name = h('input', { id: 'layout-name', placeholder: tr('layout_name'), maxlength: 40 });
    this.pick = h('select', { id: 'layout-pick', 'aria-label': tr('saved_layouts') });
    this.text = h('textarea', { id: 'layout-text', rows: 2, placeholder: tr('layout_paste'), 'aria-label': tr('layout_paste') });
    this.file = h('input', { id: 'layout-file', type: 'file', accept: '.txt,text/plain', 'aria-label': tr('layout_file') });
    this.file.addEventListener('change', async () => {
      const file = this.file.files?.[0];
      if (!file) return;
      this.text.value = (await file.text()).trim();
      this.file.value = '';
      await this.importText();
    });
  }

  /** @param {string} game */
  async load(game) {
    this.game = game;
    try {
      this.saved = (await api.layouts(game, SHELF_MODE)).layouts.filter((layout) => layout.game === game);
    } catch {
      this.saved = [];
    }
    this.pick.replaceChildren(...this.saved.map((layout) => h('option', { value: layout.name }, layout.name)));
    this.host.redraw();
  }

  /** @param {Setup} setup */
  async save(setup) {
    const name = this.name.value.trim();
    if (!name) return this.host.say(tr('layout_name_needed'));
    try {
      await api.saveLayout(name, this.game ?? '', setup.layout, SHELF_MODE);
      this.host.say(tr('layout_saved', { name }), 'info');
      await this.load(this.game ?? '');
    } catch (failure) {
      this.host.say(refusalText(failure, this.game ?? 'junqi'));
    }
  }

  useSaved() {
    const layout = this.saved.find((entry) => entry.name === this.pick.value);
    if (layout) {
      this.host.command('layout', { layout: layout.layout })
        .then((ok) => ok && this.host.say(tr('layout_loaded', { name: layout.name }), 'info'));
    }
  }

  async deleteSaved() {
    const name = this.pick.value;
    if (!name) return;
    try {
      await api.deleteLayout(name);
      this.host.say(tr('layout_deleted', { name }), 'info');
      await this.load(this.game ?? '');
    } catch (failure) {
      this.host.say(refusalText(failure, this.game ?? 'junqi'));
    }
  }

  /** Sends a layout read from a file or pasted; the server checks it and lists every violation. */
  async importText() {
    const layout = this.text.value.trim();
    if (!layout) return this.host.say(tr('layout_paste_needed'));
    try {
      await this.host.send('layout', { layout });
      this.violations = [];
      this.text.value = '';
      this.host.say(tr('layout_imported'), 'info');
    } catch (failure) {
      // One sentence for each rule the layout breaks.
      this.violations = refusalSentences(failure, this.game ?? 'junqi');
      this.host.say(tr('layout_refused'));
    }
    this.host.redraw();
  }

  /**
   * The arranged layout as a file to download (the seed's 保存布局 as a file).
   * @param {RoomState} state
   * @param {string} layout
   */
  exportLink(state, layout) {
    return h('a', {
      class: 'button',
      id: 'export-layout',
      download: `${state.game}-${state.mode}-layout.txt`,
      href: `data:text/plain;charset=utf-8,${encodeURIComponent(`${layout}\n`)}`,
    }, tr('export_layout'));
  }

  /**
   * The controls while the seat arranges its layout.
   * @param {RoomState} state
   * @param {Setup} setup
   */
  controls(state, setup) {
    return [
      h('p', { class: 'hint' }, tr('swap_hint')),
      h('button', { id: 'random-layout', onclick: () => this.host.command('random_layout', {}) }, tr('random_layout')),
      h('div', { class: 'row' }, this.name, h('button', { id: 'save-layout', onclick: () => this.save(setup) }, tr('save_layout'))),
      this.saved.length > 0 && h('div', { class: 'row' }, this.pick,
        h('button', { id: 'load-layout', onclick: () => this.useSaved() }, tr('load_layout')),
        h('button', { id: 'delete-layout', onclick: () => this.deleteSaved() }, tr('delete_layout'))),
      h('details', {
        class: 'layout-file',
        id: 'layout-file-box',
        open: this.fileOpen,
        ontoggle: (/** @type {Event} */ event) => { this.fileOpen = /** @type {HTMLDetailsElement} */ (event.target).open; },
      },
        h('summary', {}, tr('layout_as_file')),
        h('div', { class: 'row' }, this.exportLink(state, setup.layout)),
        h('div', { class: 'row' }, this.file),
        h('div', { class: 'row' }, this.text, h('button', { id: 'import-layout', onclick: () => this.importText() }, tr('import_layout'))),
        this.violations.length > 0 && h('ul', { class: 'violations', id: 'layout-violations' },
          this.violations.map((line) => h('li', {}, line)))),
    ];
  }
}
