//! Room leases: acquire, renew, steal after expiry, release.

use zhanqi_store::{GameId, Lease, UnixMillis};

use crate::common::{NOW, each_backend, open_game};

const TERM: i64 = 10_000;

#[tokio::test]
async fn a_lease_is_acquired_renewed_and_refused_to_others_while_live() {
    each_backend(|store| async move {
        let id = open_game(&store, 0).await;
        assert_eq!(store.lease(id).await.unwrap(), None);
        let lease = store
            .acquire_lease(id, "node-a", NOW, NOW.plus_millis(TERM))
            .await
            .unwrap();
        assert_eq!(
            lease,
            Lease {
                game_id: id,
                node: "node-a".to_owned(),
                expires_at: NOW.plus_millis(TERM)
            }
        );
        assert_eq!(store.lease(id).await.unwrap(), Some(lease));

        let later = NOW.plus_millis(TERM - 1);
        let error = store
            .acquire_lease(id, "node-b", later, later.plus_millis(TERM))
            .await
            .unwrap_err();
        assert!(
            error.is_conflict() && error.to_string().contains("node-a"),
            "{error}"
        );

        let renewed = store
            .acquire_lease(id, "node-a", later, later.plus_millis(TERM))
            .await
            .unwrap();
        assert_eq!(renewed.expires_at, later.plus_millis(TERM));
        assert!(
            store
                .acquire_lease(GameId(999), "node-a", NOW, NOW)
                .await
                .unwrap_err()
                .is_not_found()
        );
    })
    .await;
}

#[tokio::test]
async fn an_expired_lease_is_stolen() {
    each_backend(|store| async move {
        let id = open_game(&store, 0).await;
        store
            .acquire_lease(id, "node-a", NOW, NOW.plus_millis(TERM))
            .await
            .unwrap();
        let expiry = NOW.plus_millis(TERM);
        let stolen = store
            .acquire_lease(id, "node-b", expiry, expiry.plus_millis(TERM))
            .await
            .unwrap();
        assert_eq!(stolen.node, "node-b");
        // The old holder cannot renew what it lost.
        let error = store
            .acquire_lease(id, "node-a", expiry, expiry.plus_millis(TERM))
            .await
            .unwrap_err();
        assert!(error.is_conflict(), "{error}");
        assert_eq!(store.lease(id).await.unwrap().unwrap().node, "node-b");
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn of_nodes_racing_to_steal_exactly_one_wins() {
    each_backend(|store| async move {
        let id = open_game(&store, 0).await;
        store
            .acquire_lease(id, "dead", NOW, NOW.plus_millis(1))
            .await
            .unwrap();
        let now = NOW.plus_millis(5);
        let mut nodes = tokio::task::JoinSet::new();
        for node in 0..8 {
            let store = store.clone();
            nodes.spawn(async move {
                store
                    .acquire_lease(id, &format!("node-{node}"), now, now.plus_millis(TERM))
                    .await
            });
        }
        let outcomes = nodes.join_all().await;
        let winners: Vec<&Lease> = outcomes.iter().filter_map(|o| o.as_ref().ok()).collect();
        assert_eq!(winners.len(), 1, "{outcomes:?}");
        assert!(
            outcomes
                .iter()
                .filter_map(|o| o.as_ref().err())
                .all(|e| e.is_conflict())
        );
        assert_eq!(store.lease(id).await.unwrap().as_ref(), Some(winners[0]));
    })
    .await;
}

#[tokio::test]
async fn only_the_holder_releases_a_lease() {
    each_backend(|store| async move {
        let id = open_game(&store, 0).await;
        store
            .acquire_lease(id, "node-a", NOW, NOW.plus_millis(TERM))
            .await
            .unwrap();
        assert!(!store.release_lease(id, "node-b").await.unwrap());
        assert!(store.lease(id).await.unwrap().is_some());
        assert!(store.release_lease(id, "node-a").await.unwrap());
        assert_eq!(store.lease(id).await.unwrap(), None);
        assert!(!store.release_lease(id, "node-a").await.unwrap());
        store
            .acquire_lease(id, "node-b", NOW, NOW.plus_millis(TERM))
            .await
            .unwrap();
    })
    .await;
}

#[tokio::test]
async fn unleased_games_are_the_unfinished_ones_nobody_runs() {
    each_backend(|store| async move {
        let never = open_game(&store, 0).await;
        let live = open_game(&store, 0).await;
        let expired = open_game(&store, 0).await;
        store
            .acquire_lease(live, "node-a", NOW, NOW.plus_millis(TERM))
            .await
            .unwrap();
        store
            .acquire_lease(expired, "node-b", NOW, NOW.plus_millis(1))
            .await
            .unwrap();
        assert_eq!(store.unleased_games(NOW).await.unwrap(), [never]);
        assert_eq!(
            store.unleased_games(NOW.plus_millis(1)).await.unwrap(),
            [never, expired]
        );
        assert_eq!(
            store
                .unleased_games(UnixMillis(NOW.0 + TERM))
                .await
                .unwrap(),
            [never, live, expired]
        );
    })
    .await;
}

#[tokio::test]
async fn only_the_holder_hands_a_lease_on_and_the_receiver_then_holds_it() {
    each_backend(|store| async move {
        let id = open_game(&store, 0).await;
        store
            .acquire_lease(id, "node-a", NOW, NOW.plus_millis(TERM))
            .await
            .unwrap();
        assert!(
            !store
                .hand_lease(id, "node-b", "node-c", NOW.plus_millis(TERM))
                .await
                .unwrap()
        );
        assert!(
            store
                .hand_lease(id, "node-a", "node-b", NOW.plus_millis(2 * TERM))
                .await
                .unwrap()
        );
        let lease = store.lease(id).await.unwrap().unwrap();
        assert_eq!(lease.node, "node-b");
        assert_eq!(lease.expires_at, NOW.plus_millis(2 * TERM));
        // A live lease handed on is no longer the giver's: it can neither renew nor release it.
        assert!(
            store
                .acquire_lease(id, "node-a", NOW, NOW.plus_millis(TERM))
                .await
                .unwrap_err()
                .is_conflict()
        );
        assert!(!store.release_lease(id, "node-a").await.unwrap());
        assert!(
            store
                .acquire_lease(id, "node-b", NOW, NOW.plus_millis(TERM))
                .await
                .is_ok()
        );
    })
    .await;
}
