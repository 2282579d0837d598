// The interface between the generic shell (lobby, room, replay pages) and one game's module
// under games/<game>/. Types only; nothing here runs. The shell owns the platform — seats,
// ready, AI, clocks, draw offers and surrender from the server's `can` flags, leaving, the
// result and saving the replay, the log — and asks the game's module for everything the game
// draws or words: its board or table, its setup or deck editor, its choices in play, its
// events in words and animated, its replay frames, its strings.

/** @typedef {import('../main.js').Context} Context */
/** @typedef {import('../protocol.js').RoomState} RoomState */
/** @typedef {import('../protocol.js').GameEvent} GameEvent */
/** @typedef {import('../protocol.js').Replay} Replay */
/** @typedef {import('../protocol.js').RoomCommander} RoomCommander */
/** @typedef {import('../protocol.js').ServerMessage} ServerMessage */
/** @typedef {import('../dom.js').Child} Child */

/**
 * What the room page gives a game's table.
 * @typedef {object} TableHost
 * @property {Context} ctx
 * @property {HTMLElement} page  the room page (`.page.room`), for data attributes tests and styles read
 * @property {RoomCommander} command  sends a room command; a refusal is shown, and answered false
 * @property {RoomCommander} send  sends a room command; a refusal is thrown (an Error with the server's message), not shown
 * @property {(text: string, kind?: 'info' | 'error') => void} say  shows a message: lines of violations
 *   or another refusal (`error`, the default), or a confirmation (`info`, styled apart)
 * @property {() => void} redraw  redraws the status panel and the controls from the table's own state
 */

/**
 * One game's table in a room: mounted by the room page with the first room state.
 * @typedef {object} Table
 * @property {HTMLElement} element  the board or table; the room page puts it beside its side panel
 * @property {(state: RoomState, previous: RoomState | null) => void} update  a new room state arrived
 * @property {(event: GameEvent, state: RoomState) => (Promise<void> | void)} [event]  shows one event (animation);
 *   the room page waits for it before the next event or room state
 * @property {(message: ServerMessage) => void} [message]  a message of the game's own about the room (`board`)
 * @property {(state: RoomState) => Child[]} status  the game's lines of the status panel: in setup its hint, in
 *   play what the game counts (moves, turns, dice); the page adds whose turn it is, the clock and any draw offer
 * @property {(state: RoomState) => Child[]} controls  the game's controls: the setup or deck editor's buttons in
 *   setup (the page adds ready / not ready), the choices that are not clicks on the table in play
 * @property {(state: RoomState, seat: string) => {colour?: string, marker?: string, badges?: Child[]}} [seat]  what the
 *   game adds to a seat's card: the colour it plays and its marker (dark chess), badges (flag shown)
 * @property {(text: string, marks: string[]) => void} [notice]  the page showed `text` (a refusal); `marks` are the
 *   places of an arrangement the refusal names, in the game's own vocabulary (the server's `marks`): its editor marks them
 * @property {() => void} destroy
 */

/**
 * One game's replay frames, drawn by the replay page's steps.
 * @typedef {object} ReplayBoard
 * @property {HTMLElement} element
 * @property {(step: number) => void} show  draws the position after step `step` (0: the start)
 */

/**
 * An extra control of the lobby's create form for one game, and the options it gives.
 * @typedef {object} LobbyOptions
 * @property {HTMLElement} element
 * @property {() => Record<string, string>} values  fields added to the `create` message
 */

/**
 * What the shell knows of one game: the registry's value (games/index.js).
 * @typedef {object} GameModule
 * @property {string} name  the game as the server names it (`junqi`)
 * @property {{en: Record<string, string>, zh: Record<string, string>}} strings  the game's strings, added to the
 *   page's tables: seat names (`seat_<seat>`) and reasons (`reason_<code>`) are looked up there
 * @property {(mode: string) => string} modeLabel  a mode of the game for people (lobby, room header, replays)
 * @property {(seat: string) => string} seatColour  a seat's colour (chips in seat cards and results)
 * @property {(seat: string) => string} [seatMarker]  a seat's marker (▲ ● ■ ◆) as on its pieces, so that seats
 *   differ by shape and not by colour alone; without it the page gives seats shapes in their order
 * @property {(mode: string) => LobbyOptions | null} [lobbyOptions]  extra options of the create form
 * @property {() => string} [drawHint]  why a draw may not be offered now, said on the disabled button (the game's rule
 *   in words); a game without it shows no draw button while none may be offered
 * @property {(event: GameEvent, names: EventNames) => string | null} eventText  one event as a log line, or null
 *   to leave it to the page (platform events: timeouts, escapes, draw offers, the end) or to skip it
 * @property {(host: TableHost, first: RoomState) => Table} mountTable
 * @property {(replay: Replay, bottomSeat: string | null) => ReplayBoard} mountReplay
 */

/**
 * What an event's words may need besides the event: people's names for seats, and the decks
 * everybody may see (cards' names).
 * @typedef {object} EventNames
 * @property {(seat: string) => string} seat  a seat with its player: "南 alice"
 * @property {Record<string, unknown>} decks
 * @property {string | null} [you]  the reader's seat, to say which of its own pieces an event cost it
 */

export {};
