// The WebSocket half of the protocol (docs/wire-protocol.md §3): one connection per page
// load, commands answered by `ok`/`error` with the same id, pushed messages handed to
// listeners by type. A dropped connection is reopened with a growing delay (at once after a
// 1012 close: the server is draining and its rooms went elsewhere); listeners of
// `hello` learn of every (re)connection, so the room page can join again and find its seat.

/** @typedef {import('./protocol.js').ServerMessage} ServerMessage */
/** @typedef {import('./protocol.js').ClientMessage} ClientMessage */

/** A command the server refused: its code and one-sentence message. */
export class CommandError extends Error {
  /**
   * @param {string} code
   * @param {string} message
   * @param {string[]} [marks]  the places of an arrangement the refusal names, for its editor
   * @param {import('./refusal.js').Reason[]} [reasons]  what to say, typed (refusal.js says it)
   */
  constructor(code, message, marks = [], reasons = []) {
    super(message);
    this.code = code;
    this.marks = marks;
    this.reasons = reasons;
  }
}

/** @typedef {(message: ServerMessage) => void} Listener */

/** The page's connection to `/ws`. */
export class Connection {
  constructor() {
    /** @type {WebSocket | null} */
    this.socket = null;
    this.nextId = 1;
    /** @type {Map<number, {resolve: (m: ServerMessage) => void, reject: (e: Error) => void}>} */
    this.pending = new Map();
    /** @type {Map<string, Set<Listener>>} */
    this.listeners = new Map();
    this.closedOnPurpose = false;
    this.retryDelay = 500;
    /** @type {Promise<void> | null} */
    this.opened = null;
  }

  /** Opens the connection (again, after a drop); resolves once it is open. */
  open() {
    this.closedOnPurpose = false;
    const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const socket = new WebSocket(`${scheme}//${location.host}/ws`);
    this.socket = socket;
    this.opened = new Promise((resolve, reject) => {
      socket.addEventListener('open', () => {
        this.retryDelay = 500;
        resolve();
      });
      socket.addEventListener('error', () => reject(new Error('websocket error')));
    });
    socket.addEventListener('message', (event) => this.receive(event.data));
    socket.addEventListener('close', (event) => this.dropped(socket, event.code));
    return this.opened;
  }

  /** Closes for good (signing out). */
  close() {
    this.closedOnPurpose = true;
    this.socket?.close();
    this.socket = null;
  }

  /**
   * Sends a command and waits for its `ok` (resolved) or `error` (rejected with CommandError).
   * The fields are checked against the server's generated `ClientMessage`.
   * @template {ClientMessage['type']} T
   * @param {T} type
   * @param {Omit<Extract<ClientMessage, {type: T}>, 'type' | 'id'>} [fields]
   * @returns {Promise<ServerMessage>}
   */
  async send(type, fields = /** @type {Omit<Extract<ClientMessage, {type: T}>, 'type' | 'id'>} */ ({})) {
    if (!this.socket || this.socket.readyState > WebSocket.OPEN) await this.open();
    await this.opened;
    const id = this.nextId++;
    const socket = /** @type {WebSocket} */ (this.socket);
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      socket.send(JSON.stringify({ type, id, ...fields }));
    });
  }

  /**
   * Calls `listener` for every message of `type` until the returned function is called.
   * `status` messages (`up`, `down`) are the connection's own.
   * @param {string} type
   * @param {Listener} listener
   * @returns {() => void}
   */
  on(type, listener) {
    let set = this.listeners.get(type);
    if (!set) {
      set = new Set();
      this.listeners.set(type, set);
    }
    set.add(listener);
    return () => set.delete(listener);
  }

  /** @param {ServerMessage} message */
  emit(message) {
    for (const listener of [...(this.listeners.get(message.type) ?? [])]) listener(message);
  }

  /** @param {unknown} data */
  receive(data) {
    /** @type {ServerMessage} */
    let message;
    try {
      message = JSON.parse(String(data));
    } catch {
      return;
    }
    if ((message.type === 'ok' || message.type === 'error') && typeof message.id === 'number') {
      const waiting = this.pending.get(message.id);
      if (waiting) {
        this.pending.delete(message.id);
        if (message.type === 'ok') waiting.resolve(message);
        else waiting.reject(new CommandError(message.code ?? 'error', message.message ?? '', message.marks ?? [], message.reasons ?? []));
        return;
      }
    }
    if (message.type === 'hello') this.emit({ type: 'status', code: 'up' });
    this.emit(message);
  }

  /**
   * @param {WebSocket} socket
   * @param {number} [code]  the close code: 1012 is a server restarting (draining), whose
   *   rooms already went to another server: reconnect at once, a little spread out
   */
  dropped(socket, code) {
    if (socket !== this.socket) return;
    for (const waiting of this.pending.values()) {
      waiting.reject(new CommandError('disconnected', 'The connection to the server was lost.'));
    }
    this.pending.clear();
    this.socket = null;
    if (this.closedOnPurpose) return;
    this.emit({ type: 'status', code: 'down' });
    const restarting = code === 1012;
    const delay = restarting ? 50 + Math.floor(Math.random() * 250) : this.retryDelay;
    if (!restarting) this.retryDelay = Math.min(this.retryDelay * 2, 8000);
    setTimeout(() => {
      if (!this.closedOnPurpose && !this.socket) this.open().catch(() => {});
    }, delay);
  }
}
