//! Rooms: creation, seats, deletion and the start that freezes stakes.

use zhanqi_store::{GameId, GameStart, GameStatus, NewGame, Occupant, UnixMillis, UserId};

use crate::common::{NOW, clock, each_backend, open_game, person, playing_game, seat};

#[tokio::test]
async fn a_new_room_is_open_and_keeps_what_it_was_given() {
    each_backend(|store| async move {
        let host = person(&store, "Host", 0).await;
        let new = NewGame {
            game: "junqi",
            mode: "4p",
            options: "{\"mode\":\"4p\",\"ally_visible\":true}",
            seed: u64::MAX - 6,
            stake: 25,
            host: Some(host.id),
        };
        let info = store.create_game(&new, NOW).await.unwrap();
        assert_eq!(info.game, "junqi");
        assert_eq!(info.mode, "4p");
        assert_eq!(info.options, new.options);
        assert_eq!(info.seed, u64::MAX - 6, "seeds keep all 64 bits");
        assert_eq!(info.status, GameStatus::Open);
        assert_eq!(info.host, Some(host.id));
        assert_eq!(info.stake, 25);
        assert_eq!(info.created_at, NOW);
        assert_eq!((info.started_at, info.finished_at), (None, None));
        assert_eq!(
            (
                info.start_state.clone(),
                info.start_clock.clone(),
                info.outcome.clone()
            ),
            (None, None, None)
        );
        assert_eq!(store.game(info.id).await.unwrap(), info);
        assert!(store.seats(info.id).await.unwrap().is_empty());
    })
    .await;
}

#[tokio::test]
async fn rooms_refuse_unknown_hosts_and_negative_stakes() {
    each_backend(|store| async move {
        let mut new = NewGame {
            game: "junqi",
            mode: "2p",
            options: "{}",
            seed: 1,
            stake: 0,
            host: Some(UserId(999)),
        };
        assert!(
            store
                .create_game(&new, NOW)
                .await
                .unwrap_err()
                .is_not_found()
        );
        new.host = None;
        new.stake = -1;
        assert!(
            store
                .create_game(&new, NOW)
                .await
                .unwrap_err()
                .is_conflict()
        );
        assert!(store.game(GameId(999)).await.unwrap_err().is_not_found());
        assert!(store.seats(GameId(999)).await.unwrap_err().is_not_found());
    })
    .await;
}

#[tokio::test]
async fn people_and_ais_take_and_leave_seats() {
    each_backend(|store| async move {
        let alice = person(&store, "Alice", 0).await;
        let id = open_game(&store, 0).await;
        store
            .take_seat(id, seat(1), &Occupant::User(alice.id))
            .await
            .unwrap();
        store
            .take_seat(id, seat(0), &Occupant::Ai("heuristic".to_owned()))
            .await
            .unwrap();
        let seats = store.seats(id).await.unwrap();
        assert_eq!(seats.len(), 2);
        assert_eq!(seats[0].seat, seat(0));
        assert_eq!(seats[0].occupant, Occupant::Ai("heuristic".to_owned()));
        assert_eq!(seats[0].user_name, None);
        assert_eq!(seats[1].occupant, Occupant::User(alice.id));
        assert_eq!(seats[1].user_name.as_deref(), Some("Alice"));
        assert_eq!(seats[1].settlement, None);

        store.leave_seat(id, seat(1)).await.unwrap();
        assert_eq!(store.seats(id).await.unwrap().len(), 1);
        assert!(
            store
                .leave_seat(id, seat(1))
                .await
                .unwrap_err()
                .is_not_found()
        );
        assert!(
            store
                .leave_seat(GameId(999), seat(1))
                .await
                .unwrap_err()
                .is_not_found()
        );
    })
    .await;
}

