// junqi's presentation on the wire (wire-protocol.md §5): its board geometry, view, setup,
// last moves and events as JSDoc types; nothing here runs.

/** @typedef {import('../../protocol.js').SeatName} SeatName */
/** @typedef {string} PostName  `c5`, `k12` … */

/**
 * @typedef {object} BoardPost
 * @property {PostName} name
 * @property {number} x
 * @property {number} y
 * @property {'station' | 'camp' | 'headquarters'} kind
 * @property {boolean} railway
 * @property {SeatName | null} area
 */

/**
 * @typedef {object} BoardSeat
 * @property {SeatName} seat
 * @property {'bottom' | 'right' | 'top' | 'left'} side
 */

/**
 * @typedef {object} Board
 * @property {string} game
 * @property {string} mode
 * @property {number} width
 * @property {number} height
 * @property {BoardPost[]} posts
 * @property {[PostName, PostName][]} roads
 * @property {[PostName, PostName][]} railways
 * @property {BoardSeat[]} seats
 */

/**
 * @typedef {object} Cell
 * @property {PostName} post
 * @property {SeatName} owner
 * @property {string} piece  a piece letter, or `?` when hidden
 * @property {boolean} [face_down]
 */

/**
 * One seat as a view shows it.
 * @typedef {object} ViewSeat
 * @property {SeatName} seat
 * @property {'active' | 'defeated' | 'escaped'} status
 * @property {number} timeouts
 * @property {'r' | 'u'} [colour]  dark chess: the colour the seat plays, once decided
 */

/**
 * @typedef {object} View
 * @property {string} position
 * @property {SeatName | null} to_move
 * @property {number} moves
 * @property {number} no_attack
 * @property {SeatName[]} flags_public
 * @property {ViewSeat[]} seats
 * @property {Cell[]} cells
 */

/**
 * @typedef {object} Setup
 * @property {string} layout
 * @property {Cell[]} cells
 * @property {boolean} ready
 */

/**
 * @typedef {object} LastMove
 * @property {string} action
 * @property {PostName} from
 * @property {PostName} to
 * @property {PostName[]} path
 * @property {'A' | 'D' | 'X' | null} battle
 */

/**
 * One side of a battle as a viewer may know it: `piece` is `?` for a piece it may not see.
 * @typedef {object} Fighter
 * @property {string} owner
 * @property {SeatName | null} seat  whose piece it is (dark chess: the seat playing its colour)
 * @property {string} piece
 */

/**
 * A junqi event; which fields are present depends on `kind` (wire-protocol.md §4.3).
 * @typedef {object} JunqiEvent
 * @property {string} kind
 * @property {SeatName} [seat]
 * @property {PostName} [from]
 * @property {PostName} [to]
 * @property {PostName[]} [path]
 * @property {'A' | 'D' | 'X' | null} [battle]
 * @property {Fighter} [attacker]  a battle's attacking piece as the viewer knew it
 * @property {Fighter} [defender]  a battle's defending piece as the viewer knew it
 * @property {PostName | null} [post]
 * @property {string} [owner]
 * @property {string} [piece]
 * @property {string} [s]
 */

/**
 * A junqi replay's own fields: the board, and each step's cells.
 * @typedef {object} JunqiReplay
 * @property {Board} board
 * @property {{cells: Cell[], events: import('../../protocol.js').GameEvent[]}[]} steps
 */

export {};
