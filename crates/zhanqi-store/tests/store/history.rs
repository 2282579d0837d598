//! A person's history of games played.

use zhanqi_core::SeatResult;
use zhanqi_store::{GameId, GameResult, Occupant, Settlement, Store, UserId};

use crate::common::{NOW, each_backend, open_game, person, playing_game, seat};

/// Ends a 2p game: seat 0 wins `points`, seat 1 loses them, at `NOW + at`.
async fn finish(store: &Store, id: GameId, points: i64, at: i64) {
    let line = |result, points| Settlement {
        result,
        points,
        gold: 0,
    };
    let seats = [
        (seat(0), line(SeatResult::Win, points)),
        (seat(1), line(SeatResult::Loss, -points)),
    ];
    let outcome = r#"{"result":"win","winners":["s"],"reason":"flag","seats":{}}"#;
    store
        .finish_game(
            id,
            &GameResult {
                family: "junqi",
                outcome,
                seats: &seats,
            },
            NOW.plus_millis(at),
        )
        .await
        .unwrap();
}

fn ids(games: &[zhanqi_store::PlayedGame]) -> Vec<GameId> {
    games.iter().map(|game| game.info.id).collect()
}

#[tokio::test]
async fn the_history_lists_finished_games_newest_first_with_every_seat() {
    each_backend(|store| async move {
        let alice = person(&store, "Alice", 0).await;
        let bob = person(&store, "Bob", 0).await;
        let carol = person(&store, "Carol", 0).await;
        let people = |a: UserId, b: UserId| [Occupant::User(a), Occupant::User(b)];
        let first = playing_game(&store, &people(alice.id, bob.id), 0).await;
        let second = playing_game(&store, &people(carol.id, alice.id), 0).await;
        let against_ai = playing_game(
            &store,
            &[Occupant::User(alice.id), Occupant::Ai("easy".to_owned())],
            0,
        )
        .await;
        let unfinished = playing_game(&store, &people(alice.id, carol.id), 0).await;
        let never_started = open_game(&store, 0).await;
        store
            .take_seat(never_started, seat(0), &Occupant::User(alice.id))
            .await
            .unwrap();
        store
            .abandon_open_game(never_started, NOW.plus_millis(5))
            .await
            .unwrap();
        // Finished in another order than created: the history goes by the end.
        finish(&store, second, 1, 10).await;
        finish(&store, first, 2, 20).await;
        finish(&store, against_ai, 0, 30).await;

        let history = store.game_history(alice.id, 10, 0).await.unwrap();
        assert_eq!(ids(&history), [against_ai, first, second]);
        assert!(!ids(&history).contains(&unfinished));
        assert!(!ids(&history).contains(&never_started));

        // Every seat of each game, the opponents by name and the AI by its level.
        let game = &history[1];
        assert_eq!(game.info.game, "junqi");
        assert_eq!(game.info.finished_at, Some(NOW.plus_millis(20)));
        assert_eq!(game.seats.len(), 2);
        assert_eq!(game.seats[0].user_name.as_deref(), Some("Alice"));
        assert_eq!(game.seats[1].user_name.as_deref(), Some("Bob"));
        let mine = game.seats[0].settlement.unwrap();
        assert_eq!((mine.result, mine.points), (SeatResult::Win, 2));
        assert_eq!(
            history[0].seats[1].occupant,
            Occupant::Ai("easy".to_owned())
        );
        let lost = history[2].seats[1].settlement.unwrap();
        assert_eq!((lost.result, lost.points), (SeatResult::Loss, -1));

        // Pages: bounded, and the next page goes on where the first stopped.
        assert_eq!(
            ids(&store.game_history(alice.id, 2, 0).await.unwrap()),
            [against_ai, first]
        );
        assert_eq!(
            ids(&store.game_history(alice.id, 2, 2).await.unwrap()),
            [second]
        );
        assert_eq!(
            ids(&store.game_history(bob.id, 10, 0).await.unwrap()),
            [first]
        );
        let nobody = person(&store, "Dave", 0).await;
        assert!(
            store
                .game_history(nobody.id, 10, 0)
                .await
                .unwrap()
                .is_empty()
        );
    })
    .await;
}
