//! What a room looks like to one watcher (docs/wire-protocol.md §4) and in the lobby.
//!
//! Everything about the game comes from the dyn layer's per-viewer methods: a seat's view, a
//! spectator's view, or (once the game is over) everything. Nothing is redacted here.

use serde_json::{Value, json};
use zhanqi_core::Viewer;
use zhanqi_core::platform::level;
use zhanqi_protocol::{Choices, DynGame};
use zhanqi_store::UserId;

use crate::room::{Phase, Room, Sitter};

/// The room as `user` may see it.
#[must_use]
pub fn room_state(room: &Room, user: Option<UserId>) -> Value {
    let seat_index = user.and_then(|user| room.seat_index_of(user));
    let you = seat_index.map(|index| room.seats[index].name);
    let viewer = match (&room.game, you) {
        (Some(game), Some(seat)) => game.seat(seat).map_or(Viewer::Spectator, Viewer::Seat),
        _ => Viewer::Spectator,
    };
    let view = room.game.as_ref().and_then(|game| game.ui_view(viewer));
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
    let (legal, can) = match (&room.game, you, room.phase) {
        (Some(game), Some(seat), Phase::Playing) => {
            (legal(game.as_ref(), seat), can(game.as_ref(), seat))
        }
        _ => (Vec::new(), can_nothing()),
    };
    let draw_offer = view
        .as_ref()
        .and_then(|view| view.get("draw_offer").cloned())
        .unwrap_or(Value::Null);
    let moves = view
        .as_ref()
        .and_then(|view| view.get("moves").cloned())
        .unwrap_or(json!(0));
    json!({
        "id": room.id.0,
        "game": room.game_name(),
        "mode": room.mode,
        "stake": room.stake,
        "phase": room.phase.name(),
        "you": you,
        "seats": seats(room, view.as_ref()),
        "spectators": room.spectators(),
        "view": view,
        "setup": setup,
        "legal": legal,
        "can": can,
        "clock": room.clock_left().map(|(seat, left)| json!({
            "seat": seat, "remaining_ms": left, "limit_ms": room.move_millis(),
        })),
        "last_moves": room.last_moves,
        "draw_offer": draw_offer,
        "moves": moves,
        "result": room.result,
        "game_id": (room.phase != Phase::Setup).then_some(room.id.0),
        "replay_saved": user.is_some_and(|user| room.replay_saved.contains(&user)),
    })
}

fn seats(room: &Room, view: Option<&Value>) -> Vec<Value> {
    room.seats
        .iter()
        .map(|slot| {
            let in_view = view
                .and_then(|view| view["seats"].as_array())
                .and_then(|seats| seats.iter().find(|s| s["seat"] == slot.name));
            let player = match &slot.sitter {
                None => Value::Null,
                Some(Sitter::Ai(level)) => json!({
                    "name": format!("AI ({level})"), "kind": "ai", "ai": level,
                }),
                Some(Sitter::Person(person)) => json!({
                    "name": person.name,
                    "kind": if person.guest { "guest" } else { "user" },
                    "ai": null,
                }),
            };
            let connected = match &slot.sitter {
                Some(Sitter::Person(person)) => room.connected(person.id),
                _ => true,
            };
            json!({
                "seat": slot.name,
                "player": player,
                "ready": slot.ready,
                "connected": connected,
                "status": in_view.map_or(Value::Null, |s| s["status"].clone()),
                "timeouts": in_view.map_or(json!(0), |s| s["timeouts"].clone()),
            })
        })
        .collect()
}

fn legal(game: &dyn DynGame, seat: &str) -> Vec<String> {
    match game.legal_actions(seat) {
        Ok(Choices::Listed(actions)) => actions,
        _ => Vec::new(),
    }
}

/// Which platform actions the seat may take now, asked of the game on a copy.
fn can(game: &dyn DynGame, seat: &str) -> Value {
    let allowed = |action: &str| game.clone_box().play(seat, action).is_ok();
    json!({
        "offer_draw": allowed("draw?"),
        "accept_draw": allowed("draw+"),
        "refuse_draw": allowed("draw-"),
        "resign": allowed("resign"),
    })
}

fn can_nothing() -> Value {
    json!({"offer_draw": false, "accept_draw": false, "refuse_draw": false, "resign": false})
}

/// The room's line in the lobby.
#[must_use]
pub fn summary(room: &Room) -> Value {
    json!({
        "id": room.id.0,
        "game": room.game_name(),
        "mode": room.mode,
        "stake": room.stake,
        "phase": room.phase.name(),
        "seats": room.seats.iter().map(|slot| match &slot.sitter {
            None => json!({"seat": slot.name, "player": null, "ai": null}),
            Some(Sitter::Ai(level)) => json!({"seat": slot.name, "player": format!("AI ({level})"), "ai": level}),
            Some(Sitter::Person(person)) => json!({"seat": slot.name, "player": person.name, "ai": null}),
        }).collect::<Vec<_>>(),
        "spectators": room.spectators(),
        "created_ms": room.created().0,
    })
}

/// A person's profile as the protocol's `User`.
#[must_use]
pub fn user_json(account: &zhanqi_store::Account, profile: &zhanqi_store::Profile) -> Value {
    let rank = level(profile.points);
    json!({
        "name": account.name,
        "kind": if account.guest { "guest" } else { "user" },
        "points": profile.points,
        "level": rank.number(),
        "title": rank.title_zh(),
        "title_en": rank.title_en(),
        "games": {
            "played": profile.played,
            "won": profile.won,
            "lost": profile.lost,
            "drawn": profile.drawn,
            "escaped": profile.escaped,
        },
        "gold": account.gold,
    })
}
