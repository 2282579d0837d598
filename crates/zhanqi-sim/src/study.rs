//! A study: many self-play games in parallel, written to a folder as they finish, then
//! summarised into `summary.json`, `report.html` and PNG plots.

use std::path::{Path, PathBuf};
use std::time::Instant;

use serde::{Deserialize, Serialize};
use zhanqi_ai::AiGame;
use zhanqi_core::{BySeat, GameNotation, Seat, Team};

use crate::entrant::Entrant;
use crate::playout::{GameSeeds, play};
use crate::progress::{Progress, ProgressMode};
use crate::record::{GameRecord, ResultsWriter, SeatOutcome, SeatRecord, read_results};
use crate::summary::{RunFigures, Summary, summarise};
use crate::workers::{Flow, run_queue};
use crate::{SimError, report};

/// The settings that decide which games a study plays: kept in `config.json`, so that a
/// resumed study plays the same games.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct StudyConfig {
    /// The game's name (`junqi`).
    pub game: String,
    /// The mode (`2p`).
    pub mode: String,
    /// The game's full options, as JSON.
    pub options: serde_json::Value,
    /// The entrants' names, in rotation order.
    pub players: Vec<String>,
    /// The study seed.
    pub seed: u64,
    /// Games in the study (a resume may raise it to extend the study).
    pub games: u64,
    /// Listed moves after which a game is stopped and counted as a draw.
    pub max_plies: u64,
}

/// A study to run.
pub struct Study<G: AiGame + GameNotation> {
    /// The mode; the game's first mode when `None`.
    pub mode: Option<String>,
    /// Options merged over the mode's defaults (a JSON object), as `--options` gives them.
    pub options: Option<serde_json::Value>,
    /// The players, seated in rotation (game i: the k-th seat in play gets entrant
    /// (k + i) mod n).
    pub entrants: Vec<Entrant<G>>,
    /// Games to play.
    pub games: u64,
    /// The study seed: with the game index it decides every game.
    pub seed: u64,
    /// Listed moves after which a game is stopped (counted as a draw, reason `ply_limit`).
    pub max_plies: u64,
    /// Worker threads.
    pub threads: usize,
    /// The output folder.
    pub out: PathBuf,
    /// Continue the study already in `out`.
    pub resume: bool,
    /// The command line, shown in the report.
    pub command_line: String,
    /// How progress is shown.
    pub progress: ProgressMode,
}

impl<G: AiGame + GameNotation> Study<G> {
    /// A study of `games` games among `entrants` written to `out`: the game's first mode with
    /// its default options, seed 0, one thread, games stopped at 100,000 listed moves, no
    /// progress shown. The fields are public: change what a study needs, as in
    /// `Study { seed: 7, threads: 2, ..Study::new(entrants, 20, out) }`.
    #[must_use]
    pub fn new(entrants: Vec<Entrant<G>>, games: u64, out: &Path) -> Study<G> {
        Study {
            mode: None,
            options: None,
            entrants,
            games,
            seed: 0,
            max_plies: 100_000,
            threads: 1,
            out: out.to_owned(),
            resume: false,
            command_line: format!("zhanqi sim {}", G::NAME),
            progress: ProgressMode::Hidden,
        }
    }
}

/// What a study run did.
#[derive(Debug)]
pub struct StudyOutcome {
    /// The summary of every game of the study.
    pub summary: Summary,
    /// Games this run played.
    pub played: u64,
    /// Games found finished and skipped.
    pub skipped: u64,
}

/// The files of a study folder.
pub struct StudyFiles {
    /// `config.json`
    pub config: PathBuf,
    /// `results.jsonl`
    pub results: PathBuf,
    /// `summary.json`
    pub summary: PathBuf,
    /// `report.html`
    pub report: PathBuf,
}

impl StudyFiles {
    /// The files of folder `out`.
    #[must_use]
    pub fn in_folder(out: &Path) -> StudyFiles {
        StudyFiles {
            config: out.join("config.json"),
            results: out.join("results.jsonl"),
            summary: out.join("summary.json"),
            report: out.join("report.html"),
        }
    }
}

/// The seats in play with what records say of them.
struct Table {
    seats: Vec<(Seat, String, Team)>,
}

/// Runs (or resumes) a study and writes its folder.
///
/// # Errors
/// If the settings are unusable, the folder cannot be written, a resumed folder was made with
/// other settings, or a game fails.
pub fn run_study<G: AiGame + GameNotation>(study: &Study<G>) -> Result<StudyOutcome, SimError> {
    if study.entrants.is_empty() {
        return Err(SimError::Settings(
            "a study needs at least one player".into(),
        ));
    }
    let options = crate::game_options::<G>(study.mode.as_deref(), study.options.as_ref())?;
    let probe = G::new(&options, 0).map_err(|error| SimError::Game(error.to_string()))?;
    let table = Table {
        seats: probe
            .seats()
            .iter()
            .map(|seat| (seat, probe.seat_name(seat).to_owned(), probe.team(seat)))
            .collect(),
    };
    let config = StudyConfig {
        game: G::NAME.to_owned(),
        mode: probe.mode().to_owned(),
        options: serde_json::to_value(&options).map_err(SimError::Json)?,
        players: study.entrants.iter().map(|e| e.name().to_owned()).collect(),
        seed: study.seed,
        games: study.games,
        max_plies: study.max_plies,
    };
    let files = StudyFiles::in_folder(&study.out);
    std::fs::create_dir_all(&study.out).map_err(|error| SimError::io(&study.out, error))?;
    let mut records = prepare_folder(&files, &config, study)?;
    records.retain(|record| record.index < study.games);
    let mut finished = vec![false; study.games as usize];
    for record in &records {
        finished[record.index as usize] = true;
    }
    let pending: Vec<u64> = (0..study.games)
        .filter(|&i| !finished[i as usize])
        .collect();
    let skipped = study.games - pending.len() as u64;

    let label = format!("{} {}", config.game, config.mode);
    let mut progress = Progress::new(study.progress, &label, study.games, skipped);
    let mut writer = ResultsWriter::append(&files.results)?;
    let start = Instant::now();
    let mut run_plies = 0;
    let mut played = 0;
    run_queue(
        study.threads,
        &pending,
        |index| play_one(study, &options, &table, index),
        |_, record| {
            let record = record?;
            writer.write(&record, &files.results)?;
            run_plies += record.plies;
            played += 1;
            records.push(record);
            progress.advance("");
            Ok(Flow::Continue)
        },
    )?;
    progress.finish();
    let run = RunFigures {
        games: played,
        plies: run_plies,
        seconds: start.elapsed().as_secs_f64(),
        threads: study.threads,
    };
    records.sort_by_key(|record| record.index);
    records.dedup_by_key(|record| record.index);
    let summary = summarise(&config, &study.command_line, &records, run);
    write_json(&files.summary, &summary)?;
    report::write_report(&summary, &study.out, &files.report)?;
    Ok(StudyOutcome {
        summary,
        played,
        skipped,
    })
}

