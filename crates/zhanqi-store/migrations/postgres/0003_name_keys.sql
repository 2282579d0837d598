-- zhanqi store, version 3 (PostgreSQL): which rule computed each user's name_key. Version 1 was the
-- lower-cased name; version 2 is the confusable skeleton of the NFKC-normalised, lower-cased name,
-- so that look-alike names (Cyrillic а for Latin a, ALİCE for alice) are one name. The store
-- recomputes the older keys in Rust when it connects. Keep in step with ../sqlite/0003_name_keys.sql.

ALTER TABLE users ADD COLUMN name_key_version BIGINT NOT NULL DEFAULT 1;
