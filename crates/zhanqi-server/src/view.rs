//! What a room looks like to one watcher (docs/wire-protocol.md §4) and in the lobby.
//!
//! Everything about the game comes from the dyn layer's per-viewer methods: a seat's view, a
//! spectator's view, or (once the game is over) everything. Nothing is redacted here.
//!
//! The platform's shapes are typed structs, exported to TypeScript (`web/gen/`, see
//! [`crate::typescript`]); what a game presents (its view, layout, events, result) stays the
//! game's JSON, written `JsonValue` there.

use std::collections::BTreeMap;

use serde::Serialize;
use serde_json::value::RawValue;
use serde_json::{Value, json};
use ts_rs::TS;
use zhanqi_core::platform::Ladder;
use zhanqi_core::{Choice, PlatformAction, Progress, SetupEditor, Viewer};
use zhanqi_protocol::{Choices, DynGame};
use zhanqi_store::UserId;

use crate::room::{Phase, Room, Sitter};

/// A room as one watcher may see it (`room` message).
#[derive(Clone, Debug, Serialize, TS)]
pub struct RoomState {
    /// The room's id (the stored game's id).
    #[ts(type = "number")]
    pub id: i64,
    /// The game (`junqi`).
    pub game: &'static str,
    /// The mode (`2p`, `4p`, `dark`).
    pub mode: String,
    /// The base stake of a gold room; 0 for none.
    #[ts(type = "number")]
    pub stake: i64,
    /// Where the room stands.
    #[ts(type = "\"setup\" | \"playing\" | \"over\"")]
    pub phase: &'static str,
    /// The receiver's seat, or null for a spectator.
    pub you: Option<&'static str>,
    /// Every seat, in seat order.
    pub seats: Vec<SeatState>,
    /// How many watchers hold no seat.
    pub spectators: usize,
    /// The game as the receiver may see it (the game's presentation, written by the game);
    /// null in setup.
    #[ts(as = "Option<Value>")]
    pub view: Option<Box<RawValue>>,
    /// The receiver's layout being arranged, in setup (the game's presentation).
    pub setup: Option<Value>,
    /// The receiver's listed actions now.
    pub legal: Vec<String>,
    /// The receiver's listed actions now as the clicks that make them (the game's targets:
    /// posts, cards, cells…), so that no client reads notation.
    #[ts(type = "Array<{ clicks: string[], action: string }>")]
    pub choices: Vec<Choice>,
    /// During play, the editor of the receiver's choice too large to list when the game asks
    /// for one now (a deployment after the opening rolls); the arrangement is sent as `act`.
    #[ts(type = "{ kind: string, before_start: boolean, swaps: boolean, public: boolean } | null")]
    pub editor: Option<SetupEditor>,
    /// The platform actions the receiver may take now.
    pub can: Can,
    /// Whether the receiver may seat an AI in an empty seat now (in setup, in a room without
    /// a gold stake, as one of its players or its creator), so that a page offers it only then.
    pub seat_ai: bool,
    /// The running clock.
    pub clock: Option<ClockState>,
    /// The last move of each seat, by seat (the game's presentation).
    #[ts(as = "BTreeMap<String, Value>")]
    pub last_moves: BTreeMap<&'static str, Box<RawValue>>,
    /// The draw offer waiting for answers.
    pub draw_offer: Option<DrawOfferState>,
    /// Moves completed.
    pub moves: u32,
    /// The result, once over.
    pub result: Option<Value>,
    /// The stored game's id, once it started.
    #[ts(type = "number | null")]
    pub game_id: Option<i64>,
    /// Whether the receiver saved the finished game to their replays.
    pub replay_saved: bool,
    /// The deployments everybody may see, by seat (shengke decks with their card names).
    #[ts(type = "Record<string, unknown>")]
    pub decks: BTreeMap<&'static str, Value>,
}

