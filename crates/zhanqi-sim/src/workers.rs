//! A work queue over a rayon pool: jobs are taken in the order given, each result is handled
//! by the worker that produced it (one at a time), and the handler can stop the queue early.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use crate::SimError;

/// What the caller wants after a result.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Flow {
    /// Keep taking jobs.
    Continue,
    /// Take no more jobs (those already running finish and are dropped).
    Stop,
}

/// Runs `job` for every item of `jobs` on `threads` worker threads, and `handle` for each
/// result as it arrives (in completion order, not item order), one result at a time.
///
/// The worker that finished a job handles its result itself, under a lock: the calling
/// thread only waits, so a study on one thread costs no hand-over between threads per game.
/// Workers take items in the order given, so when `handle` stops the queue, every item before
/// the last one taken has started. Jobs run on a dedicated rayon pool, so players that use
/// rayon themselves stay on their own pool.
///
/// # Errors
/// If the pool cannot be built, or the first error `handle` returns.
pub fn run_queue<T, J, H>(threads: usize, jobs: &[u64], job: J, handle: H) -> Result<(), SimError>
where
    J: Fn(u64) -> T + Sync,
    H: FnMut(u64, T) -> Result<Flow, SimError> + Send,
{
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.max(1))
        .thread_name(|index| format!("zhanqi-sim-{index}"))
        .build()
        .map_err(|error| SimError::Threads(error.to_string()))?;
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let handler = Mutex::new((handle, Ok(())));
    pool.broadcast(|_| {
        while !stop.load(Ordering::Relaxed) {
            let Some(&item) = jobs.get(next.fetch_add(1, Ordering::Relaxed)) else {
                break;
            };
            let result = job(item);
            // A handler that panicked poisons the lock; the panic itself reaches the caller.
            let Ok(mut guard) = handler.lock() else {
                break;
            };
            let (handle, outcome) = &mut *guard;
            if stop.load(Ordering::Relaxed) {
                break;
            }
            match handle(item, result) {
                Ok(Flow::Continue) => {}
                Ok(Flow::Stop) => stop.store(true, Ordering::Relaxed),
                Err(error) => {
                    stop.store(true, Ordering::Relaxed);
                    *outcome = Err(error);
                }
            }
        }
    });
    let (_, outcome) = handler
        .into_inner()
        .map_err(|_| SimError::Threads("a result handler panicked".into()))?;
    outcome
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_job_is_handled_once() {
        let jobs: Vec<u64> = (0..100).collect();
        let mut seen = Vec::new();
        run_queue(
            3,
            &jobs,
            |item| item * 2,
            |item, doubled| {
                assert_eq!(doubled, item * 2);
                seen.push(item);
                Ok(Flow::Continue)
            },
        )
        .unwrap();
        seen.sort_unstable();
        assert_eq!(seen, jobs);
    }

    #[test]
    fn stopping_takes_no_further_jobs() {
        let jobs: Vec<u64> = (0..10_000).collect();
        let mut handled = 0;
        run_queue(
            2,
            &jobs,
            |item| item,
            |_, _| {
                handled += 1;
                Ok(if handled == 5 {
                    Flow::Stop
                } else {
                    Flow::Continue
                })
            },
        )
        .unwrap();
        assert_eq!(handled, 5);
    }

    #[test]
    fn an_error_from_the_handler_is_returned() {
        let jobs: Vec<u64> = (0..50).collect();
        let result = run_queue(
            2,
            &jobs,
            |item| item,
            |_, _| Err(SimError::Settings("disk full".into())),
        );
        assert!(matches!(result, Err(SimError::Settings(message)) if message == "disk full"));
    }
}
