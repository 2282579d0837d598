//! The store's test suite: every test runs on SQLite (a temporary file) and, when
//! `ZHANQI_TEST_DATABASE_URL` names a PostgreSQL database, on PostgreSQL too.

mod common;

mod store {
    mod accounts;
    mod actions;
    mod connect;
    mod crash;
    mod games;
    mod history;
    mod layouts;
    mod leases;
    mod replays;
    mod results;
    mod sessions;
}