/// One seat of a room.
#[derive(Clone, Debug, Serialize, TS)]
pub struct SeatState {
    /// The seat's name.
    pub seat: &'static str,
    /// Who sits there, or null.
    pub player: Option<SeatPlayer>,
    /// Whether the seat is ready to start.
    pub ready: bool,
    /// Whether a seated person is connected (an AI always is).
    pub connected: bool,
    /// During and after play: `active`, `defeated` or `escaped`.
    pub status: Option<String>,
    /// Turns lost to the clock.
    pub timeouts: u32,
    /// While the seat's player is away during play, the milliseconds left (when the message
    /// was sent) before the seat counts as escaped; null otherwise.
    #[ts(type = "number | null")]
    pub escape_in_ms: Option<u64>,
}

/// Who sits in a seat: a person with their rank, or an AI with its level.
#[derive(Clone, Debug, Serialize, TS)]
pub struct SeatPlayer {
    /// The person's name, or `AI (level)`.
    pub name: String,
    /// `user`, `guest` or `ai`.
    #[ts(type = "\"user\" | \"guest\" | \"ai\"")]
    pub kind: &'static str,
    /// An AI's level (`easy`, `medium`, `hard`, `expert`); null for a person.
    pub ai: Option<String>,
    /// A person's points in the room's game family.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional, as = "Option<f64>")]
    pub points: Option<i64>,
    /// A person's rank level, from 1 (absent when the game's family has no ranks).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub level: Option<u8>,
    /// A person's rank title in Chinese.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub title: Option<&'static str>,
    /// A person's rank title in English.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub title_en: Option<&'static str>,
}

/// The platform actions a seat may take now.
#[derive(Clone, Copy, Debug, Default, Serialize, TS)]
pub struct Can {
    /// Offer a draw (`draw?`).
    pub offer_draw: bool,
    /// Accept the pending offer (`draw+`).
    pub accept_draw: bool,
    /// Refuse the pending offer (`draw-`).
    pub refuse_draw: bool,
    /// Surrender (`resign`).
    pub resign: bool,
}

/// The running clock.
#[derive(Clone, Debug, Serialize, TS)]
pub struct ClockState {
    /// The seat whose clock runs.
    pub seat: &'static str,
    /// Milliseconds left when the message was sent.
    #[ts(type = "number")]
    pub remaining_ms: u64,
    /// The time for one move, in milliseconds.
    #[ts(type = "number")]
    pub limit_ms: u64,
}

/// A draw offer waiting for answers.
#[derive(Clone, Debug, Serialize, TS)]
pub struct DrawOfferState {
    /// The seat that offered.
    pub by: &'static str,
    /// The seats that accepted so far.
    pub accepted: Vec<&'static str>,
}

/// A room's line in the lobby.
#[derive(Clone, Debug, Serialize, TS)]
pub struct RoomSummary {
    /// The room's id.
    #[ts(type = "number")]
    pub id: i64,
    /// The game.
    pub game: &'static str,
    /// The mode.
    pub mode: String,
    /// The base stake of a gold room; 0 for none.
    #[ts(type = "number")]
    pub stake: i64,
    /// Where the room stands.
    #[ts(type = "\"setup\" | \"playing\" | \"over\"")]
    pub phase: &'static str,
    /// Every seat, in seat order.
    pub seats: Vec<SummarySeat>,
    /// How many watchers hold no seat.
    pub spectators: usize,
    /// When the room was created (unix milliseconds).
    #[ts(type = "number")]
    pub created_ms: i64,
}

/// A seat in the lobby.
#[derive(Clone, Debug, Serialize, TS)]
pub struct SummarySeat {
    /// The seat's name.
    pub seat: &'static str,
    /// Who sits there, by name.
    pub player: Option<String>,
    /// An AI's level.
    pub ai: Option<String>,
}