#[tokio::test]
async fn a_seat_holds_one_occupant_and_a_person_one_seat() {
    each_backend(|store| async move {
        let alice = person(&store, "Alice", 0).await;
        let bob = person(&store, "Bob", 0).await;
        let id = open_game(&store, 0).await;
        store
            .take_seat(id, seat(0), &Occupant::User(alice.id))
            .await
            .unwrap();
        let error = store
            .take_seat(id, seat(0), &Occupant::User(bob.id))
            .await
            .unwrap_err();
        assert!(
            error.is_conflict() && error.to_string().contains("taken"),
            "{error}"
        );
        let error = store
            .take_seat(id, seat(1), &Occupant::User(alice.id))
            .await
            .unwrap_err();
        assert!(
            error.is_conflict() && error.to_string().contains("already sits"),
            "{error}"
        );
        // Several AI players may share a room.
        store
            .take_seat(id, seat(1), &Occupant::Ai("random".to_owned()))
            .await
            .unwrap();
        store
            .take_seat(id, seat(2), &Occupant::Ai("random".to_owned()))
            .await
            .unwrap();
        assert!(
            store
                .take_seat(id, seat(3), &Occupant::User(UserId(999)))
                .await
                .unwrap_err()
                .is_not_found()
        );
        assert!(
            store
                .take_seat(GameId(999), seat(3), &Occupant::User(bob.id))
                .await
                .unwrap_err()
                .is_not_found()
        );
        assert_eq!(store.seats(id).await.unwrap().len(), 3);
    })
    .await;
}

#[tokio::test]
async fn seats_are_fixed_once_the_game_starts() {
    each_backend(|store| async move {
        let alice = person(&store, "Alice", 0).await;
        let id = playing_game(
            &store,
            &[Occupant::User(alice.id), Occupant::Ai("hard".to_owned())],
            0,
        )
        .await;
        let bob = person(&store, "Bob", 0).await;
        let error = store
            .take_seat(id, seat(2), &Occupant::User(bob.id))
            .await
            .unwrap_err();
        assert!(
            error.is_conflict() && error.to_string().contains("playing"),
            "{error}"
        );
        assert!(
            store
                .leave_seat(id, seat(0))
                .await
                .unwrap_err()
                .is_conflict()
        );
        assert!(store.delete_open_game(id).await.unwrap_err().is_conflict());
        assert_eq!(store.seats(id).await.unwrap().len(), 2);
    })
    .await;
}

#[tokio::test]
async fn a_seat_keeps_its_layout_and_readiness_while_the_room_is_open() {
    each_backend(|store| async move {
        let alice = person(&store, "Alice", 0).await;
        let id = open_game(&store, 0).await;
        store
            .take_seat(id, seat(0), &Occupant::User(alice.id))
            .await
            .unwrap();
        let fresh = &store.seats(id).await.unwrap()[0];
        assert_eq!((fresh.layout.as_deref(), fresh.ready), (None, false));

        let layout = "CSPDL/E.J.T/DL.BY/T.B.P/YMECE/MFMPC";
        store
            .set_seat_setup(id, seat(0), Some(layout), true)
            .await
            .unwrap();
        let kept = &store.seats(id).await.unwrap()[0];
        assert_eq!((kept.layout.as_deref(), kept.ready), (Some(layout), true));
        store
            .set_seat_setup(id, seat(0), None, false)
            .await
            .unwrap();
        let cleared = &store.seats(id).await.unwrap()[0];
        assert_eq!((cleared.layout.as_deref(), cleared.ready), (None, false));

        let empty = store.set_seat_setup(id, seat(1), Some(layout), false).await;
        assert!(empty.unwrap_err().is_not_found());
        let missing = store
            .set_seat_setup(GameId(999), seat(0), None, false)
            .await;
        assert!(missing.unwrap_err().is_not_found());

        let playing = playing_game(&store, &[Occupant::User(alice.id)], 0).await;
        let started = store.set_seat_setup(playing, seat(0), None, true).await;
        assert!(started.unwrap_err().is_conflict());
    })
    .await;
}

