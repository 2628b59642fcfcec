//! The host's background duties, run here once for every front end: the cadence, the host's
//! operations, their logging, and the guards that keep a slow duty from holding up a flag. A
//! front end only says to its players what the duties found ([`Audience`]).

use std::collections::HashMap;
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use tokio::task::{AbortHandle, JoinSet};
use tracing::Instrument;

use dama_model::{ChannelId, GameId, GuildId};

use super::{GameChannel, Host, Meeting, Notice, TournamentNews};

/// A duty of the host that no player asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Duty {
    /// End the live games whose time ran out ([`super::Host::flags`]): every tick.
    Flags,
    /// Mark the bot alive ([`super::Host::beat`]), so a restart can give back the time no
    /// process ran: every second.
    Beat,
    /// Pair, start and end tournaments ([`super::Host::tournament_tick`]): every second.
    Tournaments,
    /// Pair the quick-pairing pools ([`super::Host::wave`]): every two seconds, and at once
    /// when a player seeks.
    Waves,
    /// Take over the live games' AI turns a dead process left: every five seconds (a live
    /// game cannot wait for the sweep).
    StalledLiveAi,
    /// Post what games and Swiss rounds are owed ([`super::Host::owed_posts`],
    /// [`super::Host::owed_rounds`]: a change whose post was lost with its process, or refused
    /// for a while): every five seconds.
    OwedPosts,
    /// The sweep ([`super::Host::sweep`]: expired challenges, correspondence warnings and
    /// losses, damaged games), then the daily puzzle post, the other AI turns left behind, and
    /// the screening of finished games for puzzles: at the start, then every sweep period.
    Sweep,
}

/// The schedule: call [`Duties::due`] once every [`Duties::TICK`].
#[derive(Clone, Debug)]
pub struct Duties {
    tick: u64,
    sweep_ticks: u64,
}

/// Ticks in a second.
const SECOND: u64 = 1_000 / Duties::TICK.as_millis() as u64;

impl Duties {
    /// How often the schedule is asked: a flag is posted within this of falling.
    pub const TICK: Duration = Duration::from_millis(100);

    /// A schedule whose sweep comes every `sweep_every` (at least one tick).
    pub fn new(sweep_every: Duration) -> Duties {
        let ticks = sweep_every.as_millis() / Self::TICK.as_millis();
        Duties {
            tick: 0,
            sweep_ticks: u64::try_from(ticks).unwrap_or(u64::MAX).max(1),
        }
    }

    /// The duties due at this tick, in the order to do them; then the next tick.
    pub fn due(&mut self) -> Vec<Duty> {
        let t = self.tick;
        self.tick += 1;
        let mut due = vec![Duty::Flags];
        if t.is_multiple_of(SECOND) {
            due.push(Duty::Beat);
            due.push(Duty::Tournaments);
        }
        if t.is_multiple_of(2 * SECOND) {
            due.push(Duty::Waves);
        }
        if t.is_multiple_of(5 * SECOND) {
            due.push(Duty::StalledLiveAi);
            due.push(Duty::OwedPosts);
        }
        if t.is_multiple_of(self.sweep_ticks) {
            due.push(Duty::Sweep);
        }
        due
    }
}

/// What the host's duties found that must reach players, said by each front end its own way.
/// Each call returns soon: what takes long (a post, an AI's move) goes on in the background.
pub trait Audience: Send + Sync + 'static {
    /// Games ended on time, lapsed challenges (whose buttons to grey: [`Notice::settles`]),
    /// correspondence warnings and losses, damaged games; in the order to post them.
    fn notices(&self, notices: Vec<Notice>) -> impl Future<Output = ()> + Send;

    /// A tournament's news and the games it starts now ([`Host::start_pairing`]), or a Swiss
    /// round's announcement that was never posted.
    fn tournament_news(&self, news: TournamentNews) -> impl Future<Output = ()> + Send;

    /// A game's change that was never posted: its channel gets the board
    /// ([`Host::catch_up`]).
    fn owed_post(&self, owed: GameChannel) -> impl Future<Output = ()> + Send;

    /// Two players a wave paired: open their game ([`Host::start_meeting`]), in a thread of
    /// the meeting's channel where the front end can make one.
    fn meeting(&self, meeting: Meeting) -> impl Future<Output = ()> + Send;

    /// An AI turn no process is thinking about: play it ([`Host::ai_move`]).
    fn stalled_ai_turn(&self, turn: AiTurn) -> impl Future<Output = ()> + Send;

    /// Today's puzzle is due in a server's puzzle channel ([`Host::daily_puzzle_post`]).
    fn daily_puzzle(&self, guild: GuildId, channel: ChannelId) -> impl Future<Output = ()> + Send;
}

