//! Gold rooms over real sockets (junqi.md §6.3): the stake frozen at the start with the
//! multiplier capped at 5, not enough gold refused, escapers paying and winners splitting the
//! pot; every balance is read back from the profiles and checked against core's pure functions.

use crate::common;

use common::{
    Database, FOUR_SEATS, Person, TestServer, config, east_and_west_escaped, four_people, profile,
    results_by_seat, seat_four_ready, set_standing,
};
use serde_json::json;
use zhanqi_core::platform::{points_change, settle_gold, stake};
use zhanqi_core::{Seat, SeatResult};
use zhanqi_junqi::platform as junqi;
use zhanqi_store::Store;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_2p_gold_room_freezes_capped_stakes_and_the_escaper_pays_the_winner() {
    for database in Database::all() {
        let server = TestServer::start(config(&database));
        let store = Store::connect(&database.url).await.unwrap();
        let alice = Person::guest(&server, "alice").await;
        let bob = Person::guest(&server, "bob").await;
        let dave = Person::guest(&server, "dave").await;
        // Levels 7 (排长) and 9 (连长): the points multiplier is 2^(7−4) = 8, gold's is 5.
        let points = [350, 800];
        set_standing(&store, &alice.name, points[0], 1000).await;
        set_standing(&store, &bob.name, points[1], 1000).await;
        set_standing(&store, &dave.name, 350, 300).await;
        let base = 100;
        let frozen = stake(
            base,
            junqi::LADDER.gold_multiplier(junqi::LADDER.multiplier(&points)),
        );
        assert_eq!(frozen, 500, "the multiplier 8 is capped at 5");

        let (mut a, mut b, mut d) = (
            alice.socket().await,
            bob.socket().await,
            dave.socket().await,
        );
        let room = a.open_room("2p", base).await;
        b.ok(json!({"type": "join", "room": room})).await;
        d.ok(json!({"type": "join", "room": room})).await;
        let lobby_room = d.last_room();
        assert_eq!(lobby_room["stake"], base);

        let refused = a
            .command(json!({"type": "ai", "room": room, "seat": "n", "level": "easy"}))
            .await;
        assert_eq!(refused["code"], "not_enough_gold", "{refused}");
        a.ok(json!({"type": "sit", "room": room, "seat": "s"}))
            .await;
        // Dave has 300 gold: enough for the base stake, not for 100 × 5 at this table.
        let refused = d
            .command(json!({"type": "sit", "room": room, "seat": "n"}))
            .await;
        assert_eq!(refused["code"], "not_enough_gold", "{refused}");
        assert!(
            refused["message"].as_str().unwrap().contains("500"),
            "{refused}"
        );
        assert!(d.last_room()["seats"][1]["player"].is_null());

        b.ok(json!({"type": "sit", "room": room, "seat": "n"}))
            .await;
        a.ok(json!({"type": "ready", "room": room})).await;
        b.ok(json!({"type": "ready", "room": room})).await;
        a.room_until(|state| state["phase"] == "playing").await;
        for person in [&alice, &bob] {
            assert_eq!(
                profile(person).await["gold"],
                1000 - frozen,
                "frozen at the start"
            );
        }

        // Bob leaves during play: an escape, and Alice wins.
        b.ok(json!({"type": "leave", "room": room})).await;
        let over = a.room_until(|state| state["phase"] == "over").await;
        let results = results_by_seat(&[
            (Seat::new(0), SeatResult::Win),
            (Seat::new(1), SeatResult::Escaped),
        ]);
        let gold = settle_gold(frozen, &results);
        let moves = over["view"]["moves"].as_u64().unwrap() as u32;
        let scored = points_change(&junqi::POINTS_2P, &results, moves, 8);
        assert_eq!(gold.change.0[..2], [500, -500]);
        for (index, seat) in ["s", "n"].into_iter().enumerate() {
            let line = &over["result"]["seats"][seat];
            assert_eq!(line["gold"], gold.change.0[index], "{over}");
            assert_eq!(line["points"], scored.0[index], "{over}");
        }
        assert_eq!(over["result"]["seats"]["n"]["result"], "escaped");

        let (alice_now, bob_now) = (profile(&alice).await, profile(&bob).await);
        assert_eq!(alice_now["gold"], 1000 + gold.change.0[0], "{alice_now}");
        assert_eq!(bob_now["gold"], 1000 + gold.change.0[1], "{bob_now}");
        assert_eq!(alice_now["points"], points[0] + scored.0[0]);
        assert_eq!(bob_now["points"], points[1] + scored.0[1]);
        assert_eq!(bob_now["games"]["escaped"], 1);
        assert_eq!(profile(&dave).await["gold"], 300, "dave never sat");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_4p_gold_room_splits_the_escapers_pot_between_the_winners() {
    for database in Database::all() {
        let server = TestServer::start(config(&database));
        let store = Store::connect(&database.url).await.unwrap();
        let (people, mut sockets) = four_people(&server).await;
        for person in &people {
            set_standing(&store, &person.name, 120, 1000).await;
        }
        let base = 30;
        // Everyone is a 班长 (level 5): the multiplier is 2, and so is gold's.
        let frozen = stake(
            base,
            junqi::LADDER.gold_multiplier(junqi::LADDER.multiplier(&[120; 4])),
        );
        assert_eq!(frozen, 60);
        let room = seat_four_ready(&mut sockets, base).await;
        sockets[0]
            .room_until(|state| state["phase"] == "playing")
            .await;
        for person in &people {
            assert_eq!(profile(person).await["gold"], 1000 - frozen);
        }

        // East escapes and play goes on; then West, East's ally, escapes: South and North win.
        sockets[1].ok(json!({"type": "leave", "room": room})).await;
        let going_on = sockets[0]
            .room_until(|state| state["seats"][1]["status"] == "escaped")
            .await;
        assert_eq!(going_on["phase"], "playing");
        sockets[3].ok(json!({"type": "leave", "room": room})).await;
        let over = sockets[0]
            .room_until(|state| state["phase"] == "over")
            .await;
        let results = east_and_west_escaped();
        let gold = settle_gold(frozen, &results);
        let moves = over["view"]["moves"].as_u64().unwrap() as u32;
        let scored = points_change(&junqi::POINTS_4P, &results, moves, 2);
        assert_eq!(gold.change.0, [60, -60, 60, -60]);
        for (index, (person, seat)) in people.iter().zip(FOUR_SEATS).enumerate() {
            let line = &over["result"]["seats"][seat];
            assert_eq!(line["gold"], gold.change.0[index], "{over}");
            assert_eq!(line["points"], scored.0[index], "{over}");
            let now = profile(person).await;
            assert_eq!(now["gold"], 1000 + gold.change.0[index], "{seat}: {now}");
            assert_eq!(now["points"], 120 + scored.0[index], "{seat}: {now}");
        }
    }
}
