//! `zhanqi sim`: a self-play study written to a folder (docs/sim.md).

use std::path::PathBuf;

use anyhow::Context;
use clap::Args;
use zhanqi_ai::{AiGame, PlayerSpec};
use zhanqi_core::GameNotation;
use zhanqi_protocol::{GameVisitor, RegisteredGame, visit};
use zhanqi_sim::{Entrant, ProgressMode, Study, run_study};

/// Options of `zhanqi sim`.
#[derive(Args)]
pub struct SimArgs {
    /// The game, by its name in the engine protocol (`zhanqi engine`'s `games` lists them).
    game: String,
    /// The mode (as the game names it); the game's first mode by default.
    #[arg(long)]
    mode: Option<String>,
    /// Game options as a JSON object, or a file holding one, merged over the mode's defaults
    /// (e.g. `'{"first_player_bonus":0}'` for shengke); kept in the results.
    #[arg(long, value_name = "JSON|FILE", value_parser = parse_options)]
    options: Option<serde_json::Value>,
    /// Games in the study.
    #[arg(long, default_value_t = 1000)]
    games: u64,
    /// Players, comma-separated (`random`, `heuristic`, `ismcts:ms=200,threads=2`…); they
    /// rotate over the seats. One player plays every seat.
    #[arg(long, default_value = "random")]
    players: String,
    /// Worker threads (games played at once); all cores by default.
    #[arg(long)]
    threads: Option<usize>,
    /// The study seed: with the game index it decides every game.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The output folder (config.json, results.jsonl, summary.json, report.html, PNGs).
    #[arg(long)]
    out: PathBuf,
    /// Continue the study in --out: play only the games not yet in results.jsonl.
    #[arg(long)]
    resume: bool,
    /// Listed moves after which a game is stopped and counted as a draw.
    #[arg(long, default_value_t = 100_000)]
    max_plies: u64,
    /// Progress as plain lines even on a terminal.
    #[arg(long)]
    plain: bool,
}

/// Runs a study of the named game.
pub fn run(args: &SimArgs) -> anyhow::Result<()> {
    visit(&args.game, StudyOf(args))?
}

/// The study of the game found by name.
struct StudyOf<'a>(&'a SimArgs);

impl GameVisitor for StudyOf<'_> {
    type Output = anyhow::Result<()>;

    fn visit<G: RegisteredGame>(self) -> anyhow::Result<()> {
        study::<G>(self.0)
    }
}

fn study<G: AiGame + GameNotation>(args: &SimArgs) -> anyhow::Result<()> {
    let specs = PlayerSpec::parse_list(&args.players)?;
    let study = Study::<G> {
        mode: args.mode.clone(),
        options: args.options.clone(),
        entrants: specs.iter().map(Entrant::from_spec).collect(),
        games: args.games,
        seed: args.seed,
        max_plies: args.max_plies,
        threads: threads(args.threads),
        out: args.out.clone(),
        resume: args.resume,
        command_line: command_line(),
        progress: if args.plain {
            ProgressMode::Plain
        } else {
            ProgressMode::Auto
        },
    };
    let outcome = run_study(&study).context("the study stopped")?;
    let summary = &outcome.summary;
    println!(
        "{} {}: {} games ({} played now, {} already done), {} plies; {:.1} games/s, {:.0} plies/s on {} threads",
        summary.config.game,
        summary.config.mode,
        summary.games,
        outcome.played,
        outcome.skipped,
        summary.plies,
        summary.throughput.games_per_second,
        summary.throughput.plies_per_second,
        summary.throughput.threads,
    );
    for seat in &summary.seats {
        println!(
            "  seat {} (team {}): win {:.1} % [{:.1}, {:.1}], draw {:.1} %",
            seat.name,
            seat.team,
            100.0 * seat.rates.win_rate,
            100.0 * seat.rates.win_interval.low,
            100.0 * seat.rates.win_interval.high,
            100.0 * seat.rates.draw_rate,
        );
    }
    println!("report: {}", args.out.join("report.html").display());
    Ok(())
}

/// The worker threads asked for, or every core.
pub fn threads(asked: Option<usize>) -> usize {
    asked
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from))
        .max(1)
}

/// The command line as typed (arguments with spaces quoted), for reports.
pub fn command_line() -> String {
    std::env::args()
        .map(|argument| {
            if argument.is_empty() || argument.contains(char::is_whitespace) {
                format!("'{argument}'")
            } else {
                argument
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Parses `--options`: a JSON object, given as the text itself or as the name of a file that
/// holds it (a designer's options file, e.g. changed cards in a deck list).
pub fn parse_options(text: &str) -> Result<serde_json::Value, String> {
    let path = std::path::Path::new(text);
    let (value, source) = if path.is_file() {
        let file = std::fs::read_to_string(path)
            .map_err(|error| format!("cannot read {}: {error}", path.display()))?;
        let value = serde_json::from_str(&file)
            .map_err(|error| format!("{} is not JSON: {error}", path.display()))?;
        (value, format!("{}", path.display()))
    } else {
        let value = serde_json::from_str(text)
            .map_err(|error| format!("not JSON (and no file of that name): {error}"))?;
        (value, "the options".to_owned())
    };
    match value {
        serde_json::Value::Object(_) => Ok(value),
        other => Err(format!(
            "{source} must hold a JSON object such as '{{\"first_player_bonus\":0}}', not {other}"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::parse_options;

    #[test]
    fn options_come_from_a_file_too() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("options.json");
        std::fs::write(&path, r#"{"first_player_bonus":2}"#).unwrap();
        let value = parse_options(path.to_str().unwrap()).unwrap();
        assert_eq!(value["first_player_bonus"], 2);
        std::fs::write(&path, "[1]").unwrap();
        let error = parse_options(path.to_str().unwrap()).unwrap_err();
        assert!(
            error.contains("options.json must hold a JSON object"),
            "{error}"
        );
        std::fs::write(&path, "{").unwrap();
        let error = parse_options(path.to_str().unwrap()).unwrap_err();
        assert!(error.contains("options.json is not JSON"), "{error}");
    }

    #[test]
    fn options_take_a_json_object() {
        let value = parse_options(r#"{"first_player_bonus":0}"#).unwrap();
        assert_eq!(value["first_player_bonus"], 0);
        assert!(parse_options("3").unwrap_err().contains("JSON object"));
        assert!(
            parse_options("{first_player_bonus:0}")
                .unwrap_err()
                .starts_with("not JSON")
        );
    }
}
