//! Every game behind one object-safe trait that speaks the game's notation.

use serde::Serialize;
use serde_json::Value;
use serde_json::value::RawValue;
use zhanqi_ai::{AiGame, Observation, PlayerSpec, make_player, outcome_values};
use zhanqi_core::platform::{Ladder, PointsNote};
use zhanqi_core::{
    Choice, ClientGame, Game, GameNotation, GameRng, PlatformAction, Progress, Seat, SeatResult,
    SetupEditor, TimeoutRule, ToAct, Viewer,
};

use crate::error::{GameError, join};
use crate::perft;
use crate::ui::{self, PlayedUi, UiError, json};

/// The seat name of chance in the engine protocol.
pub const CHANCE: &str = "chance";

/// Who must act now, by seat name.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Turn {
    /// These seats must act, in seat order (several during a simultaneous hidden phase).
    Seats(Vec<&'static str>),
    /// A chance node: an outcome must be rolled or played.
    Chance,
    /// The game is over.
    Over,
}

/// A seat's legal actions now.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Choices {
    /// Every legal action in the notation, sorted by byte order, without duplicates (empty when
    /// the seat need not act).
    Listed(Vec<String>),
    /// The seat's choice is too large to list (a whole hidden deployment): any action the rules
    /// accept is legal. The engine protocol writes it as `null`.
    Unlisted,
}

/// One possible outcome of a chance node.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ChanceOutcome {
    /// The outcome in the game's notation.
    pub text: String,
    /// Its weight: its chance is the weight over the sum of all weights.
    pub weight: u32,
}

/// What [`DynGame::play`] did.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Played {
    /// The action as a game record writes it, with its result where the notation has one.
    pub record: String,
    /// The full position after it.
    pub position: String,
}

/// What [`DynGame::roll`] did.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Rolled {
    /// The outcome drawn, in the notation (one of [`DynGame::chance_outcomes`]).
    pub outcome: String,
    /// The full position after it.
    pub position: String,
}

/// A draw offer waiting for answers.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct DrawOffer {
    /// The seat that offered.
    pub by: &'static str,
    /// The seats that have accepted so far, in seat order.
    pub accepted: Vec<&'static str>,
}

/// Determinizations [`DynGame::estimate`] averages the evaluator over.
pub const ESTIMATE_DETERMINIZATIONS: usize = 8;

/// The end of a game, as the engine protocol writes it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct OutcomeSummary {
    /// `win` or `draw`.
    pub result: &'static str,
    /// The winning seats, in seat order; empty for a draw.
    pub winners: Vec<&'static str>,
    /// Why the game ended, as the game's specification names it.
    pub reason: &'static str,
}

/// A game of any kind, seen through its notation: what the engine protocol, the server and the
/// command line need, with seats, actions and positions as text.
///
/// Every [`GameNotation`] game has it through [`Erased`]. Changes are all or nothing: a refused
/// [`DynGame::play`] or [`DynGame::roll`] leaves the game as it was.
pub trait DynGame: Send + Sync {
    /// The game's name in the engine protocol (`junqi`).
    fn name(&self) -> &'static str;

    /// The game's mode (`2p`).
    fn mode(&self) -> &'static str;

    /// The options the game was created with, as JSON.
    fn options(&self) -> serde_json::Value;

    /// The names of the seats in play, in seat order.
    fn seat_names(&self) -> Vec<&'static str>;

    /// The seat with this name.
    ///
    /// # Errors
    /// [`GameError::UnknownSeat`] if no seat in play has this name.
    fn seat(&self, name: &str) -> Result<Seat, GameError>;

    /// The name of a seat in play, or `None` for a seat not in play.
    fn seat_name(&self, seat: Seat) -> Option<&'static str>;

    /// Who must act now.
    fn to_act(&self) -> Turn;

    /// The legal actions of the named seat now.
    ///
    /// # Errors
    /// [`GameError::UnknownSeat`] if no seat in play has this name.
    fn legal_actions(&self, seat: &str) -> Result<Choices, GameError>;

