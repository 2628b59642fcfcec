//! The Prometheus metrics of a process (`prometheus-client`, the Prometheus project's own
//! Rust client). Counts that all processes share (games) are read from the database at each
//! scrape; what is this process's own (its shards, its pool, its web requests) is its own.

use std::sync::atomic::AtomicU64;
use std::time::Duration;

use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::encoding::text::encode;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::Histogram;
use prometheus_client::registry::Registry;

use super::ShardState;

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RouteLabels {
    route: String,
    status: u16,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct ShardLabels {
    shard: u32,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct StatusLabels {
    status: u16,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct StateLabels {
    state: &'static str,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct PageLabels {
    page: &'static str,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct ListenerLabels {
    listener: &'static str,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct LimitLabels {
    limit: &'static str,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct WorkLabels {
    work: &'static str,
}

/// The AI's kinds of work, in the scheduler's order.
const WORK: [&str; 4] = ["move", "hint", "analysis", "mining"];

/// The games as the database holds them, read at each scrape (so every process reports the
/// same).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameCounts {
    /// Games running.
    pub games_running: i64,
    /// Of those, games on the clock.
    pub live_games_running: i64,
    /// Games finished.
    pub games_finished: i64,
    /// AI turns claimed: being thought about (or left by a stopped process, until taken over).
    pub ai_turns_claimed: i64,
    /// Players waiting in the quick-pairing pools, by clock (`3+2`, `1d`), every server
    /// together.
    pub seekers: Vec<(String, i64)>,
}

/// The waves of quick pairing this process ran.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WaveCounts {
    /// Waves run.
    pub waves: u64,
    /// Pairings made.
    pub pairings: u64,
    /// The waits of the players paired, added up.
    pub waited: Duration,
    /// The rating gaps of the pairings, added up.
    pub gaps: u64,
}

/// What this process's store has written since it started.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WriteCounts {
    /// Games started.
    pub games_started: u64,
    /// Moves written.
    pub moves: u64,
    /// Write transactions committed.
    pub commits: u64,
    /// Their time, from asking for the write turn to the commit.
    pub commit_time: Duration,
}

/// The AI's work per kind, in the scheduler's order (moves, hints, analyses, mining).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct AiCounts {
    /// Work waiting now.
    pub waiting: [usize; WORK.len()],
    /// Work done since the process started.
    pub done: [u64; WORK.len()],
    /// The time workers spent on it.
    pub busy: [Duration; WORK.len()],
}

/// What this process counted since it started, read at each scrape.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct ProcessCounts {
    /// What the store wrote.
    pub writes: WriteCounts,
    /// The AI's work.
    pub ai: AiCounts,
    /// The database pool's connections: in use, and idle.
    pub pool: (u32, u32),
    /// Quick pairing's waves.
    pub waves: WaveCounts,
}

/// The metrics, registered once.
pub struct Metrics {
    registry: Registry,
    requests: Family<RouteLabels, Counter>,
    shard_connected: Family<ShardLabels, Gauge>,
    gateway_latency: Family<ShardLabels, Gauge<f64, AtomicU64>>,
    pool: Family<StateLabels, Gauge>,
    database_ping: Histogram,
    database_down: Counter,
    games: Family<StateLabels, Gauge>,
    ai_turns_claimed: Gauge,
    move_to_board: Histogram,
    discord_errors: Family<StatusLabels, Counter>,
    discord_retries: Counter,
    live_pages: Gauge,
    connections: Family<ListenerLabels, Gauge>,
    live_reads: Family<PageLabels, Counter>,
    refused: Family<LimitLabels, Counter>,
    games_started: Counter,
    moves: Counter,
    writes: Counter,
    write_seconds: Counter<f64, AtomicU64>,
    ai_waiting: Family<WorkLabels, Gauge>,
    ai_done: Family<WorkLabels, Counter>,
    ai_seconds: Family<WorkLabels, Counter<f64, AtomicU64>>,
    seekers: Family<ClockLabels, Gauge>,
    waves: Counter,
    seek_pairings: Counter,
    seek_wait_seconds: Counter<f64, AtomicU64>,
    seek_gap_points: Counter,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct ClockLabels {
    clock: String,
}

impl std::fmt::Debug for Metrics {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Metrics").finish_non_exhaustive()
    }
}

impl Default for Metrics {
    fn default() -> Self {
        Metrics::new()
    }
}

