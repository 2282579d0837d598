// The wire protocol's shapes (docs/wire-protocol.md), as JSDoc types for `tsc --noEmit`;
// nothing here runs. The platform's messages are generated from the server's Rust types into
// `gen/` (ts-rs; `cargo test -p zhanqi-server --lib typescript` fails when they are stale).
// What a game presents (its board, view, layout, events, last moves, result) reaches the server
// as the game's JSON, so it is written here by hand from the contract.

/** @typedef {import('./gen/ClientMessage').ClientMessage} ClientMessage */
/** @typedef {Extract<ClientMessage, {room: number}>} RoomCommand  a message about one room */
/**
 * Sends a room's command with its fields (the room is added by the room page).
 * @typedef {<T extends RoomCommand['type']>(type: T, fields: Omit<Extract<RoomCommand, {type: T}>, 'type' | 'id' | 'room'>) => Promise<boolean>} RoomCommander
 */
/** @typedef {import('./gen/User').User} User */
/** @typedef {import('./gen/GameCounts').GameCounts} GameCounts */
/** @typedef {import('./gen/RoomSummary').RoomSummary} RoomSummary */
/** @typedef {import('./gen/SummarySeat').SummarySeat} SummarySeat */
/** @typedef {import('./gen/SeatState').SeatState} SeatState */
/** @typedef {import('./gen/SeatPlayer').SeatPlayer} SeatPlayer */
/** @typedef {import('./gen/Can').Can} Can */
/** @typedef {import('./gen/ClockState').ClockState} Clock */
/** @typedef {import('./gen/DrawOfferState').DrawOfferState} DrawOffer */

/**
 * A room as one watcher sees it: the generated `RoomState`, with the game's presentation
 * parts given their shapes.
 * @typedef {Omit<import('./gen/RoomState').RoomState, 'view' | 'setup' | 'last_moves' | 'result'> & {
 *   view: View | null,
 *   setup: Setup | null,
 *   last_moves: Record<SeatName, LastMove>,
 *   result: GameResult | null,
 * }} RoomState
 */

/** @typedef {string} SeatName  `s`, `e`, `n`, `w` (dark: `r`, `u`, `x` as owners of pieces) */
/** @typedef {string} PostName  `c5`, `k12` … */
/** @typedef {string | number} Id  a room or game id (numbers from today's server) */

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
 * @typedef {object} View
 * @property {string} position
 * @property {SeatName | null} to_move
 * @property {number} moves
 * @property {number} no_attack
 * @property {SeatName[]} flags_public
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
 * @typedef {object} SeatResult
 * @property {'win' | 'loss' | 'draw' | 'escaped'} result
 * @property {number} points
 * @property {number} gold
 */

/**
 * @typedef {object} GameResult
 * @property {'win' | 'draw'} result
 * @property {SeatName[]} winners
 * @property {string} reason
 * @property {Record<SeatName, SeatResult>} seats
 */

/**
 * One thing that happened; which fields are present depends on `kind` (§4.3).
 * @typedef {object} GameEvent
 * @property {string} kind
 * @property {SeatName} [seat]
 * @property {SeatName} [first]
 * @property {PostName} [from]
 * @property {PostName} [to]
 * @property {PostName[]} [path]
 * @property {'A' | 'D' | 'X' | null} [battle]
 * @property {PostName | null} [post]
 * @property {string} [owner]
 * @property {string} [piece]
 * @property {string} [s]
 * @property {number} [count]
 * @property {string} [reason]
 * @property {SeatName[]} [winners]
 */

/**
 * @typedef {object} ReplayStep
 * @property {string | null} action  `s: c4-c3`, or null for the position after deployment
 * @property {string} position
 * @property {Cell[]} cells
 * @property {GameEvent[]} events
 */

/**
 * @typedef {object} Replay
 * @property {Id} id
 * @property {string} game
 * @property {string} mode
 * @property {Record<SeatName, string>} players
 * @property {Board} board
 * @property {GameResult} result
 * @property {ReplayStep[]} steps
 */

/**
 * @typedef {object} ReplaySummary
 * @property {Id} id
 * @property {string} [game]
 * @property {string} [mode]
 * @property {Record<SeatName, string>} [players]
 * @property {number} [finished_ms]
 * @property {GameResult} [result]
 */

/**
 * @typedef {object} SavedLayout
 * @property {string} name
 * @property {string} game
 * @property {string} layout
 * @property {number} updated_ms
 */

/**
 * Any message from the server; `type` says which fields it has (§3.2).
 * @typedef {object} ServerMessage
 * @property {string} type
 * @property {number | string} [id]
 * @property {number} [protocol]
 * @property {User} [user]
 * @property {Id[]} [seated]
 * @property {string} [code]
 * @property {string} [message]
 * @property {RoomSummary[]} [rooms]
 * @property {Id | RoomState} [room]
 * @property {Board} [board]
 * @property {GameEvent[]} [events]
 */

export {};