    /// At a chance node, every outcome with its weight, sorted by byte order of the text,
    /// without duplicates (the weights of outcomes written alike are added) and without
    /// outcomes of weight 0; empty elsewhere.
    fn chance_outcomes(&self) -> Vec<ChanceOutcome>;

    /// Plays `action` (in the notation) for the named seat, or the chance outcome `action` when
    /// `seat` is [`CHANCE`].
    ///
    /// # Errors
    /// If the seat is unknown, the text is not an action of the game (with field and offset),
    /// or the rules refuse it (with the game's reason). The game is then unchanged.
    fn play(&mut self, seat: &str, action: &str) -> Result<Played, GameError>;

    /// At a chance node, draws an outcome with the game's seeded RNG and applies it.
    ///
    /// # Errors
    /// [`GameError::NotAtChanceNode`] elsewhere; the game is then unchanged.
    fn roll(&mut self) -> Result<Rolled, GameError>;

    /// The position as `viewer` may see it, in canonical notation.
    fn position(&self, viewer: Viewer) -> String;

    /// The result once the game is over.
    fn outcome(&self) -> Option<OutcomeSummary>;

    /// The number of action sequences of length `depth` from here in the full-information
    /// game, counting chance outcomes as actions and each acting seat's actions separately
    /// during a simultaneous phase.
    ///
    /// # Errors
    /// [`GameError::UnlistedChoice`] when some seat on the way must make a choice too large
    /// to list; [`GameError::ListedActionRefused`] when the game refuses a chance outcome it
    /// listed.
    fn perft(&self, depth: u32) -> Result<u64, GameError>;

    /// The action the AI `player` chooses for the named seat, in the notation, drawing its
    /// randomness from `seed` (same seed and an iteration budget, same answer). The player
    /// sees only what the seat may see. In a phase too large to list it answers a whole
    /// choice (a junqi deployment string).
    ///
    /// # Errors
    /// [`GameError::UnknownSeat`]; [`GameError::GameOver`] once the game is over;
    /// [`GameError::AtChanceNode`] at a chance node; [`GameError::NotToAct`] when the seat
    /// need not act now.
    fn think(&self, seat: &str, player: &PlayerSpec, seed: u64) -> Result<String, GameError>;

    /// How well the named seat's team stands, judged from what the seat may see: the game's
    /// AI evaluator averaged over [`ESTIMATE_DETERMINIZATIONS`] determinizations drawn from
    /// `seed` (same seed, same answer), from −1 (lost) through 0 (even) to 1 (won). A finished
    /// game is judged by its result.
    ///
    /// # Errors
    /// [`GameError::UnknownSeat`]; [`GameError::AtChanceNode`] at a chance node.
    fn estimate(&self, seat: &str, seed: u64) -> Result<f32, GameError>;

    /// A copy of the game.
    fn clone_box(&self) -> Box<dyn DynGame>;

    // The client contract (see `crate::ui` and `zhanqi_core::client`): every method answers
    // in JSON or in the notation, by seat name.

    /// The board geometry to draw, as JSON.
    fn ui_board(&self) -> Value;

    /// What `viewer` sees, ready to draw, as JSON: built from the viewer's view alone.
    fn ui_view(&self, viewer: Viewer) -> Value;

    /// [`DynGame::ui_view`] written as JSON text, to go into a frame as it is: no JSON tree is
    /// built on the way (a room sends it to every watcher after every move).
    fn ui_view_text(&self, viewer: Viewer) -> Box<RawValue>;

    /// How far the game has gone (moves completed, each seat's standing), the same for every
    /// viewer.
    fn progress(&self) -> Progress;

    /// Plays like [`DynGame::play`] (a chance outcome when `seat` is [`CHANCE`]) and also
    /// gives the action's events for every viewer, and whether it restarts the clock.
    ///
    /// # Errors
    /// As [`DynGame::play`]; the game is then unchanged.
    fn play_ui(&mut self, seat: &str, action: &str) -> Result<PlayedUi, GameError>;

