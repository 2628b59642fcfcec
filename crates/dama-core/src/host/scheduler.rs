//! The AI's workers: a pool as large as the machine and one queue in front of it, served
//! moves first, then hints, then analyses, then the screening of finished games, each class in the order asked. A game has at most
//! one AI turn waiting, so no game can starve another. While moves queue, a master's thinking
//! time shrinks so every reply comes within a bound; on an idle machine it gets its full time.
//! Searchers are kept between the moves of a game, with their transposition tables.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use tokio::sync::oneshot;

use dama_model::GameId;
use dama_play::ai::{Searcher, Weights};
use dama_telemetry::AiCounts;

/// What a piece of AI work is, in the order it is served.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Priority {
    /// The AI's move in a game.
    Move = 0,
    /// A hint a player asked for.
    Hint = 1,
    /// A game's analysis.
    Analysis = 2,
    /// Screening finished games for missed combinations: only when nothing else waits.
    Mining = 3,
}

/// How many priorities there are.
pub const PRIORITIES: usize = 4;

/// The least a master may think, however long the queue.
const MIN_THINK: Duration = Duration::from_millis(50);

pub struct Scheduler {
    workers: usize,
    /// Every reply should come within this, waiting included.
    bound: Duration,
    state: Mutex<State>,
    /// Per priority: work done, and the time workers spent on it (microseconds).
    done: [AtomicU64; PRIORITIES],
    busy_micros: [AtomicU64; PRIORITIES],
}

struct State {
    free: usize,
    /// Each priority's waiters in the order they are served: by their key (the moment a live
    /// game's clock runs out, so the earliest flag first), then as they came.
    waiting: [VecDeque<(i64, oneshot::Sender<Slot>)>; PRIORITIES],
    /// Searchers of recent games, the most recently used last.
    searchers: VecDeque<(GameId, Searcher)>,
}

/// A worker's turn: held while the work runs, handed to the next in the queue when dropped.
pub struct Slot {
    scheduler: Option<Arc<Scheduler>>,
    priority: usize,
    taken: Instant,
}

impl Slot {
    fn of(scheduler: &Arc<Scheduler>, priority: usize) -> Slot {
        Slot {
            scheduler: Some(Arc::clone(scheduler)),
            priority,
            taken: Instant::now(),
        }
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        if let Some(s) = self.scheduler.take() {
            s.done[self.priority].fetch_add(1, Ordering::Relaxed);
            s.busy_micros[self.priority]
                .fetch_add(self.taken.elapsed().as_micros() as u64, Ordering::Relaxed);
            s.hand_over();
        }
    }
}

impl Scheduler {
    pub fn new(workers: usize, bound: Duration) -> Arc<Scheduler> {
        let workers = workers.max(1);
        Arc::new(Scheduler {
            workers,
            bound,
            state: Mutex::new(State {
                free: workers,
                waiting: Default::default(),
                searchers: VecDeque::new(),
            }),
            done: Default::default(),
            busy_micros: Default::default(),
        })
    }

