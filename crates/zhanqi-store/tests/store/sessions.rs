//! Sessions found by token hash, with expiry and sign-out.

use zhanqi_store::{UnixMillis, UserId};

use crate::common::{NOW, each_backend, person};

const HOUR: i64 = 3_600_000;

#[tokio::test]
async fn a_session_opens_its_account_until_it_expires() {
    each_backend(|store| async move {
        let alice = person(&store, "Alice", 0).await;
        let expires = NOW.plus_millis(HOUR);
        store
            .create_session("hash-a", alice.id, NOW, expires)
            .await
            .unwrap();
        assert_eq!(store.session_account("hash-a", NOW).await.unwrap(), alice);
        assert_eq!(
            store
                .session_account("hash-a", UnixMillis(expires.0 - 1))
                .await
                .unwrap()
                .id,
            alice.id
        );
        assert!(
            store
                .session_account("hash-a", expires)
                .await
                .unwrap_err()
                .is_not_found()
        );
        assert!(
            store
                .session_account("hash-b", NOW)
                .await
                .unwrap_err()
                .is_not_found()
        );
    })
    .await;
}

#[tokio::test]
async fn sessions_need_an_account_and_a_fresh_token() {
    each_backend(|store| async move {
        let alice = person(&store, "Alice", 0).await;
        let expires = NOW.plus_millis(HOUR);
        let error = store
            .create_session("hash-a", UserId(999), NOW, expires)
            .await
            .unwrap_err();
        assert!(error.is_not_found(), "{error}");
        store
            .create_session("hash-a", alice.id, NOW, expires)
            .await
            .unwrap();
        let bob = person(&store, "Bob", 0).await;
        let error = store
            .create_session("hash-a", bob.id, NOW, expires)
            .await
            .unwrap_err();
        assert!(error.is_conflict(), "{error}");
        assert_eq!(
            store.session_account("hash-a", NOW).await.unwrap().id,
            alice.id
        );
    })
    .await;
}

#[tokio::test]
async fn live_sessions_can_be_extended_and_expired_ones_cannot() {
    each_backend(|store| async move {
        let alice = person(&store, "Alice", 0).await;
        let expires = NOW.plus_millis(HOUR);
        store
            .create_session("hash-a", alice.id, NOW, expires)
            .await
            .unwrap();
        let later = NOW.plus_millis(2 * HOUR);
        store.extend_session("hash-a", NOW, later).await.unwrap();
        assert_eq!(
            store.session_account("hash-a", expires).await.unwrap().id,
            alice.id
        );
        assert!(
            store
                .extend_session("hash-a", later, later.plus_millis(HOUR))
                .await
                .unwrap_err()
                .is_not_found()
        );
        assert!(
            store
                .extend_session("hash-x", NOW, later)
                .await
                .unwrap_err()
                .is_not_found()
        );
    })
    .await;
}

#[tokio::test]
async fn signing_out_deletes_one_session_or_all_of_them() {
    each_backend(|store| async move {
        let alice = person(&store, "Alice", 0).await;
        let bob = person(&store, "Bob", 0).await;
        let expires = NOW.plus_millis(HOUR);
        for hash in ["a1", "a2", "a3"] {
            store
                .create_session(hash, alice.id, NOW, expires)
                .await
                .unwrap();
        }
        store
            .create_session("b1", bob.id, NOW, expires)
            .await
            .unwrap();
        assert_eq!(store.session_count(alice.id, NOW).await.unwrap(), 3);

        assert!(store.delete_session("a1").await.unwrap());
        assert!(
            !store.delete_session("a1").await.unwrap(),
            "signing out twice is no error"
        );
        assert!(
            store
                .session_account("a1", NOW)
                .await
                .unwrap_err()
                .is_not_found()
        );
        assert_eq!(store.session_count(alice.id, NOW).await.unwrap(), 2);

        assert_eq!(store.delete_user_sessions(alice.id).await.unwrap(), 2);
        assert_eq!(store.session_count(alice.id, NOW).await.unwrap(), 0);
        assert_eq!(
            store.session_account("b1", NOW).await.unwrap().id,
            bob.id,
            "other accounts keep theirs"
        );
    })
    .await;
}

#[tokio::test]
async fn expired_sessions_are_swept() {
    each_backend(|store| async move {
        let alice = person(&store, "Alice", 0).await;
        store
            .create_session("old", alice.id, NOW, NOW.plus_millis(1))
            .await
            .unwrap();
        store
            .create_session("new", alice.id, NOW, NOW.plus_millis(HOUR))
            .await
            .unwrap();
        let later = NOW.plus_millis(10);
        assert_eq!(store.session_count(alice.id, later).await.unwrap(), 1);
        assert_eq!(store.delete_expired_sessions(later).await.unwrap(), 1);
        assert_eq!(store.delete_expired_sessions(later).await.unwrap(), 0);
        assert!(!store.delete_session("old").await.unwrap());
        assert_eq!(
            store.session_account("new", later).await.unwrap().id,
            alice.id
        );
    })
    .await;
}