    /// At a chance node, draws an outcome with the game's own seeded RNG and plays it like
    /// [`DynGame::play_ui`]; the record is the outcome's notation, which replays it.
    ///
    /// # Errors
    /// [`GameError::NotAtChanceNode`] elsewhere; the game is then unchanged.
    fn roll_ui(&mut self) -> Result<PlayedUi, GameError>;

    /// The named seat's listed actions now as the clicks that make them: one choice per
    /// action of [`DynGame::legal_actions`], in its order (empty when the actions are unlisted).
    ///
    /// # Errors
    /// [`GameError::UnknownSeat`] if no seat in play has this name.
    fn choices(&self, seat: &str) -> Result<Vec<Choice>, GameError>;

    /// A uniformly random legal choice for the named seat when its choice is too large to
    /// list (a deployment asked for during play), drawn from `seed`, in the notation.
    fn random_unlisted(&self, seat: &str, seed: u64) -> Option<String>;

    /// Whether the named seat may take the platform action `kind` now.
    fn allows(&self, seat: &str, kind: PlatformAction) -> bool;

    /// Whether the named seat still plays (leaving now is an escape).
    fn seat_active(&self, seat: &str) -> bool;

    /// The game's action for the platform action `kind`, in the notation, if it has one.
    fn platform_text(&self, kind: PlatformAction) -> Option<String>;

    /// What the platform does when a seat's clock runs out.
    fn timeout_rule(&self) -> TimeoutRule;

    /// The family of games whose points and rank a player's profile keeps for this game.
    fn profile_family(&self) -> &'static str;

    /// The ranks of the game's family and the multipliers they give a table, if it has ranks.
    fn ladder(&self) -> Option<&'static Ladder>;

    /// The editor of the named seat's choice too large to list, if it has one.
    fn setup_editor(&self, seat: &str) -> Option<SetupEditor>;

    /// Whether seats arrange a deployment before play (the deployment is then the seat's
    /// first, unlisted action, given to the registry's `new_game`).
    fn deploys(&self) -> bool {
        self.seat_names().iter().any(|seat| {
            self.setup_editor(seat)
                .is_some_and(|editor| editor.before_start)
        })
    }

    /// A random legal deployment for the named seat (the first seat with an editor when
    /// `None`: a layout saved outside a room), drawn from `seed`.
    ///
    /// # Errors
    /// [`UiError::Unsupported`] if the game has no deployment to arrange; an unknown seat.
    fn random_setup(&self, seat: Option<&str>, seed: u64) -> Result<String, UiError>;

    /// The named seat's deployment (the first seat with an editor when `None`) checked against
    /// every rule, in canonical form.
    ///
    /// # Errors
    /// If it is malformed or breaks rules (every rule it breaks); an unknown seat.
    fn check_setup(&self, seat: Option<&str>, layout: &str) -> Result<String, UiError>;

    /// The deployment with the pieces on two of the seat's posts (by name) swapped, if the
    /// result is legal.
    ///
    /// # Errors
    /// If a post is not the seat's, or every rule the swap would break.
    fn swap_setup(&self, seat: &str, layout: &str, a: &str, b: &str) -> Result<String, UiError>;

    /// A deployment placed in the seat's area, ready to draw, as JSON.
    ///
    /// # Errors
    /// If the layout is malformed.
    fn setup_view(&self, seat: &str, layout: &str) -> Result<Value, UiError>;

    /// What everybody may see of a deployment, as JSON (a shengke deck); `None` when
    /// deployments are secret (junqi) or the game has none.
    fn public_setup(&self, layout: &str) -> Option<Value>;

    /// The options that the named seats' arrangements (seat name, text) stand for, as JSON,
    /// when the game takes them as options (shengke's decks); `None` otherwise.
    ///
    /// # Errors
    /// If a seat is unknown, or every rule an arrangement breaks.
    fn setup_options(&self, setups: &[(&str, &str)]) -> Result<Option<Value>, UiError>;

