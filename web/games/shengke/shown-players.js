// What the animation shows of the players between two room states.

/**
 * The players of a view as the animation shows them, changed event by event before the
 * server's next view arrives: placed cards leave the hand, destroyed cards reach their
 * owner's discard pile, drawn cards leave their pile for the hand (known by their element
 * only) and recovered cards go from the discard pile back to their pile.
 */
export class ShownPlayers {
  /** @param {any[]} players  the view's players */
  constructor(players) {
    /** @type {any[]} */
    this.players = structuredClone(players ?? []);
  }

  /** @param {string} seat */
  of(seat) {
    return this.players.find((player) => player.seat === seat);
  }

  /**
   * Cards of `seat` go from its hand to the field.
   * @param {string} seat
   * @param {any[]} cards
   */
  placed(seat, cards) {
    const player = this.of(seat);
    if (!player) return;
    const ids = new Set(cards.map((card) => card.card));
    player.hand = Array.isArray(player.hand) ? player.hand.filter((/** @type {any} */ card) => !ids.has(card.card)) : Math.max(0, Number(player.hand) - cards.length);
    player.field += cards.length;
  }

  /**
   * A field card is destroyed: it goes to its owner's discard pile.
   * @param {any} card  {card, element, owner}
   */
  destroyed(card) {
    const player = this.of(card.owner);
    if (!player) return;
    player.discard = [...player.discard, { card: card.card, element: card.element, in: card.in, out: card.out }];
    player.field = Math.max(0, player.field - 1);
  }

  /**
   * `seat` draws the top card of the pile of `element` into its hand.
   * @param {string} seat
   * @param {string} element
   */
  drew(seat, element) {
    const player = this.of(seat);
    if (!player) return;
    const pile = player.piles[element];
    player.piles[element] = Array.isArray(pile) ? pile.slice(1) : Math.max(0, Number(pile) - 1);
    if (Array.isArray(player.hand)) {
      player.hand = [...player.hand, { card: null, element, drawn: true }];
    } else {
      player.hand = Number(player.hand) + 1;
      player.drawnBacks = (player.drawnBacks ?? 0) + 1;
    }
  }

  /**
   * `seat` recovers `card` from its discard pile to the bottom of its pile.
   * @param {string} seat
   * @param {any} card  {card, element}
   */
  recovered(seat, card) {
    const player = this.of(seat);
    if (!player) return;
    player.discard = player.discard.filter((/** @type {any} */ each) => each.card !== card.card);
    const pile = player.piles[card.element];
    player.piles[card.element] = Array.isArray(pile) ? [...pile, card] : Number(pile) + 1;
  }
}

