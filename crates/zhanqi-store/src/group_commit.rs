//! Group commit: the actions of many rooms written in one transaction.
//!
//! Every room waits for its action to be stored before it acknowledges or broadcasts it. Written
//! one transaction each, a busy server spends its database on commits: one disk flush per action
//! on SQLite, one round trip and commit per action (and a pooled connection) on PostgreSQL. So
//! the store hands every append to one writer task, which takes all the appends waiting when a
//! writer is free (up to [`MAX_BATCH`]; SQLite has one writer, PostgreSQL four), writes them in
//! one statement (one round trip, one commit) and answers each room only after the commit. Nothing waits for a batch to
//! fill: an append that finds a writer idle is written at once, and the appends that arrive
//! during a commit form the next batch. Durability is unchanged — an action is acknowledged
//! only once its transaction is committed.
//!
//! Each append keeps its own checks (the game is playing, the number is the next one): a refused
//! append writes nothing and does not disturb the others in its batch. If the transaction itself
//! fails, each append of the batch is tried again on its own, so one bad append never costs the
//! others theirs.

use sqlx::any::AnyArguments;
use sqlx::query::Query;
use sqlx::{Any, AnyConnection, AnyPool, Row};
use std::fmt::Write;
use std::sync::Arc;

use tokio::sync::{Semaphore, mpsc, oneshot};
use zhanqi_core::Seat;

use crate::codec::seat_to_db;
use crate::error::StoreResult;
use crate::games::Clock;
use crate::ids::{GameId, UnixMillis};

/// The most appends written in one transaction.
pub(crate) const MAX_BATCH: usize = 512;

/// How many appends may wait for the writer before a room waits to hand its append over.
const QUEUE: usize = 16_384;

/// An append, owned, on its way to the writer.
pub(crate) struct Pending {
    /// The game.
    pub(crate) id: GameId,
    /// The number of actions before it.
    pub(crate) seq: u32,
    /// The seat that acted.
    pub(crate) seat: Option<Seat>,
    /// The action text.
    pub(crate) action: String,
    /// When the server accepted it.
    pub(crate) at: UnixMillis,
    /// The clock right after it.
    pub(crate) clock: Clock,
    /// Where the writer answers: `Ok(true)` written, `Ok(false)` refused by its checks.
    pub(crate) reply: oneshot::Sender<StoreResult<bool>>,
}

/// The handle of the writer task: appends go in, answers come back on each append's channel.
#[derive(Clone, Debug)]
pub(crate) struct Appender {
    sender: mpsc::Sender<Pending>,
}

impl Appender {
    /// Starts the writer task on the current tokio runtime, writing up to `writers` batches
    /// at once (each on a connection of its own); it ends when the last handle is dropped.
    pub(crate) fn start(pool: AnyPool, writers: usize) -> Appender {
        let (sender, receiver) = mpsc::channel(QUEUE);
        tokio::spawn(write_batches(pool, receiver, writers));
        Appender { sender }
    }

    /// Hands `pending` to the writer. `None` if the writer has stopped (its runtime is gone).
    pub(crate) async fn send(&self, pending: Pending) -> Option<()> {
        self.sender.send(pending).await.ok()
    }
}

/// The writer task: each batch is every append waiting when a writer is free.
///
/// SQLite has one writer at a time, so it gets one batch at a time; PostgreSQL writes several
/// batches at once, since each append is a round trip of its own inside its transaction.
async fn write_batches(pool: AnyPool, mut receiver: mpsc::Receiver<Pending>, writers: usize) {
    let free = Arc::new(Semaphore::new(writers.max(1)));
    loop {
        let Ok(permit) = Arc::clone(&free).acquire_owned().await else {
            return;
        };
        // Sized by what waits now, not by the largest batch: a 50 KB buffer for every batch of
        // one or two appends made the allocator consolidate its free lists each time.
        let mut batch = Vec::with_capacity(receiver.len().clamp(1, MAX_BATCH));
        if receiver.recv_many(&mut batch, MAX_BATCH).await == 0 {
            return;
        }
        let pool = pool.clone();
        tokio::spawn(async move {
            write_batch(&pool, &mut batch).await;
            drop(permit);
        });
    }
}

/// Writes `batch` in one transaction and answers each append; if the transaction fails, tries
/// each append on its own.
async fn write_batch(pool: &AnyPool, batch: &mut Vec<Pending>) {
    let written = if batch.len() == 1 {
        Err(None)
    } else {
        in_one_transaction(pool, batch).await.map_err(Some)
    };
    match written {
        Ok(inserted) => {
            for (pending, inserted) in batch.drain(..).zip(inserted) {
                // A room that stopped waiting (its task ended) needs no answer.
                let _ = pending.reply.send(Ok(inserted));
            }
        }
        Err(failure) => {
            if let Some(error) = failure {
                tracing::warn!(
                    "a batch of {} actions failed ({error}); writing each alone",
                    batch.len()
                );
            }
            for pending in batch.drain(..) {
                let result = match pool.acquire().await {
                    Ok(mut connection) => insert(&mut connection, &pending).await,
                    Err(error) => Err(error.into()),
                };
                let _ = pending.reply.send(result);
            }
        }
    }
}

