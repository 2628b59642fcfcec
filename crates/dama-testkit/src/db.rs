//! The databases a store test runs on: a fresh SQLite file always, and a fresh PostgreSQL
//! database on the server `DAMA_TEST_POSTGRES` names. Each test gets its own database,
//! dropped when it ends.

use std::path::PathBuf;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use sqlx::AnyConnection;
use sqlx::Connection;

/// What `DAMA_TEST_POSTGRES` names on a machine with a local server (and what `.ci/run` sets).
pub const EXAMPLE_POSTGRES: &str = "postgres://postgres@127.0.0.1:5432/test";

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

/// The server's admin URL, from `DAMA_TEST_POSTGRES`: a test on PostgreSQL runs only where
/// it was set when the tests were built (`cfg(dama_postgres)`, else it is reported ignored),
/// and a server that does not answer there fails it.
async fn postgres_admin() -> String {
    static FOUND: OnceLock<String> = OnceLock::new();
    if let Some(found) = FOUND.get() {
        return found.clone();
    }
    sqlx::any::install_default_drivers();
    let url = match std::env::var("DAMA_TEST_POSTGRES") {
        Ok(u) if !u.is_empty() => u,
        _ => panic!(
            "a PostgreSQL test runs with DAMA_TEST_POSTGRES naming a server, such as {EXAMPLE_POSTGRES}"
        ),
    };
    let answer = tokio::time::timeout(Duration::from_secs(3), AnyConnection::connect(&url)).await;
    match answer {
        Ok(Ok(conn)) => {
            let _ = conn.close().await;
        }
        Ok(Err(e)) => panic!("DAMA_TEST_POSTGRES={url}: {e}"),
        Err(_) => panic!("DAMA_TEST_POSTGRES={url}: no answer in 3 s"),
    }
    FOUND.get_or_init(|| url).clone()
}

impl TestDb {
    /// A new SQLite file in a new folder.
    pub fn sqlite() -> TestDb {
        let dir = std::env::temp_dir().join(format!("dama-test-{}", unique()));
        std::fs::create_dir_all(&dir).unwrap();
        TestDb::Sqlite { dir }
    }

    /// A new empty PostgreSQL database on the server `DAMA_TEST_POSTGRES` names (a test that
    /// calls it is marked `#[cfg_attr(not(dama_postgres), ignore = …)]`).
    pub async fn postgres() -> TestDb {
        let admin = postgres_admin().await;
        let name = format!("dama_t_{}", unique());
        let mut conn = AnyConnection::connect(&admin).await.unwrap();
        sqlx::raw_sql(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}")))
            .execute(&mut conn)
            .await
            .unwrap_or_else(|e| panic!("CREATE DATABASE {name}: {e}"));
        let _ = conn.close().await;
        TestDb::Postgres { admin, name }
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
/// latter reported ignored where the tests were built without `DAMA_TEST_POSTGRES`).
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
                #[cfg_attr(not(dama_postgres), ignore = "needs PostgreSQL: build the tests with DAMA_TEST_POSTGRES set")]
                async fn $name() {
                    super::$name($crate::db::TestDb::postgres().await).await
                }
            )*
        }
    };
}