/// The duties that run beside the ticks, so a long one never holds up a flag: one at a time
/// of each kind, ended with the duties (the set aborts its tasks when dropped).
#[derive(Default)]
struct Beside {
    tasks: JoinSet<()>,
    running: HashMap<Duty, AbortHandle>,
}

impl Beside {
    /// Starts `work` for `duty` unless its last one still runs: that one is left to finish,
    /// and the next comes at its cadence.
    fn start(&mut self, duty: Duty, work: impl Future<Output = ()> + Send + 'static) {
        while self.tasks.try_join_next().is_some() {}
        if self.running.get(&duty).is_some_and(|h| !h.is_finished()) {
            return;
        }
        let handle = self.tasks.spawn(work.in_current_span());
        self.running.insert(duty, handle);
    }
}

/// The AI's turn in a game, and where that game is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AiTurn {
    /// The game.
    pub game: GameId,
    /// Its channel.
    pub channel: ChannelId,
    /// That channel's server (`None`: a direct message or the console).
    pub guild: Option<GuildId>,
    /// Whether the game is on a live clock (a stalled turn is taken over within seconds, not
    /// at the sweep).
    pub live: bool,
}

impl AiTurn {
    pub(super) fn of(game: &dama_store::GameRow) -> AiTurn {
        AiTurn {
            game: game.id,
            channel: game.channel_id,
            guild: game.guild_id,
            live: game.time_control.is_live(),
        }
    }
}

impl Host {
    /// Runs the host's duties on their schedule ([`Duties`], the sweep every `sweep_every`)
    /// until `stop` is ready, telling `audience` what they find. The tournaments and the sweep
    /// run beside the ticks, one at a time each, so a long one never holds up a flag; at `stop`
    /// they are ended and waited for, so the store can close after. Dropping the future ends
    /// them too, without waiting.
    pub async fn run_duties<A: Audience>(
        self: Arc<Self>,
        audience: Arc<A>,
        sweep_every: Duration,
        stop: impl Future<Output = ()>,
    ) {
        let mut duties = Duties::new(sweep_every);
        let mut tick = tokio::time::interval(Duties::TICK);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
        let mut beside = Beside::default();
        let mut stop = std::pin::pin!(stop);
        loop {
            let due = tokio::select! {
                () = &mut stop => break,
                _ = tick.tick() => duties.due(),
                () = self.wave_wanted() => vec![Duty::Waves],
            };
            for duty in due {
                let span = tracing::info_span!("duty", duty = ?duty);
                self.duty(duty, &audience, &mut beside)
                    .instrument(span)
                    .await;
            }
        }
        beside.tasks.shutdown().await;
    }

    /// Does one duty.
    async fn duty<A: Audience>(
        self: &Arc<Self>,
        duty: Duty,
        audience: &Arc<A>,
        beside: &mut Beside,
    ) {
        match duty {
            Duty::Flags => self.tell_flags(&**audience).await,
            Duty::Beat => {
                if let Err(e) = self.beat().await {
                    tracing::warn!(error = %e, "could not mark the bot alive");
                }
            }
            // Pairing a big Swiss round takes seconds.
            Duty::Tournaments => beside.start(duty, {
                let (host, audience) = (Arc::clone(self), Arc::clone(audience));
                async move { host.tell_tournaments(&*audience).await }
            }),
            Duty::Waves => beside.start(duty, {
                let (host, audience) = (Arc::clone(self), Arc::clone(audience));
                async move { host.tell_wave(&*audience).await }
            }),
            Duty::StalledLiveAi => self.tell_stalled_turns(&**audience, true).await,
            Duty::OwedPosts => self.tell_owed(&**audience).await,
            Duty::Sweep => beside.start(duty, {
                let (host, audience) = (Arc::clone(self), Arc::clone(audience));
                async move { host.sweep_and_tell(&*audience).await }
            }),
        }
    }

    /// Ends the live games whose time is up (every process looks at every game; the database
    /// lets one of them end each).
    async fn tell_flags(&self, audience: &impl Audience) {
        match self.flags().await {
            Ok(notices) if notices.is_empty() => {}
            Ok(notices) => audience.notices(notices).await,
            Err(e) => tracing::error!(error = %e, "watching the clocks failed"),
        }
    }

    /// Pairs, starts and ends the tournaments.
    async fn tell_tournaments(&self, audience: &impl Audience) {
        match self.tournament_tick().await {
            Ok(news) => {
                for n in news {
                    audience.tournament_news(n).await;
                }
            }
            Err(e) => tracing::error!(error = %e, "watching the tournaments failed"),
        }
    }

