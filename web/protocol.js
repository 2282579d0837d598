// The wire protocol's shapes (docs/wire-protocol.md), as JSDoc types for `tsc --noEmit`;
// nothing here runs. The platform's messages are generated from the server's Rust types into
// `gen/` (ts-rs; `cargo test -p zhanqi-server --lib typescript` fails when they are stale).
// What a game presents (its board, view, layout, events) is the game's JSON, typed by its module
// under games/<game>/; the result is the platform's, written here by hand from the contract.

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
 * A room as one watcher sees it: the generated `RoomState`, with the result given its shape.
 * What the game presents (`view`, `setup`, `last_moves`) is the game's JSON, read by its module
 * (games/<game>/).
 * @typedef {Omit<import('./gen/RoomState').RoomState, 'result'> & { result: GameResult | null }} RoomState
 */

/** @typedef {string} SeatName  a seat as the game names it */
/** @typedef {string | number} Id  a room or game id (numbers from today's server) */

/**
 * @typedef {object} SeatResult
 * @property {'win' | 'loss' | 'draw' | 'escaped'} result
 * @property {number} points
 * @property {number} gold
 * @property {PointsNote} [note]  why the points are not the game's table value
 */

/**
 * A platform rule that set a seat's points aside: `short_game`, a win within `max_moves`
 * moves scoring nothing.
 * @typedef {{kind: string, max_moves?: number}} PointsNote
 */

/** @typedef {import('./gen/GameSummary').GameSummary} GameSummary */
/** @typedef {import('./gen/History').History} History */
/** @typedef {import('./gen/PlayedLine').PlayedLine} PlayedLine */
/** @typedef {import('./gen/PlayerLine').PlayerLine} PlayerLine */

/**
 * @typedef {object} GameResult
 * @property {'win' | 'draw'} result
 * @property {SeatName[]} winners
 * @property {string} reason
 * @property {Record<SeatName, SeatResult>} seats
 */

/**
 * One thing that happened: a game's event, as its JSON. The platform's fields are typed here;
 * the rest is the game's, read by its module.
 * @typedef {{kind: string, seat?: SeatName, first?: SeatName, count?: number, reason?: string,
 *   winners?: SeatName[], [field: string]: unknown}} GameEvent
 */

/**
 * One step of a replay: the action (null for the start), the position after it, its events,
 * and what the game draws it from (its own fields).
 * @typedef {{action: string | null, position: string, events: GameEvent[], [field: string]: unknown}} ReplayStep
 */

/**
 * A finished game with full information, and the game's own fields (a board, decks).
 * @typedef {{id: Id, game: string, mode: string, players: Record<SeatName, string>, ai?: Record<SeatName, string>,
 *   result: GameResult, steps: ReplayStep[], [field: string]: unknown}} Replay
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
 * @property {string[]} [marks]  an `illegal_layout` error's places that its violations name, for the editor
 * @property {import('./refusal.js').Reason[]} [reasons]  an error's typed reasons, said by refusal.js
 * @property {RoomSummary[]} [rooms]
 * @property {Id | RoomState} [room]
 * @property {unknown} [board]  a game's board geometry (`board`)
 * @property {GameEvent[]} [events]
 */

export {};