    /// Each seat's change in points (in seat order) once the game is over, from the points
    /// every seated player had at the start.
    fn points_change(&self, points_at_start: &[i64]) -> Option<Vec<i64>> {
        let settled = self.points_settlement(points_at_start)?;
        Some(settled.into_iter().map(|(points, _)| points).collect())
    }

    /// Each seat's change in points (in seat order) with the reason a platform rule gave for
    /// it, if one set the game's table aside (a short game's winners score 0).
    fn points_settlement(&self, points_at_start: &[i64]) -> Option<Vec<(i64, Option<PointsNote>)>>;

    /// Each seat's change in gold (in seat order) and the house's share, once the game is
    /// over, in a gold room of base stake `base`.
    fn gold_change(&self, base: i64, points_at_start: &[i64]) -> Option<(Vec<i64>, i64)>;

    /// Each seat's result (in seat order) once the game is over.
    fn seat_results(&self) -> Option<Vec<SeatResult>>;

    /// The draw offer waiting for answers, in a game with draw offers.
    fn draw_offer(&self) -> Option<DrawOffer>;

    /// Whether the platform draws which participant takes the first seat at the start (the
    /// first seat always moves first), as shengke's die roll or coin (§6.2).
    fn first_player_drawn(&self) -> bool;
}

fn unsupported(game: &str) -> UiError {
    UiError::Unsupported(format!("{game} has no deployment to arrange in a client"))
}

/// The first seat with an editor, for the setup methods given no seat.
fn first_setup_seat<G: ClientGame>(game: &G) -> Result<Seat, UiError> {
    game.seats()
        .iter()
        .find(|&seat| game.setup_editor(seat).is_some())
        .ok_or_else(|| unsupported(G::NAME))
}

impl Clone for Box<dyn DynGame> {
    fn clone(&self) -> Box<dyn DynGame> {
        self.clone_box()
    }
}

/// A typed game behind [`DynGame`].
#[derive(Clone, Debug)]
pub struct Erased<G>(pub G);

impl<G: GameNotation + AiGame + ClientGame> Erased<G> {
    /// The game behind the dyn layer, boxed.
    #[must_use]
    pub fn boxed(game: G) -> Box<dyn DynGame> {
        Box::new(Erased(game))
    }
}

impl<G: GameNotation + ClientGame> Erased<G> {
    fn seat_text(&self, seat: Seat) -> String {
        self.0.seat_name(seat).to_owned()
    }

    /// The listed chance outcome written `text`, with its text.
    fn chance_outcome(&self, text: &str) -> Result<(String, G::Action), GameError> {
        if self.0.to_act() != ToAct::Chance {
            return Err(GameError::NotAtChanceNode { what: "play" });
        }
        let outcomes = distinct_outcomes(&self.0);
        outcomes
            .iter()
            .find(|(listed, _, _)| listed == text)
            .map(|(listed, outcome, _)| (listed.clone(), outcome.clone()))
            .ok_or_else(|| GameError::NotAnOutcome {
                outcome: text.to_owned(),
                known: join(outcomes.iter().map(|(listed, _, _)| listed)),
            })
    }

    /// The action `text` of `seat`, parsed. At a chance node only a platform action (a
    /// concession) goes on to the rules, which may accept it there (a roll is a resting
    /// position in some games); every other action is answered [`GameError::AtChanceNode`].
    fn seat_action(&self, seat: Seat, text: &str) -> Result<G::Action, GameError> {
        if self.0.to_act() != ToAct::Chance {
            return Ok(self.0.parse_action(seat, text)?);
        }
        self.0
            .parse_action(seat, text)
            .ok()
            .filter(|action| self.0.as_platform_action(action).is_some())
            .ok_or_else(|| GameError::AtChanceNode {
                seat: self.seat_text(seat),
            })
    }