impl Metrics {
    /// Metrics with every counter at zero.
    pub fn new() -> Metrics {
        let mut registry = Registry::with_prefix("dama");
        let requests = Family::<RouteLabels, Counter>::default();
        registry.register(
            "web_requests",
            "Web requests by route and status",
            requests.clone(),
        );
        let shard_connected = Family::<ShardLabels, Gauge>::default();
        registry.register(
            "shard_connected",
            "1 while this process's Discord shard is connected",
            shard_connected.clone(),
        );
        let gateway_latency = Family::<ShardLabels, Gauge<f64, AtomicU64>>::default();
        registry.register(
            "gateway_latency_seconds",
            "The last gateway heartbeat's round trip, per shard",
            gateway_latency.clone(),
        );
        let pool = Family::<StateLabels, Gauge>::default();
        registry.register(
            "database_connections",
            "This process's database pool: connections in use and idle",
            pool.clone(),
        );
        let database_ping = Histogram::new([0.001, 0.005, 0.02, 0.1, 0.5, 2.0]);
        registry.register(
            "database_ping_seconds",
            "How long the database took to answer a health check",
            database_ping.clone(),
        );
        let database_down = Counter::default();
        registry.register(
            "database_unanswered",
            "Health checks the database did not answer",
            database_down.clone(),
        );
        let games = Family::<StateLabels, Gauge>::default();
        registry.register(
            "games",
            "Games on the bot (all processes): running, running on a live clock, finished",
            games.clone(),
        );
        let ai_turns_claimed = Gauge::default();
        registry.register(
            "ai_turns_claimed",
            "AI turns being thought about (all processes)",
            ai_turns_claimed.clone(),
        );
        let move_to_board = Histogram::new([0.1, 0.25, 0.5, 1.0, 2.0, 5.0, 10.0]);
        registry.register(
            "move_to_board_seconds",
            "From a typed move (Discord's stamp) to its board posted",
            move_to_board.clone(),
        );
        let discord_errors = Family::<StatusLabels, Counter>::default();
        registry.register(
            "discord_rest_errors",
            "Discord REST calls that failed, by HTTP status (0: no answer)",
            discord_errors.clone(),
        );
        let discord_retries = Counter::default();
        registry.register(
            "discord_rest_retries",
            "Discord REST calls tried again",
            discord_retries.clone(),
        );
        let live_pages = Gauge::default();
        registry.register(
            "web_live_pages",
            "Game pages of this process following their game live (open event streams)",
            live_pages.clone(),
        );
        let connections = Family::<ListenerLabels, Gauge>::default();
        registry.register(
            "web_connections",
            "Connections open to this process's web (live pages among them), by listener: the site, the operators' own address, and this machine's probes let in beyond either when it is full",
            connections.clone(),
        );
        let live_reads = Family::<PageLabels, Counter>::default();
        registry.register(
            "web_live_reads",
            "Games and tournaments read again for the live pages that follow them, after a change told (page: game, tournament)",
            live_reads.clone(),
        );
        let refused = Family::<LimitLabels, Counter>::default();
        registry.register(
            "web_refused",
            "Web connections and requests turned away, by the limit they met",
            refused.clone(),
        );
        let games_started = Counter::default();
        registry.register(
            "games_started",
            "Games this process started",
            games_started.clone(),
        );
        let moves = Counter::default();
        registry.register("moves", "Moves this process stored", moves.clone());
        let writes = Counter::default();
        registry.register(
            "database_writes",
            "Write transactions this process committed",
            writes.clone(),
        );
        let write_seconds = Counter::<f64, AtomicU64>::default();
        registry.register(
            "database_write_seconds",
            "Time of those transactions, from asking for the write turn to the commit",
            write_seconds.clone(),
        );
        let ai_waiting = Family::<WorkLabels, Gauge>::default();
        registry.register(
            "ai_waiting",
            "AI work waiting for a worker in this process: moves, hints, analyses",
            ai_waiting.clone(),
        );
        let ai_done = Family::<WorkLabels, Counter>::default();
        registry.register("ai_work", "AI work this process finished", ai_done.clone());
        let ai_seconds = Family::<WorkLabels, Counter<f64, AtomicU64>>::default();
        registry.register(
            "ai_work_seconds",
            "Time this process's AI workers spent thinking",
            ai_seconds.clone(),
        );
        let seekers = Family::<ClockLabels, Gauge>::default();
        registry.register(
            "seekers_waiting",
            "Players waiting in the quick-pairing pools (all processes), by clock",
            seekers.clone(),
        );
        let waves = Counter::default();
        registry.register(
            "seek_waves",
            "Waves of quick pairing this process ran",
            waves.clone(),
        );
        let seek_pairings = Counter::default();
        registry.register(
            "seek_pairings",
            "Games this process's waves paired",
            seek_pairings.clone(),
        );
        let seek_wait_seconds = Counter::<f64, AtomicU64>::default();
        registry.register(
            "seek_wait_seconds",
            "How long the players those waves paired had waited, added up (divide by twice the pairings for the mean)",
            seek_wait_seconds.clone(),
        );
        let seek_gap_points = Counter::default();
        registry.register(
            "seek_gap_points",
            "The rating gaps of those pairings, added up (divide by the pairings for the mean)",
            seek_gap_points.clone(),
        );
        Metrics {
            registry,
            seekers,
            waves,
            seek_pairings,
            seek_wait_seconds,
            seek_gap_points,
            games_started,
            moves,
            writes,
            write_seconds,
            ai_waiting,
            ai_done,
            ai_seconds,
            live_pages,
            connections,
            live_reads,
            refused,
            move_to_board,
            discord_errors,
            discord_retries,
            requests,
            shard_connected,
            gateway_latency,
            pool,
            database_ping,
            database_down,
            games,
            ai_turns_claimed,
        }
    }