    fn state(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The work waiting now, and done so far.
    pub fn stats(&self) -> AiCounts {
        let waiting = {
            let s = self.state();
            [0, 1, 2, 3].map(|i| s.waiting[i].len())
        };
        AiCounts {
            waiting,
            done: [0, 1, 2, 3].map(|i| self.done[i].load(Ordering::Relaxed)),
            busy: [0, 1, 2, 3]
                .map(|i| Duration::from_micros(self.busy_micros[i].load(Ordering::Relaxed))),
        }
    }

    /// Whether any AI work is running or waiting now (what background work yields to).
    pub fn busy(&self) -> bool {
        let s = self.state();
        s.free < self.workers || s.waiting.iter().any(|w| !w.is_empty())
    }

    /// Waits for a worker, behind everything of the same or a higher priority asked before.
    pub async fn slot(self: &Arc<Self>, priority: Priority) -> Slot {
        self.slot_by(priority, i64::MAX).await
    }

    /// Waits for a worker, behind everything of a higher priority, and of the same priority
    /// with a smaller `key` or the same key asked before.
    pub(crate) async fn slot_by(self: &Arc<Self>, priority: Priority, key: i64) -> Slot {
        let waiting = {
            let mut s = self.state();
            if s.free > 0 && s.waiting.iter().all(VecDeque::is_empty) {
                s.free -= 1;
                return Slot::of(self, priority as usize);
            }
            let (tx, rx) = oneshot::channel();
            let queue = &mut s.waiting[priority as usize];
            let at = queue.partition_point(|(k, _)| *k <= key);
            queue.insert(at, (key, tx));
            rx
        };
        // The queue keeps the sender until `hand_over` sends a slot on it, and the queue lives
        // as long as the scheduler, which `self` holds.
        #[allow(clippy::expect_used, reason = "the invariant above")]
        waiting
            .await
            .expect("a waiter's sender is kept until a slot is sent")
    }

    /// Gives a freed worker to the first waiter still waiting, or marks it free.
    fn hand_over(self: Arc<Self>) {
        loop {
            let next = {
                let mut s = self.state();
                match s
                    .waiting
                    .iter_mut()
                    .enumerate()
                    .find_map(|(i, q)| q.pop_front().map(|w| (i, w)))
                {
                    Some((priority, (_, next))) => (priority, next),
                    None => {
                        s.free += 1;
                        return;
                    }
                }
            };
            let (priority, next) = next;
            match next.send(Slot::of(&self, priority)) {
                Ok(()) => return,
                // That waiter gave up: the slot goes to the next one, not back through Drop.
                Err(mut slot) => {
                    slot.scheduler = None;
                }
            }
        }
    }

    /// Moves of live games (those with a flag for a key) waiting for a worker now.
    pub(crate) fn live_moves_waiting(&self) -> usize {
        self.state().waiting[Priority::Move as usize]
            .iter()
            .filter(|(key, _)| *key != i64::MAX)
            .count()
    }

    /// Moves waiting for a worker now.
    pub(crate) fn moves_waiting(&self) -> usize {
        self.state().waiting[Priority::Move as usize].len()
    }

    /// How long a master may think about a move that waited `waited`: its full time when
    /// nothing waits; else the share of the bound that lets the moves queued behind it finish
    /// in time, and never more than what is left of the bound.
    pub(crate) fn master_time(&self, full: Duration, waited: Duration) -> Duration {
        let queued = self.moves_waiting();
        if queued == 0 && waited < self.bound / 4 {
            return full;
        }
        let share = self.bound * self.workers as u32 / (queued + self.workers) as u32 / 2;
        let left = self.bound.saturating_sub(waited) / 2;
        full.min(share).min(left).max(MIN_THINK)
    }

    /// The searcher that thought about `game` last, with what it learnt; else the one unused
    /// longest (its table is still sound: entries are keyed by position); else a new one.
    #[expect(clippy::expect_used, reason = "found; not empty")]
    pub fn searcher(&self, game: GameId) -> Searcher {
        let mut s = self.state();
        if let Some(i) = s.searchers.iter().position(|(g, _)| *g == game) {
            return s.searchers.remove(i).expect("found").1;
        }
        if s.searchers.len() >= self.workers + 2 {
            return s.searchers.pop_front().expect("not empty").1;
        }
        drop(s);
        Searcher::new(Weights::default(), 20)
    }

    /// Keeps `searcher` for the next move of `game`.
    pub fn keep(&self, game: GameId, searcher: Searcher) {
        let mut s = self.state();
        s.searchers.retain(|(g, _)| *g != game);
        s.searchers.push_back((game, searcher));
        while s.searchers.len() > self.workers + 2 {
            s.searchers.pop_front();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn moves_are_served_before_hints_and_hints_before_analyses() {
        let s = Scheduler::new(1, Duration::from_secs(5));
        let first = s.slot(Priority::Move).await;
        let order = Arc::new(Mutex::new(Vec::new()));
        let mut tasks = Vec::new();
        for (i, p) in [
            Priority::Analysis,
            Priority::Hint,
            Priority::Move,
            Priority::Hint,
            Priority::Move,
        ]
        .into_iter()
        .enumerate()
        {
            let (queue, order) = (Arc::clone(&s), Arc::clone(&order));
            tasks.push(tokio::spawn(async move {
                let _slot = queue.slot(p).await;
                order.lock().unwrap().push(i);
            }));
            // Each is queued before the next is asked.
            while s.state().waiting.iter().map(VecDeque::len).sum::<usize>() <= i {
                tokio::task::yield_now().await;
            }
        }
        drop(first);
        for t in tasks {
            t.await.unwrap();
        }
        assert_eq!(*order.lock().unwrap(), vec![2, 4, 1, 3, 0]);
        assert_eq!(s.state().free, 1);
    }

    #[tokio::test]
    async fn a_waiter_that_gives_up_passes_its_turn_on() {
        let s = Scheduler::new(1, Duration::from_secs(5));
        let first = s.slot(Priority::Move).await;
        let gone = tokio::spawn({
            let s = Arc::clone(&s);
            async move {
                let _slot = s.slot(Priority::Move).await;
            }
        });
        while s.moves_waiting() == 0 {
            tokio::task::yield_now().await;
        }
        gone.abort();
        let _ = gone.await;
        drop(first);
        let _again = s.slot(Priority::Hint).await;
        assert_eq!(s.state().free, 0);
    }

    #[tokio::test]
    async fn live_moves_are_served_first_the_earliest_flag_first() {
        let s = Scheduler::new(1, Duration::from_secs(5));
        let busy = s.slot(Priority::Move).await;
        let order = Arc::new(Mutex::new(Vec::new()));
        let mut waiting = Vec::new();
        for (name, key) in [
            ("corr", i64::MAX),
            ("late flag", 9_000),
            ("early flag", 5_000),
        ] {
            let (asker, order) = (Arc::clone(&s), Arc::clone(&order));
            waiting.push(tokio::spawn(async move {
                let _slot = asker.slot_by(Priority::Move, key).await;
                order.lock().unwrap().push(name);
            }));
            // Each asks after the one before.
            while s.moves_waiting() < waiting.len() {
                tokio::task::yield_now().await;
            }
        }
        assert_eq!(s.live_moves_waiting(), 2);
        drop(busy);
        for w in waiting {
            w.await.unwrap();
        }
        assert_eq!(*order.lock().unwrap(), ["early flag", "late flag", "corr"]);
    }

    #[test]
    fn a_master_thinks_its_full_time_when_idle_and_less_as_moves_queue() {
        let s = Scheduler::new(2, Duration::from_secs(5));
        let full = Duration::from_secs(2);
        assert_eq!(s.master_time(full, Duration::ZERO), full);
        {
            let mut st = s.state();
            for _ in 0..98 {
                st.waiting[0].push_back((i64::MAX, oneshot::channel().0));
            }
        }
        let loaded = s.master_time(full, Duration::ZERO);
        assert!(loaded < Duration::from_millis(100), "{loaded:?}");
        assert!(loaded >= MIN_THINK);
        // Moves behind it finish within the bound: 98 of them on 2 workers.
        assert!(loaded * 50 <= Duration::from_secs(5));
        // A move that already waited long gets what is left of the bound.
        let s = Scheduler::new(2, Duration::from_secs(5));
        assert!(s.master_time(full, Duration::from_millis(4500)) <= Duration::from_millis(250));
    }
}
