//! Draws by agreement over real sockets (junqi.md DR-1 to DR-3): after move 40 an offer that
//! every other active player accepts ends the game in a draw, scored by core's table; in 4p
//! one refusal rejects it.

use crate::common;

use common::{
    Database, FOUR_SEATS, Person, Socket, TestServer, config, four_people, profile, quiet_move,
    results_by_seat, seat_four_ready, two_player_room,
};
use serde_json::{Value, json};
use zhanqi_core::platform::{PointsTable, points_change};
use zhanqi_core::{Seat, SeatResult};
use zhanqi_junqi::platform as junqi;

/// The move after which a draw may be offered (DR-1).
const DRAW_FLOOR: u64 = 40;

async fn act(socket: &mut Socket, room: i64, action: &str) {
    socket
        .ok(json!({"type": "act", "room": room, "action": action}))
        .await;
}

/// Checks a drawn game: every seat drawn with the points of core's table (new guests, so a
/// multiplier of 1), and one more drawn game on every profile.
async fn assert_drawn(over: &Value, table: &PointsTable, people: &[&Person], seats: &[&str]) {
    assert_eq!(over["result"]["result"], "draw", "{over}");
    let results: Vec<(Seat, SeatResult)> = (0..seats.len())
        .map(|index| (Seat::new(index), SeatResult::Draw))
        .collect();
    let moves = over["view"]["moves"].as_u64().unwrap() as u32;
    let points = vec![0; seats.len()];
    let scored = points_change(
        table,
        &results_by_seat(&results),
        moves,
        junqi::LADDER.multiplier(&points),
    );
    for (index, seat) in seats.iter().enumerate() {
        let line = &over["result"]["seats"][seat];
        assert_eq!(line["result"], "draw", "{over}");
        assert_eq!(line["points"], scored.0[index], "{over}");
    }
    for person in people {
        let now = profile(person).await;
        assert_eq!(now["games"]["drawn"], 1, "{now}");
        assert_eq!(now["points"], 0, "{now}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_2p_draw_offered_after_move_40_and_accepted_ends_the_game() {
    for database in Database::all() {
        let server = TestServer::start(config(&database));
        let (alice, bob, mut a, mut b, room) = two_player_room(&server).await;
        a.ok(json!({"type": "ready", "room": room})).await;
        b.ok(json!({"type": "ready", "room": room})).await;
        for moves in 0..DRAW_FLOOR {
            quiet_move(&mut [&mut a, &mut b], room, moves).await;
        }
        let state = a
            .room_until(|state| state["view"]["moves"] == json!(DRAW_FLOOR))
            .await;
        assert_eq!(state["can"]["offer_draw"], true, "{state}");
        act(&mut a, room, "draw?").await;
        let offered = b.room_until(|state| state["draw_offer"].is_object()).await;
        assert_eq!(offered["draw_offer"]["by"], "s", "{offered}");
        assert_eq!(offered["can"]["accept_draw"], true);
        act(&mut b, room, "draw+").await;
        let over = a.room_until(|state| state["phase"] == "over").await;
        assert_drawn(&over, &junqi::POINTS_2P, &[&alice, &bob], &["s", "n"]).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_4p_draw_needs_all_three_others_and_one_refusal_rejects_it() {
    let database = Database::sqlite();
    let server = TestServer::start(config(&database));
    let (people, mut sockets) = four_people(&server).await;
    let room = seat_four_ready(&mut sockets, 0).await;
    for moves in 0..DRAW_FLOOR {
        let mut all: Vec<&mut Socket> = sockets.iter_mut().collect();
        quiet_move(&mut all, room, moves).await;
    }
    let at_floor = |state: &Value| state["view"]["moves"] == json!(DRAW_FLOOR);
    for socket in &mut sockets {
        socket.room_until(at_floor).await;
    }

    // South offers; East and North accept, West refuses: the offer is gone, play goes on.
    act(&mut sockets[0], room, "draw?").await;
    act(&mut sockets[1], room, "draw+").await;
    act(&mut sockets[2], room, "draw+").await;
    let pending = sockets[2].last_room();
    assert_eq!(pending["phase"], "playing", "two of three is not enough");
    assert_eq!(
        pending["draw_offer"]["accepted"],
        json!(["e", "n"]),
        "{pending}"
    );
    act(&mut sockets[3], room, "draw-").await;
    let refused = sockets[3].last_room();
    assert_eq!(refused["phase"], "playing", "{refused}");
    assert!(
        refused["draw_offer"].is_null(),
        "one refusal rejects it: {refused}"
    );
    let again = sockets[0]
        .command(json!({"type": "act", "room": room, "action": "draw?"}))
        .await;
    assert_eq!(
        again["code"], "illegal",
        "one offer between two own moves: {again}"
    );

    // East offers in turn, and all three others accept: a draw.
    act(&mut sockets[1], room, "draw?").await;
    for index in [0, 2, 3] {
        act(&mut sockets[index], room, "draw+").await;
    }
    let over = sockets[0]
        .room_until(|state| state["phase"] == "over")
        .await;
    let everyone: Vec<&Person> = people.iter().collect();
    assert_drawn(&over, &junqi::POINTS_4P, &everyone, &FOUR_SEATS).await;
}
