// The wire protocol's shapes (docs/wire-protocol.md), as JSDoc types for `tsc --noEmit`.
// Written by hand from the contract; nothing here runs.

/** @typedef {string} SeatName  `s`, `e`, `n`, `w` (dark: `r`, `u`, `x` as owners of pieces) */
/** @typedef {string} PostName  `c5`, `k12` … */
/** @typedef {string | number} Id  a room or game id (numbers from today's server) */

/**
 * @typedef {object} GameCounts
 * @property {number} played
 * @property {number} won
 * @property {number} lost
 * @property {number} drawn
 * @property {number} escaped
 */

/**
 * @typedef {object} User
 * @property {string} name
 * @property {'user' | 'guest'} kind
 * @property {number} points
 * @property {number} level
 * @property {string} title
 * @property {string} title_en
 * @property {GameCounts} games
 * @property {number} gold
 */

/**
 * @typedef {object} SummarySeat
 * @property {SeatName} seat
 * @property {string | null} player
 * @property {string | null} ai
 */

/**
 * @typedef {object} RoomSummary
 * @property {Id} id
 * @property {string} game
 * @property {string} mode
 * @property {number} stake
 * @property {'setup' | 'playing' | 'over'} phase
 * @property {SummarySeat[]} seats
 * @property {number} spectators
 * @property {number} created_ms
 */

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
 * @typedef {object} DrawOffer
 * @property {SeatName} by
 * @property {SeatName[]} accepted
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
 * @typedef {object} SeatPlayer
 * @property {string} name
 * @property {'user' | 'guest' | 'ai'} kind
 * @property {number} [level]
 * @property {string} [title]
 * @property {string | null} [ai]
 */

/**
 * @typedef {object} SeatState
 * @property {SeatName} seat
 * @property {SeatPlayer | null} player
 * @property {boolean} ready
 * @property {boolean} connected
 * @property {'active' | 'defeated' | 'escaped' | null} status
 * @property {number} timeouts
 */

/**
 * @typedef {object} Can
 * @property {boolean} offer_draw
 * @property {boolean} accept_draw
 * @property {boolean} refuse_draw
 * @property {boolean} resign
 */

/**
 * @typedef {object} Clock
 * @property {SeatName} seat
 * @property {number} remaining_ms
 * @property {number} limit_ms
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
 * @typedef {object} RoomState
 * @property {Id} id
 * @property {string} game
 * @property {string} mode
 * @property {number} stake
 * @property {'setup' | 'playing' | 'over'} phase
 * @property {SeatName | null} you
 * @property {SeatState[]} seats
 * @property {number} spectators
 * @property {View | null} view
 * @property {Setup | null} setup
 * @property {string[]} legal
 * @property {Can} can
 * @property {Clock | null} clock
 * @property {Record<SeatName, LastMove>} last_moves
 * @property {DrawOffer | null} draw_offer
 * @property {number} moves
 * @property {GameResult | null} result
 * @property {Id | null} game_id
 * @property {boolean} replay_saved
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