    /// Why the rules refused `text` of `seat`: at a chance node, that the game waits for
    /// chance (the rules refused the platform action there); elsewhere, the game's reason.
    fn refused(&self, seat: Seat, text: &str, illegal: &G::Illegal) -> GameError {
        if self.0.to_act() == ToAct::Chance {
            GameError::AtChanceNode {
                seat: self.seat_text(seat),
            }
        } else {
            GameError::Illegal {
                seat: self.seat_text(seat),
                action: text.to_owned(),
                reason: illegal.to_string(),
            }
        }
    }

    fn play_outcome(&mut self, text: &str) -> Result<Played, GameError> {
        let (_, outcome) = self.chance_outcome(text)?;
        let outcome = &outcome;
        let mut next = self.0.clone();
        let events = next.apply(any_seat(&self.0), outcome).map_err(|illegal| {
            GameError::ListedActionRefused {
                action: text.to_owned(),
                reason: illegal.to_string(),
            }
        })?;
        let record = self.0.record_text(outcome, &events);
        self.0 = next;
        Ok(Played {
            record,
            position: self.0.position(Viewer::Omniscient),
        })
    }
}

impl<G: GameNotation + AiGame + ClientGame> DynGame for Erased<G> {
    fn name(&self) -> &'static str {
        G::NAME
    }

    fn mode(&self) -> &'static str {
        self.0.mode()
    }

    fn options(&self) -> serde_json::Value {
        serde_json::to_value(self.0.options()).unwrap_or(serde_json::Value::Null)
    }

    fn seat_names(&self) -> Vec<&'static str> {
        self.0
            .seats()
            .iter()
            .map(|seat| self.0.seat_name(seat))
            .collect()
    }

    fn seat(&self, name: &str) -> Result<Seat, GameError> {
        self.0
            .seat_by_name(name)
            .ok_or_else(|| GameError::UnknownSeat {
                seat: name.to_owned(),
                known: join(self.seat_names()),
            })
    }

    fn seat_name(&self, seat: Seat) -> Option<&'static str> {
        self.0
            .seats()
            .contains(seat)
            .then(|| self.0.seat_name(seat))
    }

    fn to_act(&self) -> Turn {
        match self.0.to_act() {
            ToAct::Seats(seats) => {
                Turn::Seats(seats.iter().map(|seat| self.0.seat_name(seat)).collect())
            }
            ToAct::Chance => Turn::Chance,
            ToAct::Over => Turn::Over,
        }
    }

    fn legal_actions(&self, seat: &str) -> Result<Choices, GameError> {
        let seat = self.seat(seat)?;
        if self.0.has_unlisted_actions(seat) {
            return Ok(Choices::Unlisted);
        }
        Ok(Choices::Listed(
            distinct_actions(&self.0, seat)
                .into_iter()
                .map(|(text, _)| text)
                .collect(),
        ))
    }

    fn chance_outcomes(&self) -> Vec<ChanceOutcome> {
        distinct_outcomes(&self.0)
            .into_iter()
            .map(|(text, _, weight)| ChanceOutcome { text, weight })
            .collect()
    }

    fn play(&mut self, seat: &str, action: &str) -> Result<Played, GameError> {
        if seat == CHANCE {
            return self.play_outcome(action);
        }
        let seat = self.seat(seat)?;
        let parsed = self.seat_action(seat, action)?;
        // Applied to a copy, so that even a game that breaks its promise to leave a refused
        // action without effect cannot leave the engine in a half-changed state.
        let mut next = self.0.clone();
        let events = next
            .apply(seat, &parsed)
            .map_err(|illegal| self.refused(seat, action, &illegal))?;
        let record = self.0.record_text(&parsed, &events);
        self.0 = next;
        Ok(Played {
            record,
            position: self.0.position(Viewer::Omniscient),
        })
    }

    fn roll(&mut self) -> Result<Rolled, GameError> {
        if self.0.to_act() != ToAct::Chance {
            return Err(GameError::NotAtChanceNode { what: "roll" });
        }
        let mut next = self.0.clone();
        let (outcome, _events) = next
            .roll()
            .map_err(|illegal| GameError::ListedActionRefused {
                action: "roll".to_owned(),
                reason: illegal.to_string(),
            })?;
        let outcome = self.0.action_text(&outcome);
        self.0 = next;
        Ok(Rolled {
            outcome,
            position: self.0.position(Viewer::Omniscient),
        })
    }

    fn position(&self, viewer: Viewer) -> String {
        self.0.position(viewer)
    }

    fn outcome(&self) -> Option<OutcomeSummary> {
        let outcome = self.0.outcome()?;
        Some(OutcomeSummary {
            result: if outcome.is_draw() { "draw" } else { "win" },
            winners: outcome
                .winners
                .iter()
                .map(|seat| self.0.seat_name(seat))
                .collect(),
            reason: outcome.reason,
        })
    }

    fn perft(&self, depth: u32) -> Result<u64, GameError> {
        perft::perft(&self.0, depth)
    }

    fn think(&self, seat: &str, player: &PlayerSpec, seed: u64) -> Result<String, GameError> {
        let seat = self.seat(seat)?;
        let acting = match self.0.to_act() {
            ToAct::Over => return Err(GameError::GameOver),
            ToAct::Chance => {
                return Err(GameError::AtChanceNode {
                    seat: self.seat_text(seat),
                });
            }
            ToAct::Seats(seats) => seats,
        };
        let not_to_act = || GameError::NotToAct {
            seat: self.seat_text(seat),
            to_act: join(acting.iter().map(|seat| self.0.seat_name(seat))),
        };
        if !acting.contains(seat) {
            return Err(not_to_act());
        }
        let mut player = make_player::<G>(player, seed);
        // A seat to act with no action at all would be a game's bug; it is answered, not
        // panicked on.
        let action = player
            .choose(&Observation::new(&self.0, seat))
            .ok_or_else(not_to_act)?;
        Ok(self.0.action_text(&action))
    }

    fn estimate(&self, seat: &str, seed: u64) -> Result<f32, GameError> {
        let seat = self.seat(seat)?;
        if let Some(outcome) = self.0.outcome() {
            return Ok(outcome_values(&outcome)[seat]);
        }
        if self.0.to_act() == ToAct::Chance {
            return Err(GameError::AtChanceNode {
                seat: self.seat_text(seat),
            });
        }
        let observation = Observation::new(&self.0, seat);
        let evaluator = G::evaluator();
        let mut rng = GameRng::from_seed(seed);
        let total: f32 = (0..ESTIMATE_DETERMINIZATIONS)
            .map(|_| evaluator.evaluate(&observation.determinize(&mut rng))[seat])
            .sum();
        Ok(total / ESTIMATE_DETERMINIZATIONS as f32)
    }

    fn clone_box(&self) -> Box<dyn DynGame> {
        Box::new(self.clone())
    }

    fn ui_board(&self) -> Value {
        json(self.0.board())
    }

    fn ui_view(&self, viewer: Viewer) -> Value {
        json(self.0.table(viewer))
    }

    fn ui_view_text(&self, viewer: Viewer) -> Box<RawValue> {
        // A game's table is plain data (strings, numbers, lists and maps with string keys),
        // which always serializes.
        serde_json::value::to_raw_value(&self.0.table(viewer)).unwrap_or_else(|_| null_text())
    }

    fn progress(&self) -> Progress {
        self.0.progress()
    }

    fn play_ui(&mut self, seat: &str, action: &str) -> Result<PlayedUi, GameError> {
        let chance = seat == CHANCE;
        let (seat, parsed) = if chance {
            let (_, outcome) = self.chance_outcome(action)?;
            (any_seat(&self.0), outcome)
        } else {
            let seat = self.seat(seat)?;
            (seat, self.seat_action(seat, action)?)
        };
        let mut next = self.0.clone();
        let events = next.apply(seat, &parsed).map_err(|illegal| {
            if chance {
                GameError::ListedActionRefused {
                    action: action.to_owned(),
                    reason: illegal.to_string(),
                }
            } else {
                self.refused(seat, action, &illegal)
            }
        })?;
        // A stored log must replay through `parse_action`: a record that the notation cannot
        // read back (shengke's turn records) is stored as the action itself.
        let record = self.0.record_text(&parsed, &events);
        let record = if self.0.parse_action(seat, &record).as_ref() == Ok(&parsed) {
            record
        } else {
            self.0.action_text(&parsed)
        };
        let played = ui::played(
            &self.0,
            &next,
            &parsed,
            &events,
            record,
            chance || self.0.restarts_clock(&parsed),
        );
        self.0 = next;
        Ok(played)
    }

    fn roll_ui(&mut self) -> Result<PlayedUi, GameError> {
        if self.0.to_act() != ToAct::Chance {
            return Err(GameError::NotAtChanceNode { what: "roll" });
        }
        let mut next = self.0.clone();
        let (outcome, events) = next
            .roll()
            .map_err(|illegal| GameError::ListedActionRefused {
                action: "roll".to_owned(),
                reason: illegal.to_string(),
            })?;
        let record = self.0.action_text(&outcome);
        let played = ui::played(&self.0, &next, &outcome, &events, record, true);
        self.0 = next;
        Ok(played)
    }

    fn choices(&self, seat: &str) -> Result<Vec<Choice>, GameError> {
        let seat = self.seat(seat)?;
        if self.0.has_unlisted_actions(seat) {
            return Ok(Vec::new());
        }
        Ok(distinct_actions(&self.0, seat)
            .into_iter()
            .map(|(_, action)| self.0.choice(seat, &action))
            .collect())
    }

    fn random_unlisted(&self, seat: &str, seed: u64) -> Option<String> {
        let seat = self.seat(seat).ok()?;
        let action = self
            .0
            .random_unlisted_action(seat, &mut GameRng::from_seed(seed))?;
        Some(self.0.action_text(&action))
    }

    fn allows(&self, seat: &str, kind: PlatformAction) -> bool {
        self.seat(seat)
            .is_ok_and(|seat| self.0.to_act() != ToAct::Chance && self.0.allows(seat, kind))
    }

    fn seat_active(&self, seat: &str) -> bool {
        self.seat(seat).is_ok_and(|seat| self.0.seat_active(seat))
    }

    fn platform_text(&self, kind: PlatformAction) -> Option<String> {
        self.0
            .platform_action(kind)
            .map(|action| self.0.action_text(&action))
    }

    fn timeout_rule(&self) -> TimeoutRule {
        self.0.timeout_rule()
    }

    fn profile_family(&self) -> &'static str {
        G::profile_family()
    }

    fn ladder(&self) -> Option<&'static Ladder> {
        G::ladder()
    }

    fn setup_editor(&self, seat: &str) -> Option<SetupEditor> {
        self.0.setup_editor(self.seat(seat).ok()?)
    }

    fn random_setup(&self, seat: Option<&str>, seed: u64) -> Result<String, UiError> {
        let seat = match seat {
            Some(name) => self.seat(name)?,
            None => first_setup_seat(&self.0)?,
        };
        Ok(self.0.random_setup(seat, &mut GameRng::from_seed(seed))?)
    }

    fn check_setup(&self, seat: Option<&str>, layout: &str) -> Result<String, UiError> {
        let seat = match seat {
            Some(name) => self.seat(name)?,
            None => first_setup_seat(&self.0)?,
        };
        Ok(self.0.check_setup(seat, layout)?)
    }

    fn swap_setup(&self, seat: &str, layout: &str, a: &str, b: &str) -> Result<String, UiError> {
        let seat = self.seat(seat)?;
        if self.0.setup_editor(seat).is_none_or(|editor| !editor.swaps) {
            return Err(UiError::Unsupported(format!(
                "{} has no places to swap; edit the arrangement and send it whole",
                G::NAME
            )));
        }
        Ok(self.0.swap_setup(seat, layout, a, b)?)
    }

    fn setup_view(&self, seat: &str, layout: &str) -> Result<Value, UiError> {
        let seat = self.seat(seat)?;
        if self.0.setup_editor(seat).is_none() {
            return Err(unsupported(G::NAME));
        }
        Ok(json(self.0.setup_view(seat, layout)?))
    }

    fn public_setup(&self, layout: &str) -> Option<Value> {
        self.0.public_setup(layout).map(json)
    }

    fn setup_options(&self, setups: &[(&str, &str)]) -> Result<Option<Value>, UiError> {
        let setups = setups
            .iter()
            .map(|&(seat, text)| Ok((self.seat(seat)?, text)))
            .collect::<Result<Vec<(Seat, &str)>, GameError>>()?;
        Ok(self.0.setup_options(&setups)?)
    }

    fn points_settlement(&self, points_at_start: &[i64]) -> Option<Vec<(i64, Option<PointsNote>)>> {
        let settled = self.0.points_settlement(points_at_start)?;
        Some(
            self.0
                .seats()
                .iter()
                .map(|seat| (settled.change[seat], settled.notes[seat]))
                .collect(),
        )
    }

    fn gold_change(&self, base: i64, points_at_start: &[i64]) -> Option<(Vec<i64>, i64)> {
        let settlement = self.0.gold_change(base, points_at_start)?;
        Some((
            self.0
                .seats()
                .iter()
                .map(|seat| settlement.change[seat])
                .collect(),
            settlement.house,
        ))
    }

    fn seat_results(&self) -> Option<Vec<SeatResult>> {
        let outcome = self.0.outcome()?;
        Some(
            self.0
                .seats()
                .iter()
                .map(|seat| outcome.results[seat])
                .collect(),
        )
    }

    fn draw_offer(&self) -> Option<DrawOffer> {
        let pending = self.0.pending_draw()?;
        Some(DrawOffer {
            by: self.0.seat_name(pending.by),
            accepted: pending
                .accepted
                .iter()
                .map(|seat| self.0.seat_name(seat))
                .collect(),
        })
    }

    fn first_player_drawn(&self) -> bool {
        self.0.first_player_drawn()
    }
}