/// A person's profile (`User`).
#[derive(Clone, Debug, Serialize, TS)]
pub struct User {
    /// Their name.
    pub name: String,
    /// `user` or `guest`.
    #[ts(type = "\"user\" | \"guest\"")]
    pub kind: &'static str,
    /// Their points.
    #[ts(type = "number")]
    pub points: i64,
    /// Their rank level, from 1 (absent when the profile's game family has no ranks).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub level: Option<u8>,
    /// The rank title in Chinese.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub title: Option<&'static str>,
    /// The rank title in English.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub title_en: Option<&'static str>,
    /// Their games.
    pub games: GameCounts,
    /// Their gold not frozen in a running game.
    #[ts(type = "number")]
    pub gold: i64,
}

/// A person's games by result.
#[derive(Clone, Copy, Debug, Serialize, TS)]
pub struct GameCounts {
    /// Finished games.
    #[ts(type = "number")]
    pub played: i64,
    /// Won.
    #[ts(type = "number")]
    pub won: i64,
    /// Lost.
    #[ts(type = "number")]
    pub lost: i64,
    /// Drawn.
    #[ts(type = "number")]
    pub drawn: i64,
    /// Left before the end.
    #[ts(type = "number")]
    pub escaped: i64,
}

/// The room as `user` may see it.
#[must_use]
pub fn room_state(room: &Room, user: Option<UserId>) -> RoomState {
    let seat_index = user.and_then(|user| room.seat_index_of(user));
    let you = seat_index.map(|index| room.seats[index].name);
    let viewer = match (&room.game, you) {
        (Some(game), Some(seat)) => game.seat(seat).map_or(Viewer::Spectator, Viewer::Seat),
        _ => Viewer::Spectator,
    };
    let view = room.game.as_ref().map(|game| game.ui_view_text(viewer));
    let progress = room
        .game
        .as_ref()
        .map(|game| game.progress())
        .unwrap_or_default();
    let setup = match (room.phase, seat_index) {
        (Phase::Setup, Some(index)) => {
            let slot = &room.seats[index];
            slot.layout.as_ref().and_then(|layout| {
                let mut setup = room.probe.setup_view(slot.name, layout).ok()?;
                setup["ready"] = json!(slot.ready);
                Some(setup)
            })
        }
        _ => None,
    };
    let (legal, choices, can, editor) = match (&room.game, you, room.phase) {
        (Some(game), Some(seat), Phase::Playing) => {
            // One listing serves both: the choices are the listed actions, one each, in the
            // same order; only a seat with none asks whether its choice is too large to list.
            let choices = game.choices(seat).unwrap_or_default();
            let (legal, editor) = if choices.is_empty() {
                match game.legal_actions(seat) {
                    Ok(Choices::Unlisted) => (Vec::new(), game.setup_editor(seat)),
                    _ => (Vec::new(), None),
                }
            } else {
                let legal = choices.iter().map(|choice| choice.action.clone()).collect();
                (legal, None)
            };
            (legal, choices, can(game.as_ref(), seat), editor)
        }
        _ => (Vec::new(), Vec::new(), Can::default(), None),
    };
    let draw_offer = room
        .game
        .as_ref()
        .and_then(|game| game.draw_offer())
        .map(|offer| DrawOfferState {
            by: offer.by,
            accepted: offer.accepted,
        });
    RoomState {
        id: room.id.0,
        game: room.game_name(),
        mode: room.mode.clone(),
        stake: room.stake,
        phase: room.phase.name(),
        you,
        seats: seats(room, &progress),
        spectators: room.spectators(),
        setup,
        legal,
        choices,
        editor,
        can,
        seat_ai: room.may_seat_ai_now(user),
        clock: room.clock_left().map(|(seat, left)| ClockState {
            seat,
            remaining_ms: left,
            limit_ms: room.move_millis(),
        }),
        last_moves: room.last_moves.clone(),
        draw_offer,
        moves: progress.moves,
        result: room.result.clone(),
        game_id: (room.phase != Phase::Setup).then_some(room.id.0),
        replay_saved: user.is_some_and(|user| room.replay_saved.contains(&user)),
        view,
        decks: decks(room),
    }
}

