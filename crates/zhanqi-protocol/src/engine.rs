//! `zhanqi engine`: one JSON request per line in, one JSON answer per line out
//! (`shared/rules/engine-protocol.md`).

use std::io::{self, BufRead, Write};
use std::panic::{AssertUnwindSafe, catch_unwind};

use zhanqi_ai::PlayerSpec;
use zhanqi_core::Viewer;

use crate::answer::{GameInfo, Reply, SeatMoves, answer_line};
use crate::dyn_game::{CHANCE, Choices, DynGame, Turn};
use crate::error::{GameError, join};
use crate::registry::{GameEntry, Registry};
use crate::request::{OPS, Request, RequestError};

/// Runs the engine protocol over zhanqi's games ([`Registry::standard`]) until end of input or
/// `quit`.
///
/// # Errors
/// Only if reading `input` or writing `output` fails; bad requests are answered, never fatal.
pub fn run_engine(input: impl BufRead, output: impl Write) -> io::Result<()> {
    run_engine_with(Registry::standard(), input, output)
}

/// Runs the engine protocol over the games of `registry` until end of input or `quit`.
///
/// # Errors
/// Only if reading `input` or writing `output` fails.
pub fn run_engine_with(
    registry: Registry,
    mut input: impl BufRead,
    mut output: impl Write,
) -> io::Result<()> {
    let mut engine = Engine::new(registry);
    let mut line = Vec::new();
    loop {
        line.clear();
        if input.read_until(b'\n', &mut line)? == 0 {
            return Ok(());
        }
        let answer = engine.answer(trim_line_end(&line));
        output.write_all(answer.line.as_bytes())?;
        output.write_all(b"\n")?;
        output.flush()?;
        if answer.quit {
            return Ok(());
        }
    }
}

fn trim_line_end(line: &[u8]) -> &[u8] {
    let line = line.strip_suffix(b"\n").unwrap_or(line);
    line.strip_suffix(b"\r").unwrap_or(line)
}

/// The answer to one request line.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Answer {
    /// The JSON answer, without its line end.
    pub line: String,
    /// Whether the request was `quit`: the engine stops after writing the answer.
    pub quit: bool,
}

/// The engine's state: the registry and the current game. Answers requests one line at a time;
/// a refused request changes nothing.
pub struct Engine {
    registry: Registry,
    game: Option<Box<dyn DynGame>>,
}

impl Engine {
    /// An engine over the games of `registry`, with no current game.
    #[must_use]
    pub fn new(registry: Registry) -> Engine {
        Engine {
            registry,
            game: None,
        }
    }

    /// The current game, if any.
    #[must_use]
    pub fn game(&self) -> Option<&dyn DynGame> {
        self.game.as_deref()
    }

    /// Answers one request line (without its line end).
    pub fn answer(&mut self, line: &[u8]) -> Answer {
        let request = match Request::parse(line) {
            Ok(request) => request,
            Err((id, error)) => {
                return Answer {
                    line: answer_line(id.as_ref(), &error_reply(&error)),
                    quit: false,
                };
            }
        };
        let op = request.op().map(str::to_owned);
        // A panic is a bug in a game; it is reported on standard error by the panic hook and
        // answered, and the current game is kept: every change is made on a copy first.
        let result =
            catch_unwind(AssertUnwindSafe(|| self.dispatch(&request))).unwrap_or_else(|_| {
                Err(RequestError::Panicked {
                    op: op.clone().unwrap_or_default(),
                })
            });
        let quit = result.is_ok() && op.as_deref() == Ok("quit");
        let reply = result.unwrap_or_else(|error| error_reply(&error));
        Answer {
            line: answer_line(request.id.as_ref(), &reply),
            quit,
        }
    }

    fn dispatch(&mut self, request: &Request) -> Result<Reply, RequestError> {
        match request.op()? {
            "games" => Ok(self.games()),
            "new" => self.new_game(request),
            "load" => self.load(request),
            "position" => Ok(Reply::Position {
                position: self.current()?.position(Viewer::Omniscient),
            }),
            "view" => self.view(request),
            "roll" => self.roll(),
            "legal" => self.legal(),
            "play" => self.play(request),
            "outcome" => Ok(Reply::Outcome {
                outcome: self.current()?.outcome(),
            }),
            "perft" => self.perft(request),
            "think" => self.think(request),
            "quit" => Ok(Reply::Done {}),
            op => Err(RequestError::UnknownOp {
                op: op.to_owned(),
                known: join(OPS),
            }),
        }
    }

    fn current(&self) -> Result<&dyn DynGame, RequestError> {
        self.game.as_deref().ok_or(RequestError::NoGame)
    }

    fn current_mut(&mut self) -> Result<&mut Box<dyn DynGame>, RequestError> {
        self.game.as_mut().ok_or(RequestError::NoGame)
    }

