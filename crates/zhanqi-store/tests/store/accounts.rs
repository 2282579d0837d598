//! Accounts, guests, gold and profiles.

use zhanqi_store::{NewAccount, Store, UserId, name_key};

use crate::common::{NOW, each_backend, person, sqlite_url};

#[tokio::test]
async fn accounts_are_found_by_id_and_by_name_in_any_case() {
    each_backend(|store| async move {
        let alice = person(&store, "Alice", 100).await;
        assert_eq!(alice.name, "Alice");
        assert!(!alice.guest);
        assert_eq!(alice.gold, 100);
        assert_eq!(alice.created_at, NOW);
        assert!(
            alice
                .password_hash
                .as_deref()
                .unwrap()
                .starts_with("$argon2id$")
        );
        assert_eq!(store.account(alice.id).await.unwrap(), alice);
        assert_eq!(store.account_by_name("alice").await.unwrap(), alice);
        assert_eq!(store.account_by_name("ALICE").await.unwrap(), alice);
        let bob = person(&store, "Bob", 0).await;
        assert_ne!(bob.id, alice.id);
    })
    .await;
}

#[tokio::test]
async fn a_taken_name_is_a_conflict_whatever_its_case() {
    each_backend(|store| async move {
        person(&store, "Alice", 0).await;
        let error = store
            .create_account(
                &NewAccount {
                    name: "aLiCe",
                    password_hash: Some("h"),
                    gold: 0,
                },
                NOW,
            )
            .await
            .unwrap_err();
        assert!(error.is_conflict(), "{error}");
        assert!(error.to_string().contains("aLiCe"), "{error}");
    })
    .await;
}

#[tokio::test]
async fn unknown_accounts_are_not_found() {
    each_backend(|store| async move {
        assert!(store.account(UserId(999)).await.unwrap_err().is_not_found());
        assert!(
            store
                .account_by_name("nobody")
                .await
                .unwrap_err()
                .is_not_found()
        );
        assert!(
            store
                .profile(UserId(999), "junqi")
                .await
                .unwrap_err()
                .is_not_found()
        );
        assert!(
            store
                .add_gold(UserId(999), 5)
                .await
                .unwrap_err()
                .is_not_found()
        );
    })
    .await;
}

#[tokio::test]
async fn an_account_cannot_start_in_debt() {
    each_backend(|store| async move {
        let new = NewAccount {
            name: "Debtor",
            password_hash: Some("h"),
            gold: -1,
        };
        assert!(
            store
                .create_account(&new, NOW)
                .await
                .unwrap_err()
                .is_conflict()
        );
        assert!(
            store
                .account_by_name("Debtor")
                .await
                .unwrap_err()
                .is_not_found()
        );
    })
    .await;
}

#[tokio::test]
async fn guests_have_no_password_until_registered() {
    each_backend(|store| async move {
        let guest = store
            .create_account(
                &NewAccount {
                    name: "guest-7",
                    password_hash: None,
                    gold: 10,
                },
                NOW,
            )
            .await
            .unwrap();
        assert!(guest.guest);
        assert_eq!(guest.password_hash, None);
        // A guest has no password to replace.
        assert!(
            store
                .set_password_hash(guest.id, "h")
                .await
                .unwrap_err()
                .is_not_found()
        );

        let taken = person(&store, "Carol", 0).await;
        let error = store
            .register_guest(guest.id, "carol", "h")
            .await
            .unwrap_err();
        assert!(error.is_conflict(), "{error}");
        assert!(
            store.account(guest.id).await.unwrap().guest,
            "a failed registration changes nothing"
        );

        let registered = store
            .register_guest(guest.id, "Dave", "hash-d")
            .await
            .unwrap();
        assert_eq!(registered.id, guest.id);
        assert!(!registered.guest);
        assert_eq!(registered.name, "Dave");
        assert_eq!(registered.password_hash.as_deref(), Some("hash-d"));
        assert_eq!(registered.gold, 10, "gold is kept");
        assert_eq!(store.account_by_name("dave").await.unwrap().id, guest.id);
        // The old guest name is free again; a registered account is no guest any more.
        assert!(
            store
                .account_by_name("guest-7")
                .await
                .unwrap_err()
                .is_not_found()
        );
        assert!(
            store
                .register_guest(guest.id, "Eve", "h")
                .await
                .unwrap_err()
                .is_not_found()
        );
        assert!(
            store
                .register_guest(taken.id, "Eve", "h")
                .await
                .unwrap_err()
                .is_not_found()
        );
    })
    .await;
}