/// Writes every append of `batch` at once: whether each was inserted. One statement for the
/// whole batch when no game has two appends in it (a room waits for each append before the
/// next, so that is the rule); otherwise one statement each, in one transaction.
async fn in_one_transaction(pool: &AnyPool, batch: &[Pending]) -> StoreResult<Vec<bool>> {
    let mut games: Vec<i64> = batch.iter().map(|pending| pending.id.0).collect();
    games.sort_unstable();
    games.dedup();
    if games.len() == batch.len() {
        let mut connection = pool.acquire().await?;
        return insert_many(&mut connection, batch).await;
    }
    let mut transaction = pool.begin().await?;
    let mut inserted = Vec::with_capacity(batch.len());
    for pending in batch {
        inserted.push(insert(&mut transaction, pending).await?);
    }
    transaction.commit().await?;
    Ok(inserted)
}

/// Inserts the actions of `batch` (at most one a game) in one statement, each only if its game
/// is playing and its number is the next, as [`insert`] does: whether each was inserted.
///
/// One statement is atomic on its own, so the batch needs no transaction around it: one round
/// trip to the database writes it all.
async fn insert_many(connection: &mut AnyConnection, batch: &[Pending]) -> StoreResult<Vec<bool>> {
    let mut sql = String::from(
        "INSERT INTO actions (game_id, seq, seat, action, acted_at, deadline, clock) \
         SELECT v.column1, v.column2, v.column3, v.column4, v.column5, v.column6, v.column7 \
         FROM (VALUES ",
    );
    for index in 0..batch.len() {
        let n = index * 7;
        // Typed for PostgreSQL, which cannot tell a parameter's type inside VALUES.
        let _ = write!(
            sql,
            "{}(CAST(${} AS BIGINT), CAST(${} AS BIGINT), CAST(${} AS BIGINT), CAST(${} AS TEXT), \
             CAST(${} AS BIGINT), CAST(${} AS BIGINT), CAST(${} AS TEXT))",
            if index == 0 { "" } else { ", " },
            n + 1,
            n + 2,
            n + 3,
            n + 4,
            n + 5,
            n + 6,
            n + 7,
        );
    }
    sql.push_str(
        ") AS v \
         WHERE EXISTS (SELECT 1 FROM games g WHERE g.id = v.column1 AND g.status = 'playing') \
         AND (SELECT COALESCE(MAX(a.seq) + 1, 0) FROM actions a WHERE a.game_id = v.column1) \
             = v.column2 \
         ON CONFLICT DO NOTHING \
         RETURNING game_id",
    );
    // Not kept prepared: a batch's size, and so its text, changes from one batch to the next.
    let mut query = sqlx::query::<Any>(&sql).persistent(false);
    for pending in batch {
        query = bind_row(query, pending);
    }
    let mut written = Vec::with_capacity(batch.len());
    for row in query.fetch_all(&mut *connection).await? {
        written.push(row.try_get::<i64, _>(0)?);
    }
    written.sort_unstable();
    Ok(batch
        .iter()
        .map(|pending| written.binary_search(&pending.id.0).is_ok())
        .collect())
}

/// Inserts one action if its game is playing and its number is the next: whether it did.
///
/// One statement checks and writes, so two writers racing for the same number cannot both
/// pass the check; `ON CONFLICT DO NOTHING` makes the loser's insert write nothing rather than
/// fail (a failed statement would abort a PostgreSQL transaction and the batch with it).
async fn insert(connection: &mut AnyConnection, pending: &Pending) -> StoreResult<bool> {
    let query = sqlx::query::<Any>(
        "INSERT INTO actions (game_id, seq, seat, action, acted_at, deadline, clock) \
         SELECT $1, $2, $3, $4, $5, $6, $7 \
         WHERE EXISTS (SELECT 1 FROM games WHERE id = $1 AND status = 'playing') \
         AND (SELECT COALESCE(MAX(seq) + 1, 0) FROM actions WHERE game_id = $1) = $2 \
         ON CONFLICT DO NOTHING",
    );
    let done = bind_row(query, pending).execute(&mut *connection).await?;
    Ok(done.rows_affected() == 1)
}

/// Binds one append's seven columns, in the order of the `actions` table.
fn bind_row<'q>(
    query: Query<'q, Any, AnyArguments<'q>>,
    pending: &'q Pending,
) -> Query<'q, Any, AnyArguments<'q>> {
    query
        .bind(pending.id.0)
        .bind(i64::from(pending.seq))
        .bind(pending.seat.map(seat_to_db))
        .bind(pending.action.as_str())
        .bind(pending.at.0)
        .bind(pending.clock.deadline.map(|deadline| deadline.0))
        .bind(pending.clock.state.as_str())
}
