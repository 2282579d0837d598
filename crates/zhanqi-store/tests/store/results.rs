//! Finishing a game: result, profiles and gold in one transaction.

use zhanqi_core::SeatResult;
use zhanqi_store::{
    GameId, GameResult, GameStatus, Occupant, Profile, Settlement, Store, UnixMillis, UserId,
};

use crate::common::{NOW, each_backend, open_game, person, playing_game, seat};

fn settle(result: SeatResult, points: i64, gold: i64) -> Settlement {
    Settlement {
        result,
        points,
        gold,
    }
}

/// Everything a finish may change, to compare before and after a refused one.
async fn snapshot(store: &Store, id: GameId, users: &[UserId]) -> String {
    let mut seen = format!(
        "{:?}\n{:?}\n",
        store.game(id).await.unwrap(),
        store.seats(id).await.unwrap()
    );
    for &user in users {
        seen += &format!(
            "{:?} {:?}\n",
            store.account(user).await.unwrap(),
            store.profile(user, "junqi").await.unwrap()
        );
    }
    seen
}

#[tokio::test]
async fn finishing_writes_the_result_profiles_and_gold() {
    each_backend(|store| async move {
        let alice = person(&store, "Alice", 100).await;
        let bob = person(&store, "Bob", 100).await;
        let id = playing_game(
            &store,
            &[
                Occupant::User(alice.id),
                Occupant::User(bob.id),
                Occupant::Ai("hard".to_owned()),
            ],
            20,
        )
        .await;
        assert_eq!(
            store.account(alice.id).await.unwrap().gold,
            80,
            "frozen at the start"
        );

        let seats = [
            (seat(0), settle(SeatResult::Win, 2, 20)),
            (seat(1), settle(SeatResult::Escaped, -4, -20)),
            (seat(2), settle(SeatResult::Loss, -2, 0)),
        ];
        let outcome = "{\"winners\":[0],\"reason\":\"escape\"}";
        store
            .finish_game(
                id,
                &GameResult {
                    outcome,
                    seats: &seats,
                    family: "junqi",
                },
                NOW.plus_millis(9),
            )
            .await
            .unwrap();

        let info = store.game(id).await.unwrap();
        assert_eq!(info.status, GameStatus::Finished);
        assert_eq!(info.outcome.as_deref(), Some(outcome));
        assert_eq!(info.finished_at, Some(UnixMillis(NOW.0 + 9)));
        let settlements: Vec<_> = store
            .seats(id)
            .await
            .unwrap()
            .iter()
            .map(|s| s.settlement.unwrap())
            .collect();
        assert_eq!(settlements, seats.map(|(_, s)| s));

        // Frozen 20 comes back with the change: Alice 80 + 20 + 20, Bob 80 + 20 - 20.
        assert_eq!(store.account(alice.id).await.unwrap().gold, 120);
        assert_eq!(store.account(bob.id).await.unwrap().gold, 80);
        assert_eq!(
            store.profile(alice.id, "junqi").await.unwrap(),
            Profile {
                points: 2,
                played: 1,
                won: 1,
                ..Profile::default()
            }
        );
        assert_eq!(
            store.profile(bob.id, "junqi").await.unwrap(),
            Profile {
                points: -4,
                played: 1,
                escaped: 1,
                ..Profile::default()
            }
        );
        assert_eq!(
            store.profile(alice.id, "shengke").await.unwrap(),
            Profile::default()
        );
    })
    .await;
}

#[tokio::test]
async fn profiles_add_up_and_rank_players() {
    each_backend(|store| async move {
        let alice = person(&store, "Alice", 0).await;
        let bob = person(&store, "Bob", 0).await;
        let carol = person(&store, "Carol", 0).await;
        let games = [
            (
                (alice.id, settle(SeatResult::Win, 1, 0)),
                (bob.id, settle(SeatResult::Loss, -1, 0)),
            ),
            (
                (alice.id, settle(SeatResult::Draw, 0, 0)),
                (bob.id, settle(SeatResult::Draw, 0, 0)),
            ),
            (
                (carol.id, settle(SeatResult::Win, 1, 0)),
                (bob.id, settle(SeatResult::Loss, -1, 0)),
            ),
            (
                (alice.id, settle(SeatResult::Loss, -1, 0)),
                (carol.id, settle(SeatResult::Win, 1, 0)),
            ),
        ];
        for ((first, first_share), (second, second_share)) in games {
            let id =
                playing_game(&store, &[Occupant::User(first), Occupant::User(second)], 0).await;
            let seats = [(seat(0), first_share), (seat(1), second_share)];
            store
                .finish_game(
                    id,
                    &GameResult {
                        family: "junqi",
                        outcome: "{}",
                        seats: &seats,
                    },
                    NOW,
                )
                .await
                .unwrap();
        }
        assert_eq!(
            store.profile(alice.id, "junqi").await.unwrap(),
            Profile {
                points: 0,
                played: 3,
                won: 1,
                lost: 1,
                drawn: 1,
                escaped: 0
            }
        );
        assert_eq!(
            store.profile(bob.id, "junqi").await.unwrap(),
            Profile {
                points: -2,
                played: 3,
                won: 0,
                lost: 2,
                drawn: 1,
                escaped: 0
            }
        );
        let board = store.leaderboard("junqi", 10).await.unwrap();
        let names: Vec<&str> = board.iter().map(|r| r.name.as_str()).collect();
        assert_eq!(names, ["Carol", "Alice", "Bob"]);
        assert_eq!(board[0].user, carol.id);
        assert_eq!(board[0].profile.points, 2);
        assert_eq!(store.leaderboard("junqi", 2).await.unwrap().len(), 2);
        assert!(store.leaderboard("shengke", 10).await.unwrap().is_empty());
    })
    .await;
}

