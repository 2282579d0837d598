//! Replays people keep.

use zhanqi_core::SeatResult;
use zhanqi_store::{GameId, GameResult, Occupant, Settlement, UserId};

use crate::common::{NOW, each_backend, person, playing_game, seat};

#[tokio::test]
async fn finished_games_are_saved_listed_renamed_and_deleted() {
    each_backend(|store| async move {
        let alice = person(&store, "Alice", 0).await;
        let bob = person(&store, "Bob", 0).await;
        let id = playing_game(
            &store,
            &[Occupant::User(alice.id), Occupant::User(bob.id)],
            0,
        )
        .await;
        let error = store
            .save_replay(alice.id, id, "too early", NOW)
            .await
            .unwrap_err();
        assert!(
            error.is_conflict() && error.to_string().contains("playing"),
            "{error}"
        );

        let draw = Settlement {
            result: SeatResult::Draw,
            points: 0,
            gold: 0,
        };
        let seats = [(seat(0), draw), (seat(1), draw)];
        store
            .finish_game(
                id,
                &GameResult {
                    family: "junqi",
                    outcome: "{}",
                    seats: &seats,
                },
                NOW.plus_millis(3),
            )
            .await
            .unwrap();
        store
            .save_replay(alice.id, id, "a close one", NOW.plus_millis(4))
            .await
            .unwrap();
        assert!(
            store
                .save_replay(alice.id, id, "again", NOW)
                .await
                .unwrap_err()
                .is_conflict()
        );

        let replays = store.replays(alice.id).await.unwrap();
        assert_eq!(replays.len(), 1);
        assert_eq!(replays[0].game_id, id);
        assert_eq!(replays[0].title, "a close one");
        assert_eq!(replays[0].saved_at, NOW.plus_millis(4));
        assert_eq!(
            (replays[0].game.as_str(), replays[0].mode.as_str()),
            ("junqi", "2p")
        );
        assert_eq!(replays[0].finished_at, Some(NOW.plus_millis(3)));
        assert!(
            store.replays(bob.id).await.unwrap().is_empty(),
            "each player chooses"
        );

        store.rename_replay(alice.id, id, "the draw").await.unwrap();
        assert_eq!(store.replays(alice.id).await.unwrap()[0].title, "the draw");
        assert!(
            store
                .rename_replay(bob.id, id, "x")
                .await
                .unwrap_err()
                .is_not_found()
        );

        store.delete_replay(alice.id, id).await.unwrap();
        assert!(store.replays(alice.id).await.unwrap().is_empty());
        assert!(
            store
                .delete_replay(alice.id, id)
                .await
                .unwrap_err()
                .is_not_found()
        );
        assert_eq!(
            store.game_record(id).await.unwrap().info.id,
            id,
            "the game stays"
        );
    })
    .await;
}

#[tokio::test]
async fn replays_list_newest_first_and_need_real_ids() {
    each_backend(|store| async move {
        let alice = person(&store, "Alice", 0).await;
        let draw = Settlement {
            result: SeatResult::Draw,
            points: 0,
            gold: 0,
        };
        let mut ids = Vec::new();
        for index in 0..3 {
            let id = playing_game(&store, &[Occupant::User(alice.id)], 0).await;
            store
                .finish_game(
                    id,
                    &GameResult {
                        family: "junqi",
                        outcome: "{}",
                        seats: &[(seat(0), draw)],
                    },
                    NOW,
                )
                .await
                .unwrap();
            store
                .save_replay(
                    alice.id,
                    id,
                    &format!("game {index}"),
                    NOW.plus_millis(index),
                )
                .await
                .unwrap();
            ids.push(id);
        }
        let listed: Vec<GameId> = store
            .replays(alice.id)
            .await
            .unwrap()
            .iter()
            .map(|r| r.game_id)
            .collect();
        assert_eq!(listed, [ids[2], ids[1], ids[0]]);
        assert!(
            store
                .save_replay(alice.id, GameId(999), "x", NOW)
                .await
                .unwrap_err()
                .is_not_found()
        );
        assert!(
            store
                .save_replay(UserId(999), ids[0], "x", NOW)
                .await
                .unwrap_err()
                .is_not_found()
        );
    })
    .await;
}
