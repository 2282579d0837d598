// The shapes of 四國戰棋's messages, as the game's crate sends them (crates/zhanqi-siguo/src/ui.rs).
// Types only.

/**
 * @typedef {object} BoardPoint
 * @property {string} name
 * @property {number} x  grid column from the left (file a)
 * @property {number} y  grid row from the top (rank 18)
 * @property {string} region  the seat whose region holds it
 * @property {boolean} zone  in its region's deployment zone
 */

/**
 * @typedef {object} BoardBase
 * @property {string} name
 * @property {string} region
 * @property {string[]} zone  the 3×3 bombing zone it bombs
 * @property {string[]} around  the 8 points a redeployment fills
 */

/**
 * @typedef {object} BoardSeat
 * @property {string} seat
 * @property {'A' | 'B'} team
 * @property {string} corner
 * @property {number} turns  quarter turns clockwise that bring its region to the bottom left
 * @property {[string, string, string]} boundary  the deployment boundary through three points
 */

/**
 * @typedef {object} Board
 * @property {string} game
 * @property {number} width
 * @property {number} height
 * @property {number} border  the border lies between grid lines border - 1 and border
 * @property {BoardPoint[]} points
 * @property {BoardBase[]} bases
 * @property {BoardSeat[]} seats
 */

/**
 * @typedef {object} Cell
 * @property {string} point
 * @property {string} seat
 * @property {string} piece  G, R, C or S
 */

/**
 * @typedef {object} SeatView
 * @property {string} seat
 * @property {boolean} alive
 * @property {number} bombs
 * @property {number} exchanges
 * @property {number} pieces
 * @property {boolean} deployed
 */

/**
 * @typedef {object} View
 * @property {string} position
 * @property {'deployment' | 'play' | 'over'} phase
 * @property {string | null} to_move
 * @property {Cell[]} cells
 * @property {SeatView[]} seats
 * @property {{seat: string, base: string}[]} rights
 * @property {{seat: string, base: string, steps: number, max: number} | null} pending
 * @property {number} quiet
 * @property {number} actions
 * @property {number} quiet_limit
 * @property {number} max_actions
 */

/**
 * @typedef {object} Setup
 * @property {string} layout
 * @property {Cell[]} cells
 * @property {string[]} zone
 * @property {string} corner
 * @property {boolean} ready
 */

/**
 * A siguo event; which fields are present depends on `kind`.
 * @typedef {object} SiguoEvent
 * @property {string} kind
 * @property {string} [seat]
 * @property {string} [first]
 * @property {string} [from]
 * @property {string} [to]
 * @property {string} [piece]
 * @property {boolean} [capture]
 * @property {string | null} [redeploy]
 * @property {string} [point]
 * @property {string} [base]
 * @property {string[]} [zone]
 * @property {string} [own]
 * @property {string} [ally]
 */

/**
 * A siguo replay's own fields: the board, and each step's cells.
 * @typedef {object} SiguoReplay
 * @property {Board} board
 * @property {{cells: Cell[], events: import('../../protocol.js').GameEvent[]}[]} steps
 */

export {};
