//! The append-only action log and the records a restarted server resumes from.

use zhanqi_core::SeatResult;
use zhanqi_store::{
    Clock, GameId, GameResult, GameStatus, NewAction, Occupant, Settlement, Store, UnixMillis,
};

use crate::common::{NOW, clock, each_backend, open_game, person, playing_game, seat};

/// Appends action `seq` by seat `seq % 2` with a clock derived from `seq`.
async fn append(store: &Store, id: GameId, seq: u32) -> Result<(), zhanqi_store::StoreError> {
    let action_clock = clock(NOW.0 + 1000 * i64::from(seq), i64::from(seq));
    let text = format!("move-{seq}");
    let action = NewAction {
        seq,
        seat: Some(seat(seq as usize % 2)),
        action: &text,
        at: NOW.plus_millis(i64::from(seq)),
        clock: &action_clock,
    };
    store.append_action(id, &action).await
}

async fn two_ai_game(store: &Store) -> GameId {
    playing_game(
        store,
        &[
            Occupant::Ai("random".to_owned()),
            Occupant::Ai("random".to_owned()),
        ],
        0,
    )
    .await
}

#[tokio::test]
async fn actions_are_read_back_in_order_with_their_clocks() {
    each_backend(|store| async move {
        let id = two_ai_game(&store).await;
        assert!(store.actions(id).await.unwrap().is_empty());
        for seq in 0..5 {
            append(&store, id, seq).await.unwrap();
        }
        let chance_clock = Clock {
            deadline: None,
            state: "{}".to_owned(),
        };
        let chance = NewAction {
            seq: 5,
            seat: None,
            action: "roll 6",
            at: NOW,
            clock: &chance_clock,
        };
        store.append_action(id, &chance).await.unwrap();

        let actions = store.actions(id).await.unwrap();
        assert_eq!(actions.len(), 6);
        for (index, action) in actions[..5].iter().enumerate() {
            assert_eq!(action.seq as usize, index);
            assert_eq!(action.seat, Some(seat(index % 2)));
            assert_eq!(action.action, format!("move-{index}"));
            assert_eq!(action.at, UnixMillis(NOW.0 + index as i64));
            assert_eq!(
                action.clock,
                clock(NOW.0 + 1000 * index as i64, index as i64)
            );
        }
        assert_eq!(actions[5].seat, None);
        assert_eq!(actions[5].clock, chance_clock);
        assert!(store.actions(GameId(999)).await.unwrap_err().is_not_found());
    })
    .await;
}

#[tokio::test]
async fn an_action_number_is_written_once_and_never_skipped() {
    each_backend(|store| async move {
        let id = two_ai_game(&store).await;
        let error = append(&store, id, 1).await.unwrap_err();
        assert!(
            error.is_conflict() && error.to_string().contains("gap"),
            "{error}"
        );
        append(&store, id, 0).await.unwrap();
        append(&store, id, 1).await.unwrap();

        // Writing 1 again, even with other content, is refused and changes nothing.
        let other_clock = clock(0, 0);
        let replay = NewAction {
            seq: 1,
            seat: Some(seat(0)),
            action: "other",
            at: NOW,
            clock: &other_clock,
        };
        let error = store.append_action(id, &replay).await.unwrap_err();
        assert!(
            error.is_conflict() && error.to_string().contains("already written"),
            "{error}"
        );
        assert!(append(&store, id, 0).await.unwrap_err().is_conflict());
        assert!(append(&store, id, 5).await.unwrap_err().is_conflict());
        let actions = store.actions(id).await.unwrap();
        assert_eq!(actions.len(), 2);
        assert_eq!(actions[1].action, "move-1");
    })
    .await;
}

