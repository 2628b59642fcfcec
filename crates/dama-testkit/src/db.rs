//! The databases a store test runs on: a fresh SQLite file always, and a fresh PostgreSQL
//! database when a server answers (at `DAMA_TEST_POSTGRES`, else the local default). Each
//! test gets its own database, dropped when it ends.

use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Once, OnceLock};
use std::time::Duration;

use sqlx::AnyConnection;
use sqlx::Connection;

/// Where the tests look for PostgreSQL when `DAMA_TEST_POSTGRES` is not set.
pub const DEFAULT_POSTGRES: &str = "postgres://postgres@127.0.0.1:5432/test";

/// One test's own database.
pub enum TestDb {
    /// A SQLite file in a folder of its own.
    Sqlite {
        /// The folder.
        dir: PathBuf,
    },
    /// A PostgreSQL database made for the test.
    Postgres {
        /// The server's admin URL.
        admin: String,
        /// The database's name.
        name: String,
    },
}

fn unique() -> String {
    static N: AtomicUsize = AtomicUsize::new(0);
    format!(
        "{}_{}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    )
}

/// The server's admin URL if one answers. With `DAMA_TEST_POSTGRES` set, a server that does
/// not answer fails the test (CI must not skip silently); without it, the PostgreSQL runs are
/// skipped with one line.
async fn postgres_admin() -> Option<String> {
    static FOUND: OnceLock<Option<String>> = OnceLock::new();
    if let Some(found) = FOUND.get() {
        return found.clone();
    }
    sqlx::any::install_default_drivers();
    let (url, required) = match std::env::var("DAMA_TEST_POSTGRES") {
        Ok(u) if !u.is_empty() => (u, true),
        _ => (DEFAULT_POSTGRES.to_string(), false),
    };
    let answer = tokio::time::timeout(Duration::from_secs(3), AnyConnection::connect(&url)).await;
    let found = match answer {
        Ok(Ok(conn)) => {
            let _ = conn.close().await;
            Some(url)
        }
        Ok(Err(e)) if required => panic!("DAMA_TEST_POSTGRES={url}: {e}"),
        Err(_) if required => panic!("DAMA_TEST_POSTGRES={url}: no answer in 3 s"),
        _ => {
            static SAID: Once = Once::new();
            SAID.call_once(|| {
                // Straight to stderr: the test harness would swallow eprintln!.
                let _ = writeln!(
                    std::io::stderr(),
                    "skipping the PostgreSQL runs: no server answers at {url} (set DAMA_TEST_POSTGRES to use another)"
                );
            });
            None
        }
    };
    FOUND.get_or_init(|| found).clone()
}

impl TestDb {
    /// A new SQLite file in a new folder.
    pub fn sqlite() -> TestDb {
        let dir = std::env::temp_dir().join(format!("dama-test-{}", unique()));
        std::fs::create_dir_all(&dir).unwrap();
        TestDb::Sqlite { dir }
    }

    /// A new empty PostgreSQL database, or `None` when no server answers.
    pub async fn postgres() -> Option<TestDb> {
        let admin = postgres_admin().await?;
        let name = format!("dama_t_{}", unique());
        let mut conn = AnyConnection::connect(&admin).await.unwrap();
        sqlx::raw_sql(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}")))
            .execute(&mut conn)
            .await
            .unwrap_or_else(|e| panic!("CREATE DATABASE {name}: {e}"));
        let _ = conn.close().await;
        Some(TestDb::Postgres { admin, name })
    }

    /// Whether it is the PostgreSQL one.
    pub fn is_postgres(&self) -> bool {
        matches!(self, TestDb::Postgres { .. })
    }

    /// Its `DATABASE_URL`.
    pub fn url(&self) -> String {
        match self {
            TestDb::Sqlite { dir } => format!("sqlite://{}", dir.join("dama.db").display()),
            TestDb::Postgres { admin, name } => {
                let base = admin.rsplit_once('/').map_or(admin.as_str(), |(b, _)| b);
                format!("{base}/{name}")
            }
        }
    }

    /// Runs SQL straight on the database (to damage a record on purpose).
    pub async fn execute(&self, sql: &str) {
        let mut conn = AnyConnection::connect(&self.url()).await.unwrap();
        sqlx::raw_sql(sqlx::AssertSqlSafe(sql.to_string()))
            .execute(&mut conn)
            .await
            .unwrap_or_else(|e| panic!("{sql}: {e}"));
        let _ = conn.close().await;
    }
}

impl TestDb {
    /// The rows of a query returning two text columns, sorted.
    pub async fn pairs(&self, sql: &str) -> Vec<(String, String)> {
        let mut conn = AnyConnection::connect(&self.url()).await.unwrap();
        let mut rows: Vec<(String, String)> = sqlx::query_as(sqlx::AssertSqlSafe(sql.to_string()))
            .fetch_all(&mut conn)
            .await
            .unwrap_or_else(|e| panic!("{sql}: {e}"));
        let _ = conn.close().await;
        rows.sort();
        rows
    }
}

impl Drop for TestDb {
    fn drop(&mut self) {
        match self {
            TestDb::Sqlite { dir } => {
                let _ = std::fs::remove_dir_all(dir);
            }
            TestDb::Postgres { admin, name } => {
                let (admin, name) = (admin.clone(), name.clone());
                // Drop runs inside the test's runtime: drop the database from a thread of its own.
                let _ = std::thread::spawn(move || {
                    let rt = tokio::runtime::Builder::new_current_thread()
                        .enable_all()
                        .build()
                        .unwrap();
                    rt.block_on(async {
                        if let Ok(mut conn) = AnyConnection::connect(&admin).await {
                            let sql = format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)");
                            let _ = sqlx::raw_sql(sqlx::AssertSqlSafe(sql))
                                .execute(&mut conn)
                                .await;
                            let _ = conn.close().await;
                        }
                    });
                })
                .join();
            }
        }
    }
}

/// Runs each named `async fn(TestDb)` as two tests: `sqlite::name` and `postgres::name` (the
/// latter passes after one line on stderr when no PostgreSQL server answers).
#[macro_export]
macro_rules! on_both_databases {
    ($($name:ident),* $(,)?) => {
        mod sqlite {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() {
                    super::$name($crate::db::TestDb::sqlite()).await
                }
            )*
        }
        mod postgres {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() {
                    if let Some(db) = $crate::db::TestDb::postgres().await {
                        super::$name(db).await
                    }
                }
            )*
        }
    };
}