    fn games(&self) -> Reply {
        let games = self
            .registry
            .entries()
            .iter()
            .map(|entry| GameInfo {
                game: entry.name(),
                modes: entry.protocol_modes(),
            })
            .collect();
        Reply::Games { games }
    }

    fn new_game(&mut self, request: &Request) -> Result<Reply, RequestError> {
        let entry = self.registry.find(request.string("game")?)?;
        let mode = request.optional_string("mode")?;
        let seed = request.unsigned("seed")?;
        let deployments = request.optional_string_map("deployments")?;
        let options = engine_options(entry, request)?;
        let game = entry.new_game_with(mode, options, seed, &deployments)?;
        Ok(self.replace_game(game))
    }

    fn load(&mut self, request: &Request) -> Result<Reply, RequestError> {
        let entry = self.registry.find(request.string("game")?)?;
        let position = request.string("position")?;
        let options = engine_options(entry, request)?;
        let seed = request.optional_unsigned("seed")?.unwrap_or(0);
        let game = entry.load_game(position, options, seed)?;
        Ok(self.replace_game(game))
    }

    fn replace_game(&mut self, game: Box<dyn DynGame>) -> Reply {
        let position = game.position(Viewer::Omniscient);
        self.game = Some(game);
        Reply::Position { position }
    }

    fn view(&self, request: &Request) -> Result<Reply, RequestError> {
        let game = self.current()?;
        let seat = request.string("seat")?;
        let seat = game.seat(seat)?;
        Ok(Reply::Position {
            position: game.position(Viewer::Seat(seat)),
        })
    }

    fn roll(&mut self) -> Result<Reply, RequestError> {
        let rolled = self.current_mut()?.roll()?;
        Ok(Reply::Rolled {
            outcome: rolled.outcome,
            position: rolled.position,
        })
    }

    fn legal(&self) -> Result<Reply, RequestError> {
        let game = self.current()?;
        match game.to_act() {
            Turn::Seats(seats) => {
                let mut moves = SeatMoves::default();
                for &seat in &seats {
                    let listed = match game.legal_actions(seat)? {
                        Choices::Listed(actions) => Some(actions),
                        Choices::Unlisted => None,
                    };
                    moves.0.push((seat, listed));
                }
                Ok(Reply::Legal {
                    to_move: seats,
                    moves,
                    weights: None,
                })
            }
            Turn::Chance => {
                let outcomes = game.chance_outcomes();
                let uniform = outcomes
                    .windows(2)
                    .all(|pair| pair[0].weight == pair[1].weight);
                let weights =
                    (!uniform).then(|| outcomes.iter().map(|outcome| outcome.weight).collect());
                let texts = outcomes.into_iter().map(|outcome| outcome.text).collect();
                Ok(Reply::Legal {
                    to_move: vec![CHANCE],
                    moves: SeatMoves(vec![(CHANCE, Some(texts))]),
                    weights,
                })
            }
            Turn::Over => Ok(Reply::Legal {
                to_move: Vec::new(),
                moves: SeatMoves::default(),
                weights: None,
            }),
        }
    }

    fn play(&mut self, request: &Request) -> Result<Reply, RequestError> {
        let game = self.current_mut()?;
        let seat = request.string("seat")?;
        let action = request.string("move")?;
        let played = game.play(seat, action)?;
        Ok(Reply::Played {
            position: played.position,
            record: played.record,
        })
    }

    fn perft(&self, request: &Request) -> Result<Reply, RequestError> {
        let game = self.current()?;
        let depth = request.small_unsigned("depth")?;
        Ok(Reply::Nodes {
            nodes: game.perft(depth)?,
        })
    }

    fn think(&self, request: &Request) -> Result<Reply, RequestError> {
        let game = self.current()?;
        let seat = request.string("seat")?;
        let player: PlayerSpec = request.string("player")?.parse()?;
        let seed = request.optional_unsigned("seed")?.unwrap_or(0);
        Ok(Reply::Thought {
            action: game.think(seat, &player, seed)?,
        })
    }
}

/// The request's `"options"`, refused when non-empty for a game whose engine takes none
/// ([`GameEntry::engine_options`]); `null` and `{}` mean no options.
fn engine_options<'r>(
    entry: &GameEntry,
    request: &'r Request,
) -> Result<Option<&'r serde_json::Value>, RequestError> {
    let options = request.optional_object("options")?;
    let given = options
        .and_then(serde_json::Value::as_object)
        .is_some_and(|object| !object.is_empty());
    if given && !entry.engine_options() {
        return Err(GameError::NoEngineOptions { game: entry.name() }.into());
    }
    Ok(options)
}

fn error_reply(error: &RequestError) -> Reply {
    Reply::Error {
        error: error.to_string(),
    }
}