/// Checks the folder against the settings and returns the records already in it.
fn prepare_folder<G: AiGame + GameNotation>(
    files: &StudyFiles,
    config: &StudyConfig,
    study: &Study<G>,
) -> Result<Vec<GameRecord>, SimError> {
    if !study.resume {
        let started = std::fs::metadata(&files.results).is_ok_and(|meta| meta.len() > 0);
        if started {
            return Err(SimError::AlreadyStarted(study.out.clone()));
        }
        write_json(&files.config, config)?;
        return Ok(Vec::new());
    }
    let text = match std::fs::read_to_string(&files.config) {
        Ok(text) => text,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
            return Err(SimError::NothingToResume(study.out.clone()));
        }
        Err(error) => return Err(SimError::io(&files.config, error)),
    };
    let stored: StudyConfig = serde_json::from_str(&text).map_err(SimError::Json)?;
    check_same(&files.config, &stored, config)?;
    // The stored config is rewritten only for the one setting a resume may change.
    write_json(&files.config, config)?;
    read_results(&files.results)
}

fn check_same(path: &Path, stored: &StudyConfig, given: &StudyConfig) -> Result<(), SimError> {
    let mismatch = |field: &'static str, stored: String, given: String| SimError::ConfigMismatch {
        path: path.to_owned(),
        field,
        stored,
        given,
    };
    if stored.game != given.game {
        return Err(mismatch("game", stored.game.clone(), given.game.clone()));
    }
    if stored.mode != given.mode {
        return Err(mismatch("mode", stored.mode.clone(), given.mode.clone()));
    }
    if stored.options != given.options {
        return Err(mismatch(
            "options",
            stored.options.to_string(),
            given.options.to_string(),
        ));
    }
    if stored.players != given.players {
        return Err(mismatch(
            "players",
            stored.players.join(","),
            given.players.join(","),
        ));
    }
    if stored.seed != given.seed {
        return Err(mismatch(
            "seed",
            stored.seed.to_string(),
            given.seed.to_string(),
        ));
    }
    if stored.max_plies != given.max_plies {
        return Err(mismatch(
            "max-plies",
            stored.max_plies.to_string(),
            given.max_plies.to_string(),
        ));
    }
    Ok(())
}

/// Plays game `index` of the study: its seeds and seating depend on the index alone.
fn play_one<G: AiGame + GameNotation>(
    study: &Study<G>,
    options: &G::Options,
    table: &Table,
    index: u64,
) -> Result<GameRecord, SimError> {
    let seeds = GameSeeds::derive(study.seed, index);
    let game = G::new(options, seeds.game).map_err(|error| SimError::Game(error.to_string()))?;
    let count = study.entrants.len();
    let entrant_of = |position: usize| (position + index as usize) % count;
    let mut players = BySeat::from_fn(|_| None);
    for (position, &(seat, _, _)) in table.seats.iter().enumerate() {
        players[seat] = Some(study.entrants[entrant_of(position)].build(seeds.players[seat]));
    }
    let played = play(game, &mut players, study.max_plies)?;
    let winning_team = played.winners.lowest().and_then(|winner| {
        table
            .seats
            .iter()
            .find(|&&(seat, _, _)| seat == winner)
            .map(|&(_, _, team)| team.0)
    });
    let seats = table
        .seats
        .iter()
        .enumerate()
        .map(|(position, (seat, name, team))| SeatRecord {
            seat: seat.index(),
            name: name.clone(),
            team: team.0,
            player: entrant_of(position),
            spec: study.entrants[entrant_of(position)].name().to_owned(),
            result: match winning_team {
                None => SeatOutcome::Draw,
                Some(winner) if winner == team.0 => SeatOutcome::Win,
                Some(_) => SeatOutcome::Loss,
            },
            labels: played.labels[*seat].clone(),
        })
        .collect();
    Ok(GameRecord {
        index,
        seed: seeds.game,
        seats,
        winners: played.winners.iter().map(Seat::index).collect(),
        winning_team,
        reason: played.reason,
        first_mover: played.first_mover.map(Seat::index),
        plies: played.plies,
        duration_ms: played.duration_ms,
    })
}

/// Writes `value` as pretty JSON to `path`.
pub(crate) fn write_json<T: Serialize>(path: &Path, value: &T) -> Result<(), SimError> {
    let mut text = serde_json::to_string_pretty(value).map_err(SimError::Json)?;
    text.push('\n');
    std::fs::write(path, text).map_err(|error| SimError::io(path, error))
}
