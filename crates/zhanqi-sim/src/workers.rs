//! A work queue over a rayon pool: jobs are taken in the order given, results come back to
//! the calling thread as they finish, and the caller can stop the queue early.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

use crate::SimError;

/// What the caller wants after a result.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Flow {
    /// Keep taking jobs.
    Continue,
    /// Take no more jobs (those already running finish and are dropped).
    Stop,
}

/// Runs `job` for every item of `jobs` on `threads` worker threads, and `handle` on the calling
/// thread for each result as it arrives (in completion order, not item order).
///
/// Workers take items in the order given, so when `handle` stops the queue, every item before
/// the last one taken has started. Jobs run on a dedicated rayon pool, so players that use
/// rayon themselves stay on their own pool.
///
/// # Errors
/// If the pool cannot be built, or the first error `handle` returns.
pub fn run_queue<T, J, H>(
    threads: usize,
    jobs: &[u64],
    job: J,
    mut handle: H,
) -> Result<(), SimError>
where
    T: Send,
    J: Fn(u64) -> T + Sync,
    H: FnMut(u64, T) -> Result<Flow, SimError>,
{
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.max(1))
        .thread_name(|index| format!("zhanqi-sim-{index}"))
        .build()
        .map_err(|error| SimError::Threads(error.to_string()))?;
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let (sender, receiver) = mpsc::channel::<(u64, T)>();
    let (next, stop, job, pool) = (&next, &stop, &job, &pool);
    std::thread::scope(|scope| {
        scope.spawn(move || {
            pool.broadcast(|_| {
                while !stop.load(Ordering::Relaxed) {
                    let Some(&item) = jobs.get(next.fetch_add(1, Ordering::Relaxed)) else {
                        break;
                    };
                    let result = job(item);
                    if sender.send((item, result)).is_err() {
                        break;
                    }
                }
            });
            drop(sender);
        });
        let mut outcome = Ok(());
        for (item, result) in receiver.iter() {
            if outcome.is_err() || stop.load(Ordering::Relaxed) {
                continue;
            }
            match handle(item, result) {
                Ok(Flow::Continue) => {}
                Ok(Flow::Stop) => stop.store(true, Ordering::Relaxed),
                Err(error) => {
                    stop.store(true, Ordering::Relaxed);
                    outcome = Err(error);
                }
            }
        }
        outcome
    })
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
