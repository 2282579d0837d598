-- zhanqi store, version 1 (PostgreSQL). Keep in step with ../sqlite/0001_initial.sql: same
-- tables, columns and constraints; integers are 64-bit, timestamps unix milliseconds, JSON TEXT.

CREATE TABLE users (
    id            BIGINT  GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name          TEXT    NOT NULL,
    name_key      TEXT    NOT NULL UNIQUE,
    password_hash TEXT,
    guest         BIGINT  NOT NULL CHECK (guest IN (0, 1)),
    gold          BIGINT  NOT NULL DEFAULT 0 CHECK (gold >= 0),
    created_at    BIGINT  NOT NULL,
    CHECK ((guest = 1) = (password_hash IS NULL))
);

CREATE TABLE profiles (
    user_id BIGINT  NOT NULL REFERENCES users (id),
    game    TEXT    NOT NULL,
    points  BIGINT  NOT NULL DEFAULT 0,
    played  BIGINT  NOT NULL DEFAULT 0,
    won     BIGINT  NOT NULL DEFAULT 0,
    lost    BIGINT  NOT NULL DEFAULT 0,
    drawn   BIGINT  NOT NULL DEFAULT 0,
    escaped BIGINT  NOT NULL DEFAULT 0,
    PRIMARY KEY (user_id, game)
);
CREATE INDEX profiles_by_points ON profiles (game, points DESC);

CREATE TABLE sessions (
    token_hash TEXT    PRIMARY KEY,
    user_id    BIGINT  NOT NULL REFERENCES users (id),
    created_at BIGINT  NOT NULL,
    expires_at BIGINT  NOT NULL
);
CREATE INDEX sessions_by_user ON sessions (user_id);
CREATE INDEX sessions_by_expiry ON sessions (expires_at);

CREATE TABLE layouts (
    user_id  BIGINT  NOT NULL REFERENCES users (id),
    game     TEXT    NOT NULL,
    mode     TEXT    NOT NULL,
    name     TEXT    NOT NULL,
    layout   TEXT    NOT NULL,
    saved_at BIGINT  NOT NULL,
    used_at  BIGINT,
    PRIMARY KEY (user_id, game, mode, name)
);

CREATE TABLE games (
    id             BIGINT  GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    game           TEXT    NOT NULL,
    mode           TEXT    NOT NULL,
    options        TEXT    NOT NULL,
    seed           BIGINT  NOT NULL,
    status         TEXT    NOT NULL CHECK (status IN ('open', 'playing', 'finished')),
    host_id        BIGINT  REFERENCES users (id),
    stake          BIGINT  NOT NULL CHECK (stake >= 0),
    created_at     BIGINT  NOT NULL,
    started_at     BIGINT,
    finished_at    BIGINT,
    start_state    TEXT,
    start_deadline BIGINT,
    start_clock    TEXT,
    outcome        TEXT
);
CREATE INDEX games_by_status ON games (status, id);

CREATE TABLE seats (
    game_id       BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat          BIGINT  NOT NULL CHECK (seat BETWEEN 0 AND 3),
    user_id       BIGINT  REFERENCES users (id),
    ai            TEXT,
    frozen_gold   BIGINT  NOT NULL DEFAULT 0 CHECK (frozen_gold >= 0),
    result        TEXT CHECK (result IN ('win', 'loss', 'draw', 'escaped', 'absent')),
    points_change BIGINT,
    gold_change   BIGINT,
    PRIMARY KEY (game_id, seat),
    UNIQUE (game_id, user_id),
    CHECK ((user_id IS NULL) <> (ai IS NULL))
);
CREATE INDEX seats_by_user ON seats (user_id);

CREATE TABLE actions (
    game_id  BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq      BIGINT  NOT NULL CHECK (seq >= 0),
    seat     BIGINT  CHECK (seat BETWEEN 0 AND 3),
    action   TEXT    NOT NULL,
    acted_at BIGINT  NOT NULL,
    deadline BIGINT,
    clock    TEXT    NOT NULL,
    PRIMARY KEY (game_id, seq)
);

CREATE TABLE replays (
    user_id  BIGINT  NOT NULL REFERENCES users (id),
    game_id  BIGINT  NOT NULL REFERENCES games (id),
    title    TEXT    NOT NULL,
    saved_at BIGINT  NOT NULL,
    PRIMARY KEY (user_id, game_id)
);

CREATE TABLE room_leases (
    game_id    BIGINT  PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    node       TEXT    NOT NULL,
    expires_at BIGINT  NOT NULL
);