    /// A web request answered.
    pub fn request(&self, route: &str, status: u16) {
        let labels = RouteLabels {
            route: route.to_string(),
            status,
        };
        self.requests.get_or_create(&labels).inc();
    }

    /// How many game pages follow their game live now.
    pub fn live_pages(&self, open: usize) {
        self.live_pages.set(open as i64);
    }

    /// How many connections the web's `listener` holds open now (`site`, `ops`,
    /// `site_probes`, `ops_probes`).
    pub fn web_connections(&self, listener: &'static str, open: usize) {
        self.connections
            .get_or_create(&ListenerLabels { listener })
            .set(open as i64);
    }

    /// A live `page`'s watcher read its game or tournament again (`game`, `tournament`).
    pub fn live_read(&self, page: &'static str) {
        self.live_reads.get_or_create(&PageLabels { page }).inc();
    }

    /// A connection or request turned away by `limit` (`connections`, `address`,
    /// `live_pages`, `live_pages_per_reader`, `pictures`).
    pub fn web_refused(&self, limit: &'static str) {
        self.refused.get_or_create(&LimitLabels { limit }).inc();
    }

    /// A typed move's board was posted `took` after the move was typed.
    pub fn move_posted(&self, took: Duration) {
        self.move_to_board.observe(took.as_secs_f64());
    }

    /// A Discord REST call failed with `status` (0: no answer).
    pub fn discord_error(&self, status: u16) {
        self.discord_errors
            .get_or_create(&StatusLabels { status })
            .inc();
    }

    /// Counts a Discord call tried again.
    pub fn discord_retry(&self) {
        self.discord_retries.inc();
    }

    /// A health check's database ping.
    pub fn database_ping(&self, took: Duration, answered: bool) {
        if answered {
            self.database_ping.observe(took.as_secs_f64());
        } else {
            self.database_down.inc();
        }
    }

    /// The text a scrape gets, with the gauges read now.
    pub fn render(
        &self,
        shards: &[(u32, ShardState)],
        counts: Option<&GameCounts>,
        process: &ProcessCounts,
    ) -> String {
        // Counters only go up: each is moved up to the total counted elsewhere.
        let up = |c: &Counter, total: u64| {
            c.inc_by(total.saturating_sub(c.get()));
        };
        let up_f = |c: &Counter<f64, AtomicU64>, total: f64| {
            c.inc_by((total - c.get()).max(0.0));
        };
        let writes = &process.writes;
        up(&self.games_started, writes.games_started);
        up(&self.moves, writes.moves);
        up(&self.writes, writes.commits);
        up_f(&self.write_seconds, writes.commit_time.as_secs_f64());
        for (i, work) in WORK.into_iter().enumerate() {
            let labels = WorkLabels { work };
            self.ai_waiting
                .get_or_create(&labels)
                .set(process.ai.waiting[i] as i64);
            up(&self.ai_done.get_or_create(&labels), process.ai.done[i]);
            up_f(
                &self.ai_seconds.get_or_create(&labels),
                process.ai.busy[i].as_secs_f64(),
            );
        }
        up(&self.waves, process.waves.waves);
        up(&self.seek_pairings, process.waves.pairings);
        up_f(&self.seek_wait_seconds, process.waves.waited.as_secs_f64());
        up(&self.seek_gap_points, process.waves.gaps);
        for (shard, state) in shards {
            let labels = ShardLabels { shard: *shard };
            self.shard_connected
                .get_or_create(&labels)
                .set(i64::from(state.connected));
            if let Some(latency) = state.latency {
                self.gateway_latency
                    .get_or_create(&labels)
                    .set(latency.as_secs_f64());
            }
        }
        let (in_use, idle) = process.pool;
        for (state, n) in [("in_use", in_use), ("idle", idle)] {
            self.pool
                .get_or_create(&StateLabels { state })
                .set(i64::from(n));
        }
        if let Some(c) = counts {
            for (state, n) in [
                ("running", c.games_running),
                ("live_running", c.live_games_running),
                ("finished", c.games_finished),
            ] {
                self.games.get_or_create(&StateLabels { state }).set(n);
            }
            self.ai_turns_claimed.set(c.ai_turns_claimed);
            self.seekers.clear();
            for (clock, n) in &c.seekers {
                self.seekers
                    .get_or_create(&ClockLabels {
                        clock: clock.clone(),
                    })
                    .set(*n);
            }
        }
        let mut text = String::new();
        // Writing to a String cannot fail.
        let _ = encode(&mut text, &self.registry);
        text
    }
}