#[tokio::test]
async fn password_hashes_can_be_replaced() {
    each_backend(|store| async move {
        let alice = person(&store, "Alice", 0).await;
        store
            .set_password_hash(alice.id, "$argon2id$new")
            .await
            .unwrap();
        assert_eq!(
            store
                .account(alice.id)
                .await
                .unwrap()
                .password_hash
                .as_deref(),
            Some("$argon2id$new")
        );
        assert!(
            store
                .set_password_hash(UserId(999), "h")
                .await
                .unwrap_err()
                .is_not_found()
        );
    })
    .await;
}

#[tokio::test]
async fn gold_is_added_and_never_falls_below_zero() {
    each_backend(|store| async move {
        let alice = person(&store, "Alice", 100).await;
        assert_eq!(store.add_gold(alice.id, 50).await.unwrap(), 150);
        assert_eq!(store.add_gold(alice.id, -150).await.unwrap(), 0);
        let error = store.add_gold(alice.id, -1).await.unwrap_err();
        assert!(error.is_conflict(), "{error}");
        assert_eq!(store.account(alice.id).await.unwrap().gold, 0);
    })
    .await;
}

#[tokio::test]
async fn a_new_account_has_an_empty_profile_and_no_rank() {
    each_backend(|store| async move {
        let alice = person(&store, "Alice", 0).await;
        assert_eq!(
            store.profile(alice.id, "junqi").await.unwrap(),
            Default::default()
        );
        assert!(store.leaderboard("junqi", 10).await.unwrap().is_empty());
    })
    .await;
}

#[tokio::test]
async fn look_alike_names_are_one_name() {
    each_backend(|store| async move {
        let alice = person(&store, "alice", 0).await;
        // Cyrillic а, a dotted capital I, full-width letters, a zero-width space.
        for look_alike in ["аlice", "ALİCE", "ＡＬＩＣＥ", "ali\u{200b}ce"] {
            let error = store
                .create_account(
                    &NewAccount {
                        name: look_alike,
                        password_hash: Some("h"),
                        gold: 0,
                    },
                    NOW,
                )
                .await
                .unwrap_err();
            assert!(error.is_conflict(), "{look_alike}: {error}");
            assert_eq!(store.account_by_name(look_alike).await.unwrap(), alice);
        }
        // Chinese names are names of their own.
        let ming = person(&store, "小明", 0).await;
        assert_eq!(store.account_by_name("小明").await.unwrap(), ming);
        assert!(
            store
                .account_by_name("小朋")
                .await
                .unwrap_err()
                .is_not_found()
        );
    })
    .await;
}

#[test]
fn name_keys_fold_case_width_and_confusables() {
    assert_eq!(name_key("  Alice "), "alice");
    assert_eq!(name_key("ALİCE"), "alice");
    assert_eq!(name_key("аlice"), "alice");
    assert_eq!(name_key("bob1"), name_key("bobl"));
    assert_eq!(name_key("Li   Wei"), "li wei");
    assert_eq!(name_key("小明"), "小明");
    assert_ne!(name_key("小明"), name_key("小朋"));
}

#[tokio::test]
async fn keys_an_older_rule_wrote_are_recomputed_on_connect_and_the_older_name_wins() {
    let directory = tempfile::tempdir().unwrap();
    let url = sqlite_url(&directory.path().join("store.db"));
    let store = Store::connect(&url).await.unwrap();
    // As version 1 keyed them: lower case only, so these two were distinct names.
    for (name, key) in [("Alice", "alice"), ("аlice", "аlice")] {
        sqlx::query(
            "INSERT INTO users (name, name_key, password_hash, guest, gold, created_at, \
             name_key_version) VALUES ($1, $2, 'h', 0, 0, 0, 1)",
        )
        .bind(name)
        .bind(key)
        .execute(store.pool())
        .await
        .unwrap();
    }
    store.close().await;
    let store = Store::connect(&url).await.unwrap();
    assert_eq!(store.account_by_name("ALİCE").await.unwrap().name, "Alice");
    assert_eq!(store.account_by_name("аlice").await.unwrap().name, "Alice");
    let error = store
        .create_account(
            &NewAccount {
                name: "alice",
                password_hash: Some("h"),
                gold: 0,
            },
            NOW,
        )
        .await
        .unwrap_err();
    assert!(error.is_conflict(), "{error}");
}