#[tokio::test]
async fn swapping_seats_moves_each_occupant_with_its_layout_and_readiness() {
    each_backend(|store| async move {
        let alice = person(&store, "Alice", 0).await;
        let id = open_game(&store, 0).await;
        store
            .take_seat(id, seat(0), &Occupant::User(alice.id))
            .await
            .unwrap();
        store
            .take_seat(id, seat(1), &Occupant::Ai("easy".to_owned()))
            .await
            .unwrap();
        store
            .set_seat_setup(id, seat(0), Some("alice's deck"), true)
            .await
            .unwrap();
        store
            .set_seat_setup(id, seat(1), Some("the AI's deck"), false)
            .await
            .unwrap();

        store.swap_seats(id, seat(0), seat(1)).await.unwrap();
        let seats = store.seats(id).await.unwrap();
        let kept: Vec<_> = seats
            .iter()
            .map(|s| (s.seat, s.occupant.clone(), s.layout.as_deref(), s.ready))
            .collect();
        assert_eq!(
            kept,
            [
                (
                    seat(0),
                    Occupant::Ai("easy".to_owned()),
                    Some("the AI's deck"),
                    false
                ),
                (
                    seat(1),
                    Occupant::User(alice.id),
                    Some("alice's deck"),
                    true
                ),
            ]
        );
        assert_eq!(seats[1].user_name.as_deref(), Some("Alice"));

        // With one seat empty, the occupant moves to it.
        store.leave_seat(id, seat(0)).await.unwrap();
        store.swap_seats(id, seat(0), seat(1)).await.unwrap();
        let seats = store.seats(id).await.unwrap();
        assert_eq!(seats.len(), 1);
        assert_eq!(
            (seats[0].seat, &seats[0].occupant),
            (seat(0), &Occupant::User(alice.id))
        );

        let missing = store.swap_seats(GameId(999), seat(0), seat(1)).await;
        assert!(missing.unwrap_err().is_not_found());
        let playing = playing_game(&store, &[Occupant::User(alice.id)], 0).await;
        let started = store.swap_seats(playing, seat(0), seat(1)).await;
        assert!(started.unwrap_err().is_conflict());
        assert_eq!(store.seats(playing).await.unwrap()[0].seat, seat(0));
    })
    .await;
}

#[tokio::test]
async fn rooms_are_listed_by_status_and_by_player() {
    each_backend(|store| async move {
        let alice = person(&store, "Alice", 0).await;
        let open = open_game(&store, 0).await;
        let playing = playing_game(&store, &[Occupant::User(alice.id)], 0).await;
        let other = open_game(&store, 0).await;
        let ids = |games: Vec<zhanqi_store::GameInfo>| {
            games.into_iter().map(|g| g.id).collect::<Vec<_>>()
        };
        assert_eq!(
            ids(store.games_with_status(GameStatus::Open, 10).await.unwrap()),
            [open, other]
        );
        assert_eq!(
            ids(store.games_with_status(GameStatus::Open, 1).await.unwrap()),
            [open]
        );
        assert_eq!(
            ids(store
                .games_with_status(GameStatus::Playing, 10)
                .await
                .unwrap()),
            [playing]
        );
        assert!(
            store
                .games_with_status(GameStatus::Finished, 10)
                .await
                .unwrap()
                .is_empty()
        );

        store
            .take_seat(other, seat(0), &Occupant::User(alice.id))
            .await
            .unwrap();
        assert_eq!(
            ids(store.games_of_user(alice.id, 10).await.unwrap()),
            [other, playing]
        );
        assert_eq!(
            ids(store.games_of_user(alice.id, 1).await.unwrap()),
            [other]
        );
    })
    .await;
}

#[tokio::test]
async fn an_open_room_can_be_deleted_with_its_seats() {
    each_backend(|store| async move {
        let alice = person(&store, "Alice", 0).await;
        let id = open_game(&store, 0).await;
        store
            .take_seat(id, seat(0), &Occupant::User(alice.id))
            .await
            .unwrap();
        store
            .acquire_lease(id, "node-a", NOW, NOW.plus_millis(1000))
            .await
            .unwrap();
        store.delete_open_game(id).await.unwrap();
        assert!(store.game(id).await.unwrap_err().is_not_found());
        assert_eq!(store.lease(id).await.unwrap(), None);
        assert!(store.games_of_user(alice.id, 10).await.unwrap().is_empty());
        assert!(store.delete_open_game(id).await.unwrap_err().is_not_found());
        // Ids are never reused.
        assert!(open_game(&store, 0).await > id);
    })
    .await;
}