    /// Pairs the pools; says which seeks ran out.
    async fn tell_wave(&self, audience: &impl Audience) {
        match self.wave().await {
            Ok(wave) => {
                if !wave.notices.is_empty() {
                    audience.notices(wave.notices).await;
                }
                for m in wave.meetings {
                    audience.meeting(m).await;
                }
            }
            Err(e) => tracing::error!(error = %e, "a wave of quick pairing failed"),
        }
    }

    /// The AI turns a stopped process left (`live_only`: those of live games).
    async fn tell_stalled_turns(&self, audience: &impl Audience, live_only: bool) {
        match self.stalled_ai_turns().await {
            Ok(turns) => {
                for turn in turns.into_iter().filter(|t| t.live || !live_only) {
                    tracing::info!(game = turn.game.0, "taking over a stalled AI turn");
                    audience.stalled_ai_turn(turn).await;
                }
            }
            Err(e) => tracing::error!(error = %e, "looking for stalled AI turns failed"),
        }
    }

    /// What games and Swiss rounds are owed: a change whose post died with its process, or
    /// that was refused for a while. Each is claimed by this process first.
    async fn tell_owed(&self, audience: &impl Audience) {
        match self.owed_posts().await {
            Ok(owed) => {
                for o in owed {
                    tracing::info!(game = o.game.0, "posting what a game was owed");
                    audience.owed_post(o).await;
                }
            }
            Err(e) => tracing::warn!(error = %e, "reading the posts games are owed failed"),
        }
        match self.owed_rounds().await {
            Ok(rounds) => {
                for n in rounds {
                    tracing::info!(
                        tournament = n.tournament.0,
                        "posting a round's owed announcement"
                    );
                    audience.tournament_news(n).await;
                }
            }
            Err(e) => {
                tracing::warn!(error = %e, "reading the rounds owed their announcement failed");
            }
        }
        match self.unstarted_meetings().await {
            Ok(meetings) => {
                for m in meetings {
                    tracing::info!(meeting = m.id.0, "opening a paired game left unopened");
                    audience.meeting(m).await;
                }
            }
            Err(e) => tracing::warn!(error = %e, "reading the unopened paired games failed"),
        }
    }

    /// Today's puzzle for every puzzle channel that has not had it (each once a day): at the
    /// sweep, and at once when a server chooses its puzzle channel.
    pub async fn tell_daily_puzzles(&self, audience: &impl Audience) {
        match self.claim_puzzle_posts().await {
            Ok(posts) => {
                for (guild, channel) in posts {
                    audience.daily_puzzle(guild, channel).await;
                }
            }
            Err(e) => tracing::error!(error = %e, "claiming the daily puzzle posts failed"),
        }
    }

    /// The sweep; then the daily puzzle where it is due, the AI turns a stopped process left,
    /// and the screening of finished games for puzzles.
    async fn sweep_and_tell(&self, audience: &impl Audience) {
        match self.sweep().await {
            Ok(notices) if notices.is_empty() => {}
            Ok(notices) => audience.notices(notices).await,
            Err(e) => tracing::error!(error = %e, "the sweep failed"),
        }
        self.tell_daily_puzzles(audience).await;
        self.tell_stalled_turns(audience, false).await;
        if let Err(e) = self.mine_games().await {
            tracing::warn!(error = %e, "screening finished games failed");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_duty_comes_at_its_cadence_and_the_sweep_at_once() {
        let mut duties = Duties::new(Duration::from_secs(60));
        let ticks: Vec<Vec<Duty>> = (0..1_200).map(|_| duties.due()).collect();
        let count = |d: Duty| ticks.iter().filter(|t| t.contains(&d)).count();
        // Two minutes of ticks.
        assert_eq!(count(Duty::Flags), 1_200);
        assert_eq!(count(Duty::Beat), 120);
        assert_eq!(count(Duty::Tournaments), 120);
        assert_eq!(count(Duty::Waves), 60);
        assert_eq!(count(Duty::StalledLiveAi), 24);
        assert_eq!(count(Duty::OwedPosts), 24);
        assert_eq!(count(Duty::Sweep), 2);
        assert!(
            ticks[0].contains(&Duty::Sweep),
            "the first sweep at the start"
        );
        assert!(ticks[600].contains(&Duty::Sweep));
        assert_eq!(ticks[1], vec![Duty::Flags]);
        // Flags first: a falling flag is never held up behind the slower duties.
        assert!(ticks.iter().all(|t| t[0] == Duty::Flags));
        let mut fast = Duties::new(Duration::ZERO);
        assert!(fast.due().contains(&Duty::Sweep) && fast.due().contains(&Duty::Sweep));
    }
}
