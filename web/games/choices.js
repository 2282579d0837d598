// Choosing an action by clicks, for any game: the server lists each of the seat's actions as
// the targets clicked in order and the action they send (`room.choices`). Given the clicks made
// so far, this says which targets the next click may be, and whether the clicks made are a
// whole choice. The game's module only names its targets (a post, a card, a cell) and draws
// them; it never reads the action it sends.

/** @typedef {import('../protocol.js').RoomState['choices'][number]} Choice */

/** The choices still open after some clicks, and what they send. */
export class Choosing {
  /**
   * @param {Choice[]} choices  the seat's listed choices
   * @param {string[]} [made]  the targets clicked so far
   */
  constructor(choices, made = []) {
    /** @type {string[]} */
    this.made = made;
    /** @type {Choice[]} the choices whose clicks begin with those made */
    this.open = choices.filter((choice) => made.every((target, index) => choice.clicks[index] === target));
    /** @type {Choice[]} every listed choice, for starting again */
    this.all = choices;
  }

  /** Whether nothing has been clicked yet. */
  get empty() {
    return this.made.length === 0;
  }

  /** The targets the next click may be, in the order the server lists them. */
  next() {
    return new Set(this.open.filter((choice) => choice.clicks.length > this.made.length)
      .map((choice) => choice.clicks[this.made.length]));
  }

  /** The action the clicks made send as they stand, when they are a whole choice. */
  action() {
    return this.open.find((choice) => choice.clicks.length === this.made.length)?.action ?? null;
  }

  /** Whether a longer choice goes on from the clicks made. */
  continues() {
    return this.open.some((choice) => choice.clicks.length > this.made.length);
  }

  /**
   * The action to send without asking: the clicks made are a whole choice and no longer one
   * begins with them. When one does (one card placed, or a second), the module asks.
   */
  decided() {
    return this.continues() ? null : this.action();
  }

  /**
   * After one more click; null when no choice goes on with `target`.
   * @param {string} target
   */
  click(target) {
    if (!this.next().has(target)) return null;
    return new Choosing(this.all, [...this.made, target]);
  }

  /** The same choices with nothing clicked. */
  restart() {
    return new Choosing(this.all);
  }

  /**
   * The same clicks over newly listed choices (a new room state): what stays open, or a fresh
   * start when the clicks made begin none of them.
   * @param {Choice[]} choices
   */
  renew(choices) {
    const renewed = new Choosing(choices, this.made);
    return renewed.open.length > 0 ? renewed : new Choosing(choices);
  }
}
