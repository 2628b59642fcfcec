//! The store's guarantees at start: URLs that cannot keep games are refused, a read-only file
//! is found at once, and processes opening a fresh file together do not race the migrations.
use dama::store::{Store, StoreError};

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("dama-store-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[tokio::test]
async fn urls_that_cannot_keep_games_are_refused_with_a_sentence() {
    for (url, want) in [
        ("", "is empty"),
        ("  ", "is empty"),
        ("sqlite:", "in-memory"),
        ("sqlite://", "in-memory"),
        ("sqlite::memory:", "in-memory"),
        ("sqlite://games.db?mode=memory", "in-memory"),
        ("postgres://postgres@127.0.0.1/test", "SQLite only"),
        ("dama.db", "SQLite only"),
    ] {
        let err = Store::open(url)
            .await
            .err()
            .unwrap_or_else(|| panic!("{url:?} opened"));
        assert!(err.to_string().contains(want), "{url:?}: {err}");
    }
}

#[tokio::test]
async fn a_read_only_database_is_refused_at_once() {
    let dir = temp_dir("ro");
    let file = dir.join("dama.db");
    Store::open(&format!("sqlite://{}", file.display()))
        .await
        .unwrap()
        .close()
        .await;
    let url = format!("sqlite://{}?mode=ro", file.display());
    match Store::open(&url).await {
        Err(StoreError::ReadOnly(u)) => assert_eq!(u, url),
        Err(other) => panic!("{other}"),
        Ok(_) => panic!("a read-only database opened"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn stores_opening_a_fresh_file_at_once_all_succeed() {
    for round in 0..10 {
        let dir = temp_dir(&format!("race{round}"));
        let url = format!("sqlite://{}", dir.join("dama.db").display());
        let opens: Vec<_> = (0..6)
            .map(|_| {
                let url = url.clone();
                tokio::spawn(async move { Store::open(&url).await.map(|_| ()) })
            })
            .collect();
        for o in opens {
            if let Err(e) = o.await.unwrap() {
                panic!("round {round}: {e}");
            }
        }
    }
}
