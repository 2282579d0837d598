-- zhanqi store, version 2 (PostgreSQL): the layout a seat is arranging before the game starts, and whether
-- the seat is ready, so that a restarted server gives them back. Keep in step with ../sqlite/0002_platform.sql.

ALTER TABLE seats ADD COLUMN layout TEXT;
ALTER TABLE seats ADD COLUMN ready BIGINT  NOT NULL DEFAULT 0 CHECK (ready IN (0, 1));
