-- zhanqi store, version 1 (SQLite). Keep in step with ../postgres/0001_initial.sql: same
-- tables, columns and constraints; integers are 64-bit, timestamps unix milliseconds, JSON TEXT.

CREATE TABLE users (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    name          TEXT    NOT NULL,
    name_key      TEXT    NOT NULL UNIQUE,
    password_hash TEXT,
    guest         INTEGER NOT NULL CHECK (guest IN (0, 1)),
    gold          INTEGER NOT NULL DEFAULT 0 CHECK (gold >= 0),
    created_at    INTEGER NOT NULL,
    CHECK ((guest = 1) = (password_hash IS NULL))
);

CREATE TABLE profiles (
    user_id INTEGER NOT NULL REFERENCES users (id),
    game    TEXT    NOT NULL,
    points  INTEGER NOT NULL DEFAULT 0,
    played  INTEGER NOT NULL DEFAULT 0,
    won     INTEGER NOT NULL DEFAULT 0,
    lost    INTEGER NOT NULL DEFAULT 0,
    drawn   INTEGER NOT NULL DEFAULT 0,
    escaped INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (user_id, game)
);
CREATE INDEX profiles_by_points ON profiles (game, points DESC);

CREATE TABLE sessions (
    token_hash TEXT    PRIMARY KEY,
    user_id    INTEGER NOT NULL REFERENCES users (id),
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL
);
CREATE INDEX sessions_by_user ON sessions (user_id);
CREATE INDEX sessions_by_expiry ON sessions (expires_at);

CREATE TABLE layouts (
    user_id  INTEGER NOT NULL REFERENCES users (id),
    game     TEXT    NOT NULL,
    mode     TEXT    NOT NULL,
    name     TEXT    NOT NULL,
    layout   TEXT    NOT NULL,
    saved_at INTEGER NOT NULL,
    used_at  INTEGER,
    PRIMARY KEY (user_id, game, mode, name)
);

CREATE TABLE games (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    game           TEXT    NOT NULL,
    mode           TEXT    NOT NULL,
    options        TEXT    NOT NULL,
    seed           INTEGER NOT NULL,
    status         TEXT    NOT NULL CHECK (status IN ('open', 'playing', 'finished')),
    host_id        INTEGER REFERENCES users (id),
    stake          INTEGER NOT NULL CHECK (stake >= 0),
    created_at     INTEGER NOT NULL,
    started_at     INTEGER,
    finished_at    INTEGER,
    start_state    TEXT,
    start_deadline INTEGER,
    start_clock    TEXT,
    outcome        TEXT
);
CREATE INDEX games_by_status ON games (status, id);

CREATE TABLE seats (
    game_id       INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat          INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 3),
    user_id       INTEGER REFERENCES users (id),
    ai            TEXT,
    frozen_gold   INTEGER NOT NULL DEFAULT 0 CHECK (frozen_gold >= 0),
    result        TEXT CHECK (result IN ('win', 'loss', 'draw', 'escaped', 'absent')),
    points_change INTEGER,
    gold_change   INTEGER,
    PRIMARY KEY (game_id, seat),
    UNIQUE (game_id, user_id),
    CHECK ((user_id IS NULL) <> (ai IS NULL))
);
CREATE INDEX seats_by_user ON seats (user_id);

CREATE TABLE actions (
    game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq      INTEGER NOT NULL CHECK (seq >= 0),
    seat     INTEGER CHECK (seat BETWEEN 0 AND 3),
    action   TEXT    NOT NULL,
    acted_at INTEGER NOT NULL,
    deadline INTEGER,
    clock    TEXT    NOT NULL,
    PRIMARY KEY (game_id, seq)
);

CREATE TABLE replays (
    user_id  INTEGER NOT NULL REFERENCES users (id),
    game_id  INTEGER NOT NULL REFERENCES games (id),
    title    TEXT    NOT NULL,
    saved_at INTEGER NOT NULL,
    PRIMARY KEY (user_id, game_id)
);

CREATE TABLE room_leases (
    game_id    INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    node       TEXT    NOT NULL,
    expires_at INTEGER NOT NULL
);
