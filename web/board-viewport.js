// A board a finger can play on. On a phone (or any touch screen) a board whose posts would be
// closer than TAP_SIZE pixels at the width of the screen (the 4p cross at 390 px: 20 px) is
// drawn at TAP_SIZE per post inside a viewport that the player pans by dragging, as a map app
// does; it opens on the player's own army and brings each new move into view. A "whole board"
// button shows all of it at the screen's width, as a map; a tap there zooms back in on the
// place tapped (a tap on the map never plays). With a mouse, or when the board fits, it scales
// to its box as before. Nothing about any game is known here: only the SVG's viewBox and the
// distance between two neighbouring posts.

import { h } from './dom.js';
import { t } from './i18n.js';

/** The least distance between two posts on a touch screen, in CSS pixels (≥ 40 asked). */
export const TAP_SIZE = 44;

/** Screens that are tapped rather than clicked: the phone layout's width, or a coarse pointer. */
const TOUCH_SCREEN = '(max-width: 760px), (pointer: coarse)';

/** An SVG board in a pannable box. */
export class BoardViewport {
  /**
   * @param {SVGSVGElement} board  the board, with a viewBox
   * @param {number} spacing  the distance between neighbouring posts, in viewBox units
   */
  constructor(board, spacing) {
    this.board = board;
    this.spacing = spacing;
    const box = board.viewBox.baseVal;
    this.width = box.width;
    this.height = box.height;
    /** @type {{x: number, y: number} | null} the point the viewport opens on, in viewBox units */
    this.home = null;
    /** pixels per viewBox unit while panned, 0 while the board fits its box */
    this.zoom = 0;
    this.opened = false;
    /** the whole board shown at the box's width, as a map */
    this.whole = false;
    this.touch = window.matchMedia(TOUCH_SCREEN);
    this.view = h('div', { class: 'board-viewport' }, board);
    this.toggle = h('button', { class: 'board-zoom', type: 'button', hidden: true, onclick: () => this.showWhole(!this.whole) });
    this.element = h('div', { class: 'board-frame' }, this.toggle, this.view);
    // On the map a tap zooms in there instead of reaching the board.
    this.view.addEventListener('click', (event) => {
      if (!this.whole) return;
      event.stopPropagation();
      const at = board.getBoundingClientRect();
      const x = ((event.clientX - at.left) / at.width) * this.width;
      const y = ((event.clientY - at.top) / at.height) * this.height;
      this.showWhole(false);
      this.centre(x, y, 'instant');
    }, true);
    this.fit = this.fit.bind(this);
    // Fitting needs the box's width, known once the viewport is on the page and after each
    // resize or rotation.
    this.observer = new ResizeObserver(this.fit);
    this.observer.observe(this.view);
    this.touch.addEventListener('change', this.fit);
  }

  /** Draws the board at tap size when it would be smaller, else at the box's width. */
  fit() {
    const available = this.view.clientWidth;
    if (available === 0) return;
    const tapZoom = this.touch.matches ? TAP_SIZE / this.spacing : 0;
    const tooSmall = tapZoom > available / this.width;
    const zoom = tooSmall && !this.whole ? tapZoom : 0;
    this.toggle.hidden = !tooSmall;
    this.toggle.textContent = this.whole ? t('board_zoom_in') : t('board_whole');
    this.toggle.title = this.whole ? t('board_zoom_hint') : '';
    this.view.classList.toggle('whole', this.whole);
    if (zoom === this.zoom && this.opened) return;
    this.zoom = zoom;
    this.view.classList.toggle('panned', zoom > 0);
    this.view.dataset.zoom = zoom.toFixed(3);
    this.board.style.width = zoom ? `${Math.round(this.width * zoom)}px` : '';
    this.board.style.height = zoom ? `${Math.round(this.height * zoom)}px` : '';
    if (zoom && !this.opened) {
      this.opened = true;
      if (this.home) this.centre(this.home.x, this.home.y, 'instant');
    }
  }

  /**
   * Shows the whole board as a map, or goes back to tap size.
   * @param {boolean} whole
   */
  showWhole(whole) {
    this.whole = whole;
    this.fit();
  }

  /**
   * Opens the viewport centred on the middle of these points (the player's own army).
   * @param {{x: number, y: number}[]} points  in viewBox units
   */
  openAmong(points) {
    if (points.length === 0) return;
    const mean = (/** @type {number[]} */ values) => values.reduce((sum, v) => sum + v, 0) / values.length;
    this.home = { x: mean(points.map((p) => p.x)), y: mean(points.map((p) => p.y)) };
    if (this.zoom) this.centre(this.home.x, this.home.y, 'instant');
  }

  /**
   * Pans so that this point is in view, unless it already is.
   * @param {number} x  in viewBox units
   * @param {number} y
   */
  reveal(x, y) {
    if (!this.zoom) return;
    const margin = TAP_SIZE;
    const [px, py] = [x * this.zoom, y * this.zoom];
    const view = this.view;
    const inside = px >= view.scrollLeft + margin && px <= view.scrollLeft + view.clientWidth - margin
      && py >= view.scrollTop + margin && py <= view.scrollTop + view.clientHeight - margin;
    if (!inside) this.centre(x, y, 'smooth');
  }

  /**
   * @param {number} x  in viewBox units
   * @param {number} y
   * @param {ScrollBehavior} behavior
   */
  centre(x, y, behavior) {
    const view = this.view;
    view.scrollTo({
      left: x * this.zoom - view.clientWidth / 2,
      top: y * this.zoom - view.clientHeight / 2,
      behavior,
    });
  }

  /** Stops following the page's size. */
  destroy() {
    this.observer.disconnect();
    this.touch.removeEventListener('change', this.fit);
  }
}
