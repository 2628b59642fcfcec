//! SQLite underneath the store: a file checked before it is opened, opened in WAL mode, migrated
//! in one write transaction, and checkpointed in the background.

use std::time::Duration;

use sqlx::AnyConnection;
use sqlx::AnyPool;
use sqlx::any::AnyPoolOptions;

use super::{Result, StoreError};

/// The file a SQLite URL names.
fn sqlite_file(url: &str) -> &str {
    let rest = url.trim().strip_prefix("sqlite:").unwrap_or(url);
    let file = rest.split_once('?').map_or(rest, |(f, _)| f);
    file.trim_start_matches("//")
}

/// Refuses, before SQLite opens it (and would write a journal beside it, or turn it to WAL),
/// a path that is not a file or a file that is not a SQLite database. A missing or empty file
/// is a new database.
fn check_sqlite_file(url: &str) -> Result<()> {
    use std::io::Read;
    let path = sqlite_file(url);
    let refuse = |why| Err(StoreError::NotADatabase(path.to_string(), why));
    let Ok(meta) = std::fs::metadata(path) else {
        return Ok(()); // created on open (or refused then, with SQLite's reason)
    };
    if !meta.is_file() {
        return refuse("it is not a regular file");
    }
    if meta.len() == 0 {
        return Ok(());
    }
    let mut header = [0u8; 100];
    let whole = std::fs::File::open(path)
        .and_then(|mut f| f.read_exact(&mut header))
        .is_ok();
    if !whole || &header[..16] != b"SQLite format 3\0" {
        return refuse("its first bytes are not a SQLite header");
    }
    // The header's page size (1 meaning 65,536) times its page count is the file's length,
    // when that count is valid (its "version-valid-for" number matches the change counter).
    let page_size = match u16::from_be_bytes([header[16], header[17]]) {
        1 => 65_536,
        n => u64::from(n),
    };
    let pages = u64::from(u32::from_be_bytes([
        header[28], header[29], header[30], header[31],
    ]));
    let valid = header[24..28] == header[92..96];
    // With a write-ahead log beside it the database is open somewhere, and a checkpoint may be
    // writing page 1 before the pages after it: only a file at rest is judged by its length.
    let at_rest = !std::path::Path::new(&format!("{path}-wal")).exists();
    if at_rest && valid && pages > 0 && meta.len() < page_size * pages {
        return refuse("it is shorter than its header says: truncated");
    }
    Ok(())
}

/// This process's hold on a SQLite file: an exclusive `flock` on `FILE-lock` beside it, with
/// the holder's process id written in, held as long as this lives. SQLite serves one process
/// here: a second would neither hear the first's moves nor share its clocks. A separate file,
/// because closing any descriptor of the database itself would drop SQLite's own locks.
#[derive(Debug)]
pub struct FileClaim {
    _file: std::fs::File,
}

/// Claims the SQLite file of `url` for this process, or says which process has it.
pub(super) fn claim_sqlite_file(url: &str) -> Result<FileClaim> {
    use rustix::fs::{FlockOperation, flock};
    use std::io::{Read, Seek, Write};
    let path = sqlite_file(url);
    let lock = format!("{path}-lock");
    let mut file = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(&lock)
        .map_err(|e| StoreError::Unclaimed(lock.clone(), e))?;
    if flock(&file, FlockOperation::NonBlockingLockExclusive).is_err() {
        let mut holder = String::new();
        let _ = file.read_to_string(&mut holder);
        let holder = holder.trim().parse::<u32>().ok();
        return Err(StoreError::InUse(path.to_string(), holder));
    }
    let pid = std::process::id();
    file.set_len(0)
        .and_then(|()| file.rewind())
        .and_then(|()| writeln!(file, "{pid}"))
        .map_err(|e| StoreError::Unclaimed(lock, e))?;
    Ok(FileClaim { _file: file })
}

/// Opens a SQLite file (created if missing, unless the URL names a mode) in WAL mode.
pub(super) async fn open_sqlite(url: &str) -> Result<AnyPool> {
    check_sqlite_file(url)?;
    let url = url.trim();
    let url = match url.split_once('?') {
        Some((_, query)) if query.split('&').any(|kv| kv.starts_with("mode=")) => url.to_string(),
        Some(_) => format!("{url}&mode=rwc"),
        None => format!("{url}?mode=rwc"),
    };
    // Turning a fresh file to WAL needs it to itself, and SQLite answers "busy" at once
    // (no busy wait) to a process that asks while another does: wait a little and ask again.
    let started = std::time::Instant::now();
    loop {
        let connected = AnyPoolOptions::new()
            .max_connections(4)
            .after_connect(|conn, _| {
                Box::pin(async move {
                    sqlx::raw_sql(
                        "PRAGMA busy_timeout = 10000;
                         PRAGMA journal_mode = WAL;
                         PRAGMA synchronous = NORMAL;
                         PRAGMA foreign_keys = ON;
                         PRAGMA wal_autocheckpoint = 0;",
                    )
                    .execute(conn)
                    .await?;
                    Ok(())
                })
            })
            .connect(&url)
            .await;
        match connected {
            Err(sqlx::Error::Database(d))
                if is_busy(d.as_ref()) && started.elapsed() < Duration::from_secs(10) =>
            {
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
            other => return Ok(other?),
        }
    }
}

fn is_busy(e: &dyn sqlx::error::DatabaseError) -> bool {
    // SQLITE_BUSY (5) and SQLITE_LOCKED (6), with their extended codes.
    e.code()
        .and_then(|c| c.parse::<i32>().ok())
        .is_some_and(|c| matches!(c & 0xff, 5 | 6))
}

pub(super) fn is_read_only(e: &dyn sqlx::error::DatabaseError) -> bool {
    // SQLITE_READONLY and its extended codes are 8 + 256·k.
    e.code()
        .and_then(|c| c.parse::<i32>().ok())
        .is_some_and(|c| c & 0xff == 8)
}

/// Migrates inside one write transaction, so processes starting together on a fresh file take
/// turns instead of racing to create the same tables; writing there first also finds a
/// read-only file at once.
pub(super) async fn migrate_sqlite(pool: &AnyPool) -> Result<()> {
    use sqlx::Connection;
    let mut conn = pool.acquire().await?;
    let mut tx = conn.begin_with("BEGIN IMMEDIATE").await?;
    sqlx::query("CREATE TABLE IF NOT EXISTS dama_write_check (x INTEGER)")
        .execute(&mut *tx)
        .await?;
    sqlx::query("DROP TABLE dama_write_check")
        .execute(&mut *tx)
        .await?;
    let conn: &mut AnyConnection = &mut tx;
    sqlx::migrate!("../../migrations/sqlite")
        .run_direct(None, conn, false)
        .await?;
    tx.commit().await?;
    Ok(())
}

/// Copies the write-ahead log into the database once a second while the store is open. A
/// passive checkpoint never waits for, nor blocks, a writer.
pub(super) async fn checkpoints(pool: AnyPool) {
    let mut tick = tokio::time::interval(Duration::from_secs(1));
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tick.tick().await;
        if pool.is_closed() {
            break;
        }
        if let Err(e) = sqlx::raw_sql("PRAGMA wal_checkpoint(PASSIVE)")
            .execute(&pool)
            .await
        {
            if pool.is_closed() {
                break;
            }
            tracing::warn!(error = %e, "a WAL checkpoint failed");
        }
    }
}