#[tokio::test]
async fn an_abandoned_room_is_finished_without_seats_and_counts_no_more_as_open() {
    each_backend(|store| async move {
        let alice = person(&store, "Alice", 0).await;
        let hosted = NewGame {
            game: "junqi",
            mode: "2p",
            options: "{}",
            seed: 1,
            stake: 0,
            host: Some(alice.id),
        };
        let first = store.create_game(&hosted, NOW).await.unwrap().id;
        store.create_game(&hosted, NOW).await.unwrap();
        open_game(&store, 0).await;
        assert_eq!(store.open_games_hosted_by(alice.id).await.unwrap(), 2);
        store
            .take_seat(first, seat(0), &Occupant::User(alice.id))
            .await
            .unwrap();
        let later = NOW.plus_millis(5000);
        store.abandon_open_game(first, later).await.unwrap();
        let info = store.game(first).await.unwrap();
        assert_eq!(info.status, GameStatus::Finished);
        assert_eq!(
            info.outcome.as_deref(),
            Some(zhanqi_store::ABANDONED_OUTCOME)
        );
        assert_eq!(info.finished_at, Some(later));
        assert!(store.seats(first).await.unwrap().is_empty());
        assert_eq!(store.open_games_hosted_by(alice.id).await.unwrap(), 1);
        assert!(
            !store
                .unfinished_games()
                .await
                .unwrap()
                .iter()
                .any(|record| record.info.id == first)
        );
        // Only an open room is abandoned.
        assert!(
            store
                .abandon_open_game(first, later)
                .await
                .unwrap_err()
                .is_conflict()
        );
        let playing = playing_game(&store, &[], 0).await;
        assert!(
            store
                .abandon_open_game(playing, later)
                .await
                .unwrap_err()
                .is_conflict()
        );
        assert!(
            store
                .abandon_open_game(GameId(9999), later)
                .await
                .unwrap_err()
                .is_not_found()
        );
    })
    .await;
}

#[tokio::test]
async fn starting_fixes_the_start_and_freezes_every_persons_stake() {
    each_backend(|store| async move {
        let alice = person(&store, "Alice", 100).await;
        let bob = person(&store, "Bob", 30).await;
        let id = open_game(&store, 10).await;
        store
            .take_seat(id, seat(0), &Occupant::User(alice.id))
            .await
            .unwrap();
        store
            .take_seat(id, seat(1), &Occupant::User(bob.id))
            .await
            .unwrap();
        store
            .take_seat(id, seat(2), &Occupant::Ai("easy".to_owned()))
            .await
            .unwrap();
        let start_clock = clock(NOW.0 + 30_000, 0);
        let start = GameStart {
            frozen_gold: 30,
            state: "{\"multiplier\":2}",
            clock: &start_clock,
        };
        store
            .start_game(id, &start, NOW.plus_millis(5))
            .await
            .unwrap();

        let info = store.game(id).await.unwrap();
        assert_eq!(info.status, GameStatus::Playing);
        assert_eq!(info.started_at, Some(UnixMillis(NOW.0 + 5)));
        assert_eq!(info.start_state.as_deref(), Some("{\"multiplier\":2}"));
        assert_eq!(info.start_clock, Some(start_clock.clone()));
        assert_eq!(store.account(alice.id).await.unwrap().gold, 70);
        assert_eq!(store.account(bob.id).await.unwrap().gold, 0);
        let frozen: Vec<i64> = store
            .seats(id)
            .await
            .unwrap()
            .iter()
            .map(|s| s.frozen_gold)
            .collect();
        assert_eq!(frozen, [30, 30, 0], "AI players freeze nothing");

        let error = store.start_game(id, &start, NOW).await.unwrap_err();
        assert!(error.is_conflict(), "{error}");
        assert!(
            store
                .start_game(GameId(999), &start, NOW)
                .await
                .unwrap_err()
                .is_not_found()
        );
    })
    .await;
}

#[tokio::test]
async fn a_start_someone_cannot_pay_changes_nothing() {
    each_backend(|store| async move {
        let alice = person(&store, "Alice", 100).await;
        let bob = person(&store, "Bob", 29).await;
        let id = open_game(&store, 10).await;
        store
            .take_seat(id, seat(0), &Occupant::User(alice.id))
            .await
            .unwrap();
        store
            .take_seat(id, seat(1), &Occupant::User(bob.id))
            .await
            .unwrap();
        let start_clock = clock(NOW.0, 0);
        let start = GameStart {
            frozen_gold: 30,
            state: "{}",
            clock: &start_clock,
        };
        let error = store.start_game(id, &start, NOW).await.unwrap_err();
        assert!(error.is_conflict(), "{error}");
        assert!(error.to_string().contains("Bob has 29"), "{error}");

        assert_eq!(store.game(id).await.unwrap().status, GameStatus::Open);
        assert_eq!(store.account(alice.id).await.unwrap().gold, 100);
        assert_eq!(store.account(bob.id).await.unwrap().gold, 29);
        assert!(
            store
                .seats(id)
                .await
                .unwrap()
                .iter()
                .all(|s| s.frozen_gold == 0)
        );
        let negative = GameStart {
            frozen_gold: -1,
            ..start
        };
        assert!(
            store
                .start_game(id, &negative, NOW)
                .await
                .unwrap_err()
                .is_conflict()
        );
    })
    .await;
}