/// The deployments everybody may see, by seat (a shengke seat's deck with its card names);
/// empty for a game whose deployments are secret.
fn decks(room: &Room) -> BTreeMap<&'static str, Value> {
    room.seats
        .iter()
        .filter_map(|slot| {
            let public = room.probe.public_setup(slot.layout.as_ref()?)?;
            Some((slot.name, public))
        })
        .collect()
}

fn seats(room: &Room, progress: &Progress) -> Vec<SeatState> {
    room.seats
        .iter()
        .map(|slot| {
            let standing = progress.seats.iter().find(|s| s.seat == slot.name);
            let player = slot.sitter.as_ref().map(|sitter| match sitter {
                Sitter::Ai(level) => SeatPlayer {
                    name: format!("AI ({level})"),
                    kind: "ai",
                    ai: Some(level.clone()),
                    points: None,
                    level: None,
                    title: None,
                    title_en: None,
                },
                Sitter::Person(person) => {
                    let points = slot.points.unwrap_or(0);
                    let rank = room.probe.ladder().map(|ladder| ladder.level(points));
                    SeatPlayer {
                        name: person.name.clone(),
                        kind: if person.guest { "guest" } else { "user" },
                        ai: None,
                        points: Some(points),
                        level: rank.map(|rank| rank.number()),
                        title: rank.map(|rank| rank.title_zh()),
                        title_en: rank.map(|rank| rank.title_en()),
                    }
                }
            });
            let connected = match &slot.sitter {
                Some(Sitter::Person(person)) => room.connected(person.id),
                _ => true,
            };
            SeatState {
                seat: slot.name,
                player,
                ready: slot.ready,
                connected,
                status: standing.map(|s| s.status.to_owned()),
                timeouts: standing.map_or(u32::from(slot.timeouts), |s| s.timeouts),
                escape_in_ms: room.escape_in(slot),
            }
        })
        .collect()
}

/// Which platform actions the seat may take now, as the game says.
fn can(game: &dyn DynGame, seat: &str) -> Can {
    let allowed = |kind: PlatformAction| game.allows(seat, kind);
    Can {
        offer_draw: allowed(PlatformAction::OfferDraw),
        accept_draw: allowed(PlatformAction::AcceptDraw),
        refuse_draw: allowed(PlatformAction::RefuseDraw),
        resign: allowed(PlatformAction::Resign),
    }
}

/// The room's line in the lobby.
#[must_use]
pub fn summary(room: &Room) -> RoomSummary {
    RoomSummary {
        id: room.id.0,
        game: room.game_name(),
        mode: room.mode.clone(),
        stake: room.stake,
        phase: room.phase.name(),
        seats: room
            .seats
            .iter()
            .map(|slot| {
                let (player, ai) = match &slot.sitter {
                    None => (None, None),
                    Some(Sitter::Ai(level)) => (Some(format!("AI ({level})")), Some(level.clone())),
                    Some(Sitter::Person(person)) => (Some(person.name.clone()), None),
                };
                SummarySeat {
                    seat: slot.name,
                    player,
                    ai,
                }
            })
            .collect(),
        spectators: room.spectators(),
        created_ms: room.created().0,
    }
}

/// A person's profile as the protocol's `User`, with the rank its points give on `ladder` (the
/// ranks of the profile's game family, if it has ranks).
#[must_use]
pub fn user_json(
    account: &zhanqi_store::Account,
    profile: &zhanqi_store::Profile,
    ladder: Option<&Ladder>,
) -> User {
    let rank = ladder.map(|ladder| ladder.level(profile.points));
    User {
        name: account.name.clone(),
        kind: if account.guest { "guest" } else { "user" },
        points: profile.points,
        level: rank.map(|rank| rank.number()),
        title: rank.map(|rank| rank.title_zh()),
        title_en: rank.map(|rank| rank.title_en()),
        games: GameCounts {
            played: profile.played,
            won: profile.won,
            lost: profile.lost,
            drawn: profile.drawn,
            escaped: profile.escaped,
        },
        gold: account.gold,
    }
}
