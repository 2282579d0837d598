//! Progress on stderr: a bar with rate and ETA on a terminal, plain lines elsewhere.

use std::io::IsTerminal;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};

/// How progress is shown.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum ProgressMode {
    /// A bar when stderr is a terminal, plain lines otherwise.
    #[default]
    Auto,
    /// Plain lines on stderr, every 10 % or every few seconds.
    Plain,
    /// Nothing (tests, `--json`).
    Hidden,
}

/// How often a plain progress line is written at least.
const PLAIN_INTERVAL: Duration = Duration::from_secs(5);

/// The progress of a run of `total` games, some of which may be done already.
pub struct Progress {
    label: String,
    total: u64,
    done: u64,
    done_before: u64,
    start: Instant,
    bar: Option<ProgressBar>,
    plain: bool,
    last_line: Instant,
    last_tenth: u64,
}

impl Progress {
    /// Progress named `label` over `total` games, `done` of them already finished.
    #[must_use]
    pub fn new(mode: ProgressMode, label: &str, total: u64, done: u64) -> Progress {
        let terminal = std::io::stderr().is_terminal();
        let bar = (mode == ProgressMode::Auto && terminal).then(|| {
            let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
            bar.set_style(
                ProgressStyle::with_template(
                    "{prefix} [{bar:30}] {pos}/{len} games  {rate}  ETA {eta}  {msg}",
                )
                .expect("the template is valid")
                .with_key(
                    "rate",
                    |state: &ProgressState, out: &mut dyn std::fmt::Write| {
                        let _ = write!(out, "{:.1} games/s", state.per_sec());
                    },
                )
                .progress_chars("=> "),
            );
            bar.set_prefix(label.to_owned());
            bar.set_position(done);
            bar.reset_eta();
            bar.enable_steady_tick(Duration::from_millis(200));
            bar
        });
        let now = Instant::now();
        Progress {
            label: label.to_owned(),
            total,
            done,
            done_before: done,
            start: now,
            bar,
            plain: mode == ProgressMode::Plain || (mode == ProgressMode::Auto && !terminal),
            last_line: now,
            last_tenth: done * 10 / total.max(1),
        }
    }

    /// One more game finished; `message` (a running score, an LLR) is shown beside the count.
    pub fn advance(&mut self, message: &str) {
        self.done += 1;
        if let Some(bar) = &self.bar {
            bar.set_position(self.done);
            bar.set_message(message.to_owned());
        }
        if self.plain {
            let tenth = self.done * 10 / self.total.max(1);
            if tenth > self.last_tenth || self.last_line.elapsed() >= PLAIN_INTERVAL {
                self.last_tenth = tenth;
                self.last_line = Instant::now();
                eprintln!("{}", self.line(message));
            }
        }
    }

    /// Removes the bar (plain mode writes nothing more: the caller prints the result).
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }

    fn line(&self, message: &str) -> String {
        let seconds = self.start.elapsed().as_secs_f64();
        let ran = self.done - self.done_before;
        let rate = ran as f64 / seconds.max(1e-9);
        let left = self.total.saturating_sub(self.done);
        let eta = if rate > 0.0 {
            format!("{:.0} s", left as f64 / rate)
        } else {
            "?".to_owned()
        };
        format!(
            "{}: {}/{} games ({:.0} %), {:.1} games/s, ETA {eta}{}{message}",
            self.label,
            self.done,
            self.total,
            100.0 * self.done as f64 / self.total.max(1) as f64,
            rate,
            if message.is_empty() { "" } else { ", " },
        )
    }
}
