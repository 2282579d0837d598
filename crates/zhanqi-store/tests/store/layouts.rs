//! Saved deployment layouts and the default one.

use zhanqi_store::{LayoutShelf, UnixMillis, UserId};

use crate::common::{NOW, each_backend, person};

#[tokio::test]
async fn layouts_are_saved_listed_by_name_and_replaced() {
    each_backend(|store| async move {
        let alice = person(&store, "Alice", 0).await;
        let shelf = LayoutShelf {
            user: alice.id,
            game: "junqi",
            mode: "2p",
        };
        store
            .save_layout(shelf, "rush", "layout-r", NOW)
            .await
            .unwrap();
        store
            .save_layout(shelf, "fortress", "layout-f", NOW.plus_millis(1))
            .await
            .unwrap();
        let names: Vec<String> = store
            .layouts(shelf)
            .await
            .unwrap()
            .into_iter()
            .map(|l| l.name)
            .collect();
        assert_eq!(names, ["fortress", "rush"]);

        store
            .save_layout(shelf, "rush", "layout-r2", NOW.plus_millis(2))
            .await
            .unwrap();
        let layouts = store.layouts(shelf).await.unwrap();
        assert_eq!(layouts.len(), 2);
        assert_eq!(layouts[1].layout, "layout-r2");
        assert_eq!(layouts[1].saved_at, NOW.plus_millis(2));
        assert_eq!(layouts[1].used_at, None);
    })
    .await;
}

#[tokio::test]
async fn shelves_are_per_account_game_and_mode() {
    each_backend(|store| async move {
        let alice = person(&store, "Alice", 0).await;
        let bob = person(&store, "Bob", 0).await;
        let two = LayoutShelf {
            user: alice.id,
            game: "junqi",
            mode: "2p",
        };
        let four = LayoutShelf { mode: "4p", ..two };
        let bobs = LayoutShelf {
            user: bob.id,
            ..two
        };
        store.save_layout(two, "main", "a2", NOW).await.unwrap();
        store.save_layout(four, "main", "a4", NOW).await.unwrap();
        assert_eq!(store.layouts(two).await.unwrap()[0].layout, "a2");
        assert_eq!(store.layouts(four).await.unwrap()[0].layout, "a4");
        assert!(store.layouts(bobs).await.unwrap().is_empty());
        assert_eq!(store.default_layout(bobs).await.unwrap(), None);
        let nobody = LayoutShelf {
            user: UserId(999),
            ..two
        };
        assert!(
            store
                .save_layout(nobody, "x", "y", NOW)
                .await
                .unwrap_err()
                .is_not_found()
        );
    })
    .await;
}

#[tokio::test]
async fn the_last_deployed_layout_is_the_default() {
    each_backend(|store| async move {
        let alice = person(&store, "Alice", 0).await;
        let shelf = LayoutShelf {
            user: alice.id,
            game: "junqi",
            mode: "2p",
        };
        store.save_layout(shelf, "a", "la", NOW).await.unwrap();
        store
            .save_layout(shelf, "b", "lb", NOW.plus_millis(1))
            .await
            .unwrap();
        // Nothing deployed yet: the last saved.
        assert_eq!(
            store.default_layout(shelf).await.unwrap().unwrap().name,
            "b"
        );

        store
            .mark_layout_used(shelf, "a", NOW.plus_millis(5))
            .await
            .unwrap();
        let default = store.default_layout(shelf).await.unwrap().unwrap();
        assert_eq!(default.name, "a");
        assert_eq!(default.used_at, Some(UnixMillis(NOW.0 + 5)));
        // Saving again does not make a layout the default; deploying does.
        store
            .save_layout(shelf, "b", "lb2", NOW.plus_millis(6))
            .await
            .unwrap();
        assert_eq!(
            store.default_layout(shelf).await.unwrap().unwrap().name,
            "a"
        );
        store
            .mark_layout_used(shelf, "b", NOW.plus_millis(7))
            .await
            .unwrap();
        assert_eq!(
            store.default_layout(shelf).await.unwrap().unwrap().layout,
            "lb2"
        );

        assert!(
            store
                .mark_layout_used(shelf, "zzz", NOW)
                .await
                .unwrap_err()
                .is_not_found()
        );
    })
    .await;
}

#[tokio::test]
async fn layouts_are_deleted_by_name() {
    each_backend(|store| async move {
        let alice = person(&store, "Alice", 0).await;
        let shelf = LayoutShelf {
            user: alice.id,
            game: "junqi",
            mode: "2p",
        };
        store.save_layout(shelf, "a", "la", NOW).await.unwrap();
        store.delete_layout(shelf, "a").await.unwrap();
        assert!(store.layouts(shelf).await.unwrap().is_empty());
        assert!(
            store
                .delete_layout(shelf, "a")
                .await
                .unwrap_err()
                .is_not_found()
        );
    })
    .await;
}