#[tokio::test]
async fn only_a_playing_game_takes_actions() {
    each_backend(|store| async move {
        assert!(
            append(&store, GameId(999), 0)
                .await
                .unwrap_err()
                .is_not_found()
        );
        let open = open_game(&store, 0).await;
        let error = append(&store, open, 0).await.unwrap_err();
        assert!(
            error.is_conflict() && error.to_string().contains("open"),
            "{error}"
        );

        let id = two_ai_game(&store).await;
        append(&store, id, 0).await.unwrap();
        let settled = Settlement {
            result: SeatResult::Draw,
            points: 0,
            gold: 0,
        };
        let result = GameResult {
            family: "junqi",
            outcome: "{}",
            seats: &[(seat(0), settled), (seat(1), settled)],
        };
        store.finish_game(id, &result, NOW).await.unwrap();
        let error = append(&store, id, 1).await.unwrap_err();
        assert!(
            error.is_conflict() && error.to_string().contains("finished"),
            "{error}"
        );
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn of_writers_racing_for_one_number_exactly_one_wins() {
    each_backend(|store| async move {
        let id = two_ai_game(&store).await;
        for seq in 0..3 {
            let mut writers = tokio::task::JoinSet::new();
            for writer in 0..8 {
                let store = store.clone();
                writers.spawn(async move {
                    let text = format!("writer-{writer}");
                    let action_clock = clock(0, 0);
                    let action = NewAction {
                        seq,
                        seat: None,
                        action: &text,
                        at: NOW,
                        clock: &action_clock,
                    };
                    store.append_action(id, &action).await
                });
            }
            let outcomes = writers.join_all().await;
            let won = outcomes.iter().filter(|outcome| outcome.is_ok()).count();
            assert_eq!(won, 1, "{outcomes:?}");
            assert!(
                outcomes
                    .iter()
                    .filter_map(|o| o.as_ref().err())
                    .all(|e| e.is_conflict()),
                "{outcomes:?}"
            );
        }
        assert_eq!(store.actions(id).await.unwrap().len(), 3);
    })
    .await;
}

/// Many games appending at once share transactions (group commit): every append is stored
/// exactly once, in order, and one refused append (a gap) costs the others nothing.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn many_games_appending_at_once_each_keep_every_action() {
    each_backend(|store| async move {
        let mut ids = Vec::new();
        for _ in 0..40 {
            ids.push(two_ai_game(&store).await);
        }
        let mut games = tokio::task::JoinSet::new();
        for (index, &id) in ids.iter().enumerate() {
            let store = store.clone();
            games.spawn(async move {
                for seq in 0..10 {
                    append(&store, id, seq).await.unwrap();
                    if index % 7 == 0 {
                        let error = append(&store, id, seq + 2).await.unwrap_err();
                        assert!(error.to_string().contains("gap"), "{error}");
                    }
                }
            });
        }
        games.join_all().await;
        for id in ids {
            let actions = store.actions(id).await.unwrap();
            let numbers: Vec<u32> = actions.iter().map(|action| action.seq).collect();
            assert_eq!(numbers, (0..10).collect::<Vec<_>>());
            // Every column as written, whichever way the batch was written.
            for action in &actions {
                let seq = action.seq;
                assert_eq!(action.action, format!("move-{seq}"));
                assert_eq!(action.seat, Some(seat(seq as usize % 2)));
                assert_eq!(action.at, NOW.plus_millis(i64::from(seq)));
                assert_eq!(
                    action.clock,
                    clock(NOW.0 + 1000 * i64::from(seq), i64::from(seq))
                );
            }
        }
    })
    .await;
}

/// A batch's actions without a seat (chance, the platform) or a deadline come back so.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn actions_without_a_seat_or_deadline_keep_their_nulls_in_a_batch() {
    each_backend(|store| async move {
        let mut ids = Vec::new();
        for _ in 0..12 {
            ids.push(two_ai_game(&store).await);
        }
        let mut games = tokio::task::JoinSet::new();
        for &id in &ids {
            let store = store.clone();
            games.spawn(async move {
                for seq in 0..4 {
                    let action_clock = Clock {
                        deadline: None,
                        state: "{}".to_owned(),
                    };
                    let action = NewAction {
                        seq,
                        seat: None,
                        action: "roll",
                        at: NOW,
                        clock: &action_clock,
                    };
                    store.append_action(id, &action).await.unwrap();
                }
            });
        }
        games.join_all().await;
        for id in ids {
            let actions = store.actions(id).await.unwrap();
            assert_eq!(actions.len(), 4);
            assert!(actions.iter().all(|a| a.seat.is_none()
                && a.clock.deadline.is_none()
                && a.clock.state == "{}"
                && a.action == "roll"));
        }
    })
    .await;
}

#[tokio::test]
async fn unfinished_games_come_back_whole() {
    each_backend(|store| async move {
        let alice = person(&store, "Alice", 0).await;
        let open = open_game(&store, 0).await;
        store
            .take_seat(open, seat(1), &Occupant::User(alice.id))
            .await
            .unwrap();
        let playing = playing_game(
            &store,
            &[
                Occupant::Ai("hard".to_owned()),
                Occupant::Ai("easy".to_owned()),
            ],
            0,
        )
        .await;
        for seq in 0..4 {
            append(&store, playing, seq).await.unwrap();
        }
        let finished = two_ai_game(&store).await;
        append(&store, finished, 0).await.unwrap();
        let settled = Settlement {
            result: SeatResult::Draw,
            points: 0,
            gold: 0,
        };
        let result = GameResult {
            family: "junqi",
            outcome: "{}",
            seats: &[(seat(0), settled), (seat(1), settled)],
        };
        store.finish_game(finished, &result, NOW).await.unwrap();
        let fresh = two_ai_game(&store).await;

        let records = store.unfinished_games().await.unwrap();
        let ids: Vec<GameId> = records.iter().map(|r| r.info.id).collect();
        assert_eq!(ids, [open, playing, fresh]);

        assert_eq!(records[0].info.status, GameStatus::Open);
        assert_eq!(records[0].seats.len(), 1);
        assert_eq!(records[0].seats[0].user_name.as_deref(), Some("Alice"));
        assert!(records[0].actions.is_empty());
        assert_eq!(records[0].current_clock(), None);

        assert_eq!(records[1].seats.len(), 2);
        assert_eq!(records[1].actions, store.actions(playing).await.unwrap());
        assert_eq!(records[1].current_clock(), Some(&clock(NOW.0 + 3000, 3)));
        assert_eq!(records[1], store.game_record(playing).await.unwrap());

        assert!(records[2].actions.is_empty());
        assert_eq!(
            records[2].current_clock(),
            Some(&clock(NOW.0 + 60_000, 0)),
            "the start clock"
        );

        let finished_record = store.game_record(finished).await.unwrap();
        assert_eq!(finished_record.actions.len(), 1);
        assert!(
            finished_record
                .seats
                .iter()
                .all(|s| s.settlement == Some(settled))
        );
        assert!(
            store
                .game_record(GameId(999))
                .await
                .unwrap_err()
                .is_not_found()
        );
    })
    .await;
}
