//! The store's guarantees at start: URLs that cannot keep games are refused, a read-only file
//! is found at once, processes opening a fresh database together do not race the migrations,
//! and the SQLite and PostgreSQL schemas hold the same tables, columns and indexes.

use crate::common::db::TestDb;
use dama_store::{Backend, Store, StoreError};

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
        ("mysql://root@127.0.0.1/test", "SQLite or PostgreSQL only"),
        ("dama.db", "SQLite or PostgreSQL only"),
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

#[tokio::test]
async fn a_file_that_is_not_a_database_is_refused_at_once_and_left_alone() {
    let dir = temp_dir("notdb");
    let png = dir.join("board.png");
    std::fs::write(&png, b"\x89PNG\r\n\x1a\n not a database at all").unwrap();
    let real = dir.join("real.db");
    let store = Store::open(&format!("sqlite://{}", real.display()))
        .await
        .unwrap();
    store.close().await;
    let whole = std::fs::read(&real).unwrap();
    assert!(whole.len() >= 8 * 4096, "{} bytes", whole.len());
    let cut = dir.join("cut.db");
    std::fs::write(&cut, &whole[..2 * 4096]).unwrap();
    for (path, why) in [
        (png.clone(), "first bytes"),
        (cut.clone(), "truncated"),
        ("/dev/null".into(), "not a regular file"),
        (dir.clone(), "not a regular file"),
    ] {
        let before = std::fs::read(&path).ok();
        let url = format!("sqlite://{}", path.display());
        let err = match Store::open(&url).await {
            Err(e) => e,
            Ok(_) => panic!("{url} opened"),
        };
        let line = err.to_string();
        assert!(matches!(err, StoreError::NotADatabase(..)), "{url}: {line}");
        assert!(line.contains(why) && !line.contains('\n'), "{url}: {line}");
        assert!(line.contains(&path.display().to_string()), "{line}");
        assert_eq!(std::fs::read(&path).ok(), before, "{url} was changed");
        for beside in ["-wal", "-shm", "-journal"] {
            let extra = format!("{}{beside}", path.display());
            assert!(!std::path::Path::new(&extra).exists(), "{extra} was made");
        }
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

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
#[cfg_attr(
    not(dama_postgres),
    ignore = "needs PostgreSQL: build the tests with DAMA_TEST_POSTGRES set"
)]
async fn stores_opening_a_fresh_postgres_database_at_once_all_succeed() {
    for round in 0..3 {
        let db = TestDb::postgres().await;
        let opens: Vec<_> = (0..6)
            .map(|_| {
                let url = db.url();
                tokio::spawn(async move { Store::open(&url).await.map(|s| s.backend()) })
            })
            .collect();
        for o in opens {
            match o.await.unwrap() {
                Ok(backend) => assert_eq!(backend, Backend::Postgres),
                Err(e) => panic!("round {round}: {e}"),
            }
        }
    }
}

fn migration_names(dialect: &str) -> Vec<String> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("migrations")
        .join(dialect);
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn both_dialects_have_the_same_migrations() {
    let sqlite = migration_names("sqlite");
    assert!(sqlite.len() >= 8, "{sqlite:?}");
    assert_eq!(sqlite, migration_names("postgres"));
}

#[tokio::test]
#[cfg_attr(
    not(dama_postgres),
    ignore = "needs PostgreSQL: build the tests with DAMA_TEST_POSTGRES set"
)]
async fn the_sqlite_and_postgres_schemas_hold_the_same_tables_columns_and_indexes() {
    let pg = TestDb::postgres().await;
    let lite = TestDb::sqlite();
    Store::open(&lite.url()).await.unwrap().close().await;
    Store::open(&pg.url()).await.unwrap().close().await;
    let lite_columns = lite
        .pairs(
            "SELECT m.name, p.name FROM sqlite_master m, pragma_table_info(m.name) p
             WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%' AND m.name NOT LIKE '_sqlx%'",
        )
        .await;
    let pg_columns = pg
        .pairs(
            "SELECT table_name::text, column_name::text FROM information_schema.columns
             WHERE table_schema = 'public' AND table_name NOT LIKE '_sqlx%'",
        )
        .await;
    assert!(lite_columns.len() > 60, "{lite_columns:?}");
    assert_eq!(lite_columns, pg_columns);
    let lite_indexes = lite
        .pairs(
            "SELECT tbl_name, name FROM sqlite_master
             WHERE type = 'index' AND sql IS NOT NULL AND tbl_name NOT LIKE '_sqlx%'",
        )
        .await;
    let pg_indexes = pg
        .pairs(
            "SELECT tablename::text, indexname::text FROM pg_indexes
             WHERE schemaname = 'public' AND indexname NOT LIKE '%_pkey' AND tablename NOT LIKE '_sqlx%'",
        )
        .await;
    assert!(lite_indexes.len() >= 8, "{lite_indexes:?}");
    assert_eq!(lite_indexes, pg_indexes);
}
