// Playing by keyboard, for any game: a board's targets are one tab stop that arrow keys move
// through (a roving tabindex), and a target of a card game is a button of its own. Enter or
// Space clicks the target with the focus, as a click would. The game's module only names its
// targets; what a click does stays its own.

/** The keys that click the focused target. */
const ACTIVATE = new Set(['Enter', ' ']);

/** Each arrow key as a direction on screen. */
const ARROWS = /** @type {Record<string, [number, number]>} */ ({
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
});

/**
 * Attributes that make an element of a card game's table a target reached by Tab and clicked
 * by Enter or Space as well as by the mouse; `key` names it so that the focus comes back to it
 * (or to the first target) after the table is drawn again.
 * @param {string} key
 * @param {(event: Event) => void} onActivate
 * @returns {Record<string, string | number | EventListener>}
 */
export function targetAttributes(key, onActivate) {
  return {
    tabindex: 0,
    role: 'button',
    'data-key': key,
    onclick: onActivate,
    onkeydown: (event) => {
      const keyEvent = /** @type {KeyboardEvent} */ (event);
      if (!ACTIVATE.has(keyEvent.key)) return;
      // A target inside another (a card in a zone) is clicked alone.
      keyEvent.preventDefault();
      keyEvent.stopPropagation();
      onActivate(event);
      refocus(key);
    },
  };
}

/**
 * After a click by key the table is drawn anew and the focused element is gone: the focus goes
 * to the target of the same key, else to the first target, so play goes on by keyboard.
 * @param {string} key
 */
function refocus(key) {
  requestAnimationFrame(() => {
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    const same = document.querySelector(`[data-key="${CSS.escape(key)}"]`);
    const first = document.querySelector('[role="button"][data-key]');
    // The page stays where the player left it: a redraw must not scroll it.
    /** @type {HTMLElement | null} */ (same ?? first)?.focus({ preventScroll: true });
  });
}

/**
 * A board's posts as one tab stop: arrow keys move the focus to the nearest post that way on
 * screen, Enter or Space clicks it. The board is drawn anew on every change, so it calls
 * `remember` before and `restore` after each drawing.
 */
export class BoardKeys {
  /**
   * @param {Element} root  the board; its targets carry `data-key`
   * @param {(key: string) => {x: number, y: number} | undefined} where  a target's place on screen
   * @param {(key: string) => void} activate  clicks a target
   */
  constructor(root, where, activate) {
    this.root = root;
    this.where = where;
    this.click = activate;
    /** @type {string | null} the target that holds the tab stop */
    this.current = null;
    this.hadFocus = false;
    root.addEventListener('keydown', (event) => this.onKey(/** @type {KeyboardEvent} */ (event)));
    root.addEventListener('focusin', (event) => {
      const key = /** @type {Element} */ (event.target).closest('[data-key]')?.getAttribute('data-key');
      if (key) this.current = key;
    });
  }

  /** Before drawing: whether the focus is on the board, to put it back. */
  remember() {
    this.hadFocus = this.root.contains(document.activeElement);
  }

  /**
   * After drawing: one target is the tab stop (the one that was, else the first of `preferred`,
   * else the first), and it gets the focus back if the board had it.
   * @param {Iterable<string>} [preferred]  targets a player would start from (pieces to move)
   */
  restore(preferred = []) {
    const items = [...this.root.querySelectorAll('[data-key]')];
    const keys = new Set(items.map((item) => item.getAttribute('data-key')));
    const wanted = [...preferred].filter((key) => keys.has(key));
    // Tabbing into the board lands on a piece that may move; while the player moves about the
    // board with arrows, the focus stays where it is.
    const keep = this.current !== null && keys.has(this.current) && (this.hadFocus || wanted.length === 0 || wanted.includes(this.current));
    if (!keep) this.current = wanted[0] ?? items[0]?.getAttribute('data-key') ?? null;
    for (const item of items) {
      item.setAttribute('tabindex', item.getAttribute('data-key') === this.current ? '0' : '-1');
    }
    // A redraw keeps the focus without scrolling the page (a tap focuses a post too).
    if (this.hadFocus) this.focus(this.current, false);
  }

  /**
   * @param {string | null} key
   * @param {boolean} [scroll]  whether the page may scroll to show it (arrow keys: yes)
   */
  focus(key, scroll = true) {
    if (key === null) return;
    const item = this.root.querySelector(`[data-key="${CSS.escape(key)}"]`);
    if (!item) return;
    for (const other of this.root.querySelectorAll('[data-key][tabindex="0"]')) other.setAttribute('tabindex', '-1');
    item.setAttribute('tabindex', '0');
    this.current = key;
    /** @type {SVGElement | HTMLElement} */ (item).focus({ preventScroll: !scroll });
  }

  /** @param {KeyboardEvent} event */
  onKey(event) {
    if (this.current === null) return;
    if (ACTIVATE.has(event.key)) {
      event.preventDefault();
      this.click(this.current);
      return;
    }
    const direction = ARROWS[event.key];
    if (!direction) return;
    event.preventDefault();
    const next = this.nearest(this.current, direction);
    if (next) this.focus(next);
  }

  /**
   * The target nearest `from` in `direction`: within a 45° cone if one is there, else anywhere
   * on that side; nearness weighs the sideways distance double.
   * @param {string} from
   * @param {[number, number]} direction
   */
  nearest(from, [dx, dy]) {
    const start = this.where(from);
    if (!start) return null;
    let best = null;
    let bestScore = Infinity;
    for (const item of this.root.querySelectorAll('[data-key]')) {
      const key = item.getAttribute('data-key');
      const at = key ? this.where(key) : undefined;
      if (!key || key === from || !at) continue;
      const ahead = (at.x - start.x) * dx + (at.y - start.y) * dy;
      const aside = Math.abs((at.x - start.x) * dy - (at.y - start.y) * dx);
      if (ahead <= 0.5) continue;
      const score = ahead + 2 * aside + (aside > ahead ? 10000 : 0);
      if (score < bestScore) {
        bestScore = score;
        best = key;
      }
    }
    return best;
  }
}