#[tokio::test]
async fn a_failure_on_the_last_seat_leaves_nothing_half_applied() {
    each_backend(|store| async move {
        let alice = person(&store, "Alice", 100).await;
        let bob = person(&store, "Bob", 100).await;
        let users = [alice.id, bob.id];
        let id = playing_game(
            &store,
            &[Occupant::User(alice.id), Occupant::User(bob.id)],
            10,
        )
        .await;
        let before = snapshot(&store, id, &users).await;

        // Both real seats are settled (profiles and gold written inside the transaction),
        // then a seat nobody sits in fails the call.
        let seats = [
            (seat(0), settle(SeatResult::Win, 1, 10)),
            (seat(1), settle(SeatResult::Loss, -1, -10)),
            (seat(3), settle(SeatResult::Loss, -1, -10)),
        ];
        let error = store
            .finish_game(
                id,
                &GameResult {
                    family: "junqi",
                    outcome: "{}",
                    seats: &seats,
                },
                NOW,
            )
            .await
            .unwrap_err();
        assert!(error.is_not_found(), "{error}");
        assert_eq!(snapshot(&store, id, &users).await, before);

        // Gold that would fall below zero on the second seat fails it too.
        let seats = [
            (seat(0), settle(SeatResult::Win, 1, 10)),
            (seat(1), settle(SeatResult::Loss, -1, -500)),
        ];
        let error = store
            .finish_game(
                id,
                &GameResult {
                    family: "junqi",
                    outcome: "{}",
                    seats: &seats,
                },
                NOW,
            )
            .await
            .unwrap_err();
        assert!(error.is_conflict(), "{error}");
        assert_eq!(snapshot(&store, id, &users).await, before);

        // The game can still be finished properly afterwards.
        let seats = [
            (seat(0), settle(SeatResult::Win, 1, 10)),
            (seat(1), settle(SeatResult::Loss, -1, -10)),
        ];
        store
            .finish_game(
                id,
                &GameResult {
                    family: "junqi",
                    outcome: "{}",
                    seats: &seats,
                },
                NOW,
            )
            .await
            .unwrap();
        assert_eq!(store.account(alice.id).await.unwrap().gold, 110);
        assert_eq!(store.account(bob.id).await.unwrap().gold, 90);
    })
    .await;
}

#[tokio::test]
async fn every_taken_seat_is_settled_exactly_once() {
    each_backend(|store| async move {
        let alice = person(&store, "Alice", 0).await;
        let bob = person(&store, "Bob", 0).await;
        let users = [alice.id, bob.id];
        let id = playing_game(
            &store,
            &[Occupant::User(alice.id), Occupant::User(bob.id)],
            0,
        )
        .await;
        let before = snapshot(&store, id, &users).await;

        let missing = [(seat(0), settle(SeatResult::Win, 1, 0))];
        let error = store
            .finish_game(
                id,
                &GameResult {
                    family: "junqi",
                    outcome: "{}",
                    seats: &missing,
                },
                NOW,
            )
            .await
            .unwrap_err();
        assert!(
            error.is_conflict() && error.to_string().contains("no result"),
            "{error}"
        );
        assert_eq!(snapshot(&store, id, &users).await, before);

        let twice = [
            (seat(0), settle(SeatResult::Win, 1, 0)),
            (seat(1), settle(SeatResult::Loss, -1, 0)),
            (seat(0), settle(SeatResult::Win, 1, 0)),
        ];
        let error = store
            .finish_game(
                id,
                &GameResult {
                    family: "junqi",
                    outcome: "{}",
                    seats: &twice,
                },
                NOW,
            )
            .await
            .unwrap_err();
        assert!(
            error.is_conflict() && error.to_string().contains("twice"),
            "{error}"
        );
        assert_eq!(snapshot(&store, id, &users).await, before);
    })
    .await;
}

#[tokio::test]
async fn only_a_playing_game_can_finish_and_only_once() {
    each_backend(|store| async move {
        let draw = [(seat(0), settle(SeatResult::Draw, 0, 0))];
        let result = GameResult {
            family: "junqi",
            outcome: "{}",
            seats: &draw,
        };
        assert!(
            store
                .finish_game(GameId(999), &result, NOW)
                .await
                .unwrap_err()
                .is_not_found()
        );
        let open = open_game(&store, 0).await;
        assert!(
            store
                .finish_game(open, &result, NOW)
                .await
                .unwrap_err()
                .is_conflict()
        );

        let alice = person(&store, "Alice", 0).await;
        let id = playing_game(&store, &[Occupant::User(alice.id)], 0).await;
        store.finish_game(id, &result, NOW).await.unwrap();
        let error = store.finish_game(id, &result, NOW).await.unwrap_err();
        assert!(
            error.is_conflict() && error.to_string().contains("finished"),
            "{error}"
        );
        assert_eq!(
            store.profile(alice.id, "junqi").await.unwrap().played,
            1,
            "counted once"
        );
    })
    .await;
}

#[tokio::test]
async fn an_absent_seat_changes_no_profile() {
    each_backend(|store| async move {
        let alice = person(&store, "Alice", 0).await;
        let id = playing_game(&store, &[Occupant::User(alice.id)], 0).await;
        let absent = [(seat(0), settle(SeatResult::Absent, 0, 0))];
        store
            .finish_game(
                id,
                &GameResult {
                    family: "junqi",
                    outcome: "{}",
                    seats: &absent,
                },
                NOW,
            )
            .await
            .unwrap();
        assert_eq!(
            store.profile(alice.id, "junqi").await.unwrap(),
            Profile::default()
        );
    })
    .await;
}