/// Some seat of the game, for `apply` at a chance node (where the seat is ignored).
pub(crate) fn any_seat<G: Game>(game: &G) -> Seat {
    game.seats().lowest().unwrap_or(Seat::new(0))
}

/// The listed actions of `seat` with their text, sorted by text, one per text.
pub(crate) fn distinct_actions<G: GameNotation>(game: &G, seat: Seat) -> Vec<(String, G::Action)> {
    let mut actions = Vec::new();
    game.legal_actions(seat, &mut actions);
    let mut listed: Vec<(String, G::Action)> = actions
        .into_iter()
        .map(|action| (game.action_text(&action), action))
        .collect();
    listed.sort_by(|a, b| a.0.cmp(&b.0));
    listed.dedup_by(|later, earlier| later.0 == earlier.0);
    listed
}

/// The chance outcomes with their text and weight, sorted by text, one per text (weights of
/// outcomes written alike added), outcomes of weight 0 left out.
pub(crate) fn distinct_outcomes<G: GameNotation>(game: &G) -> Vec<(String, G::Action, u32)> {
    let mut outcomes = Vec::new();
    game.chance_outcomes(&mut outcomes);
    let mut listed: Vec<(String, G::Action, u32)> = outcomes
        .into_iter()
        .filter(|(_, weight)| *weight > 0)
        .map(|(outcome, weight)| (game.action_text(&outcome), outcome, weight))
        .collect();
    listed.sort_by(|a, b| a.0.cmp(&b.0));
    listed.dedup_by(|later, earlier| {
        let same = later.0 == earlier.0;
        if same {
            earlier.2 = earlier.2.saturating_add(later.2);
        }
        same
    });
    listed
}

/// JSON's `null` as text.
fn null_text() -> Box<RawValue> {
    RawValue::from_string("null".to_owned()).expect("null is JSON")
}
