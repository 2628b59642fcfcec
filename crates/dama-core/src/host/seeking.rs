//! Quick pairing: a player seeks a game on a clock and waits in that clock's pool (one pool at
//! a time); waves pair the pools ([`dama_play::pool`]) and each pairing becomes a meeting,
//! whose game the front end opens in a thread where the player who waited longer sought.

use crate::host::FindingMsg;
use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::time::Duration;

use dama_model::{ChannelId, GuildId, MeetingId, Millis, SeekId, UnixMs, UserId};
use dama_play::clock::TimeControl;
use dama_play::pool::{Seeker, anyone_after, pair_wave};
use dama_rules::Game;
use dama_store::{self as store, MeetingRow, SeekRow};

use super::challenges::NewGame;
use super::{
    Button, ButtonAction, ButtonLabel, ButtonStyle, Host, HostError, HostResult, Lang, Msg, Notice,
    Refusal, Reply, Who, players,
};

/// A live seek ends unpaired after this.
pub const LIVE_SEEK: Duration = Duration::from_secs(10 * 60);
/// A correspondence seek ends unpaired after this.
pub const CORRESPONDENCE_SEEK: Duration = Duration::from_secs(24 * 3_600);
/// A player may seek this many times a minute; a flood beyond moves nothing.
pub const SEEKS_A_MINUTE: i64 = 6;
/// The player just played is avoided for this long.
const MET_LATELY: Millis = Millis(10 * 60 * 1_000);
/// The console's one server, for its pools.
const CONSOLE_SERVER: GuildId = GuildId(0);
/// The wave's lease: one process runs a wave at a time.
const WAVE: &str = "wave";
/// A meeting whose game was not opened is told again after this (its process died).
const MEETING_RETOLD: Millis = Millis(15_000);
/// And given up after this.
const MEETING_KEPT: Millis = Millis(10 * 60 * 1_000);

/// What this process's waves did, counted as they go.
#[derive(Debug, Default)]
pub(super) struct WaveTally {
    waves: AtomicU64,
    pairings: AtomicU64,
    waited_ms: AtomicU64,
    gaps: AtomicU64,
}

impl WaveTally {
    pub(super) fn read(&self) -> dama_telemetry::WaveCounts {
        dama_telemetry::WaveCounts {
            waves: self.waves.load(Relaxed),
            pairings: self.pairings.load(Relaxed),
            waited: Duration::from_millis(self.waited_ms.load(Relaxed)),
            gaps: self.gaps.load(Relaxed),
        }
    }
}

/// Two players a wave paired: the game for the front end to open, in a thread of `channel`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Meeting {
    /// The meeting.
    pub id: MeetingId,
    /// White and Black.
    pub white: UserId,
    /// Black.
    pub black: UserId,
    /// Their server (`None`: the console).
    pub guild: Option<GuildId>,
    /// Where the player who waited longer sought.
    pub channel: ChannelId,
    /// The clock.
    pub control: TimeControl,
    /// Rated.
    pub rated: bool,
    /// From two servers: where the other player sought (the game is played from a thread
    /// there too).
    pub other: Option<OtherPlace>,
}

/// The second place of a game between two servers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OtherPlace {
    /// The server.
    pub guild: GuildId,
    /// The channel its player sought in.
    pub channel: ChannelId,
    /// That player.
    pub player: UserId,
}

impl From<MeetingRow> for Meeting {
    fn from(m: MeetingRow) -> Meeting {
        Meeting {
            id: m.id,
            white: m.white_id,
            black: m.black_id,
            guild: (m.guild_id != CONSOLE_SERVER).then_some(m.guild_id),
            channel: m.channel_id,
            control: m.time_control,
            rated: m.rated,
            other: match (m.other_guild_id, m.other_channel_id, m.other_player_id) {
                (Some(guild), Some(channel), Some(player)) => Some(OtherPlace {
                    guild,
                    channel,
                    player,
                }),
                _ => None,
            },
        }
    }
}

/// What a wave did: the meetings whose games to open, and the seeks that ran out (said in
/// their channels).
#[derive(Debug, Default)]
pub struct Wave {
    /// Pairings made.
    pub meetings: Vec<Meeting>,
    /// Seeks that ended unpaired.
    pub notices: Vec<Notice>,
}

impl Host {
    /// Puts the asker in the pool for `control` (rated or casual) in this server, moving them
    /// from any other; `everywhere`, in the network's too (the server must have joined it); a
    /// wave is due at once.
    pub async fn seek(
        &self,
        who: &Who,
        control: TimeControl,
        rated: bool,
        everywhere: bool,
    ) -> HostResult {
        let guild = self.pool_server(who)?;
        if everywhere && (guild == CONSOLE_SERVER || !self.store.in_network(guild).await?) {
            return Err(HostError::Refused(Refusal::NotInNetwork));
        }
        if control.is_live() && self.store.plays_live(who.user).await? {
            return Err(HostError::Refused(Refusal::SeekWhilePlayingLive));
        }
        let now = self.clock.now();
        let minute_ago = now - Millis(60_000);
        if self.store.seeks_since(who.user, minute_ago).await? >= SEEKS_A_MINUTE {
            return Err(HostError::Refused(Refusal::TooManySeeks {
                limit: SEEKS_A_MINUTE,
            }));
        }
        let lasts = if control.is_live() {
            LIVE_SEEK
        } else {
            CORRESPONDENCE_SEEK
        };
        let mut tx = self.store.write().await?;
        store::ensure_player(&mut tx, who.user, &who.name).await?;
        let moved_from = store::leave_pool(&mut tx, who.user).await?;
        store::insert_seek(
            &mut tx,
            &SeekRow {
                id: SeekId(0),
                user_id: who.user,
                guild_id: guild,
                channel_id: who.channel,
                time_control: control,
                rated,
                everywhere,
                created_at: now,
                expires_at: now + Millis::from_std(lasts),
            },
        )
        .await?;
        // Counted before the wave this seek wakes can pair anyone.
        let waiting = store::pool_size_in(&mut tx, guild, control).await?;
        let network = if everywhere {
            Some(store::network_pool_size_in(&mut tx, control).await?)
        } else {
            None
        };
        tx.commit().await?;
        self.wave_due.notify_one();
        Ok(Reply {
            ephemeral: true,
            buttons: vec![leave_button()],
            ..Reply::say(Msg::Finding(FindingMsg::Seeking {
                control,
                rated,
                waiting,
                everywhere: network,
                moved_from: moved_from.filter(|c| *c != control),
                lasts: Millis::from_std(lasts),
            }))
        })
    }

    /// Where the asker waits, with the button to leave.
    pub async fn seeking(&self, who: &Who) -> HostResult {
        let seek = self
            .store
            .waiting_seek(who.user)
            .await?
            .ok_or(HostError::Refused(Refusal::NotSeeking))?;
        let waiting = self
            .store
            .pool_size(seek.guild_id, seek.time_control)
            .await?;
        let everywhere = if seek.everywhere {
            Some(self.store.network_pool_size(seek.time_control).await?)
        } else {
            None
        };
        Ok(Reply {
            ephemeral: true,
            buttons: vec![leave_button()],
            ..Reply::say(Msg::Finding(FindingMsg::Seeking {
                control: seek.time_control,
                rated: seek.rated,
                waiting,
                everywhere,
                moved_from: None,
                lasts: seek.expires_at - self.clock.now(),
            }))
        })
    }

    /// Takes the asker out of the pool they wait in.
    pub async fn leave_pool(&self, who: &Who) -> HostResult {
        let mut tx = self.store.write().await?;
        let left = store::leave_pool(&mut tx, who.user)
            .await?
            .ok_or(HostError::Refused(Refusal::NotSeeking))?;
        tx.commit().await?;
        Ok(Reply {
            ephemeral: true,
            ..Reply::say(Msg::Finding(FindingMsg::LeftPool { control: left }))
        })
    }

    /// The bot was removed from `guild`: its pools empty at once (nobody there could be told
    /// of a game), and it leaves the network. How many seeks ended.
    pub async fn server_left(&self, guild: GuildId) -> Result<u64, HostError> {
        let mut tx = self.store.write().await?;
        let everywhere = store::leave_network(&mut tx, guild).await?;
        let everywhere = everywhere.map_or(0, |ended| ended.len() as u64);
        let ended = everywhere + store::leave_server_pools(&mut tx, guild).await?;
        tx.commit().await?;
        Ok(ended)
    }

    /// A player left `guild`: their seek there ends (nobody there could tell them of a game);
    /// whether they were waiting.
    pub async fn member_left(&self, guild: GuildId, user: UserId) -> Result<bool, HostError> {
        let mut tx = self.store.write().await?;
        let left = store::leave_server_pool(&mut tx, guild, user).await?;
        tx.commit().await?;
        Ok(left)
    }

    /// The server whose pools the asker may wait in: seeking is for a server's channels (the
    /// console is one server).
    fn pool_server(&self, who: &Who) -> Result<GuildId, HostError> {
        match who.guild {
            Some(g) => Ok(g),
            None if self.config.one_server => Ok(CONSOLE_SERVER),
            None => Err(HostError::Refused(Refusal::SeekNeedsServer)),
        }
    }

    /// Waits until a seek makes a wave due (or forever): the duties run one at once.
    pub(super) async fn wave_wanted(&self) {
        self.wave_due.notified().await;
    }

    /// One wave, if no other process runs one: ends the seeks whose time ran out, then pairs
    /// every pool, each pairing written with the two seeks it ends.
    pub async fn wave(&self) -> Result<Wave, HostError> {
        let mut wave = Wave::default();
        let now = self.clock.now();
        let mut tx = self.store.write().await?;
        let until = now + Millis(1_500);
        if !store::take_lease(&mut tx, WAVE, &self.config.process, now, until).await? {
            return Ok(wave);
        }
        let expired = store::expire_seeks(&mut tx, now).await?;
        tx.commit().await?;
        self.wave_counts.waves.fetch_add(1, Relaxed);
        for s in expired {
            wave.notices.push(Notice {
                channel: s.channel_id,
                guild: (s.guild_id != CONSOLE_SERVER).then_some(s.guild_id),
                reply: Reply {
                    mentions: vec![s.user_id],
                    ..Reply::say(Msg::Finding(FindingMsg::SeekExpired {
                        player: s.user_id,
                        control: s.time_control,
                        waited: s.expires_at - s.created_at,
                    }))
                },
                settles: None,
            });
        }
        let mut waiting = self.store.waiting_seeks().await?;
        // A seek alone in its pools has nobody to meet: the history is read only for the others.
        let mut sizes: HashMap<Pool, usize> = HashMap::new();
        for w in &waiting {
            for pool in pools_of(&w.seek) {
                *sizes.entry(pool).or_default() += 1;
            }
        }
        waiting.retain(|w| pools_of(&w.seek).any(|p| sizes[&p] > 1));
        if waiting.is_empty() {
            return Ok(wave);
        }
        let history = self
            .store
            .games_of_waiting(now - Millis(7 * 86_400_000))
            .await?;
        // Each waiting player's games, newest first (White or not, the opponent, when), and
        // whom they blocked: read once, looked up by player.
        let mut games: HashMap<UserId, Vec<(bool, UserId, UnixMs)>> = HashMap::new();
        for &(white, black, at) in &history {
            games.entry(white).or_default().push((true, black, at));
            games.entry(black).or_default().push((false, white, at));
        }
        let mut blocked: HashMap<UserId, Vec<UserId>> = HashMap::new();
        for (blocker, other) in self.store.blocks_among_waiting().await? {
            blocked.entry(blocker).or_default().push(other);
        }
        let mut pools: HashMap<Pool, Vec<Seeker>> = HashMap::new();
        for w in waiting {
            let s = &w.seek;
            let mine = games.get(&s.user_id).map_or(&[][..], Vec::as_slice);
            let met = mine
                .iter()
                .filter(|(_, _, at)| now - *at < MET_LATELY)
                .map(|(_, opponent, _)| *opponent)
                .collect();
            let whites = mine
                .iter()
                .take(10)
                .map(|(white, _, _)| if *white { 1 } else { -1 })
                .sum();
            let seeker = Seeker {
                seek: s.id,
                player: s.user_id,
                rating: w.rating.round() as i32,
                deviation: w.deviation.round().max(0.0) as u32,
                waited: now - s.created_at,
                whites,
                met,
                blocked: blocked.remove(&s.user_id).unwrap_or_default(),
            };
            for pool in pools_of(s) {
                pools.entry(pool).or_default().push(seeker.clone());
            }
        }
        // Each server's pools first; the network's pools then pair whom they left.
        let (servers, network): (Vec<_>, Vec<_>) =
            pools.into_iter().partition(|(pool, _)| pool.0.is_some());
        let mut paired: HashSet<SeekId> = HashSet::new();
        for ((_, control, _), mut pool) in servers.into_iter().chain(network) {
            pool.retain(|s| !paired.contains(&s.seek));
            let waited: HashMap<SeekId, Millis> = pool.iter().map(|s| (s.seek, s.waited)).collect();
            for p in pair_wave(&pool, anyone_after(control.is_live())) {
                let mut tx = self.store.write().await?;
                // Another wave or a game started meanwhile: that seek is gone, nothing written.
                if let Some(m) = store::meet(&mut tx, p.white, p.black, now).await? {
                    tx.commit().await?;
                    tracing::info!(meeting = m.id.0, gap = p.gap, "a wave paired two seeks");
                    let t = &self.wave_counts;
                    t.pairings.fetch_add(1, Relaxed);
                    t.gaps.fetch_add(u64::from(p.gap), Relaxed);
                    for seek in [p.white, p.black] {
                        let ms = waited.get(&seek).map_or(0, |w| w.0.max(0));
                        t.waited_ms.fetch_add(ms as u64, Relaxed);
                        paired.insert(seek);
                    }
                    wave.meetings.push(m.into());
                }
            }
        }
        Ok(wave)
    }

    /// The meetings whose game was never opened (the process that paired them stopped), each
    /// claimed by this process to open.
    pub async fn unstarted_meetings(&self) -> Result<Vec<Meeting>, HostError> {
        let now = self.clock.now();
        let mut tx = self.store.write().await?;
        let rows =
            store::claim_unstarted_meetings(&mut tx, now - MEETING_KEPT, now - MEETING_RETOLD, now)
                .await?;
        tx.commit().await?;
        Ok(rows.into_iter().map(Meeting::from).collect())
    }

    /// Opens the game of a meeting: in `thread` (made for it) or, without one, where the
    /// player who waited longer sought; its first board, both players mentioned (from two
    /// servers, only that player, the other's first board being owed in `other_thread`, or
    /// else the channel they sought in). `None` if it was opened already. Where neither can
    /// hold it, the meeting is given up and the players told so in the channel.
    pub async fn start_meeting(
        &self,
        meeting: MeetingId,
        thread: Option<ChannelId>,
        other_thread: Option<ChannelId>,
        lang: Lang,
    ) -> Result<Option<Reply>, HostError> {
        let Some(m) = self.store.meeting(meeting).await? else {
            return Ok(None);
        };
        if m.game_id.is_some() {
            return Ok(None);
        }
        let m = Meeting::from(m);
        let new = NewGame {
            guild: m.guild,
            channel: thread.unwrap_or(m.channel),
            white: Some(m.white),
            black: Some(m.black),
            ai: None,
            rated: m.rated,
            control: m.control,
            tournament: None,
        };
        // The other player's channel, without a thread, must be free too.
        let other_busy = match (m.other, other_thread) {
            (Some(o), None) => self.store.running_game(o.channel).await?.is_some(),
            _ => false,
        };
        let mut tx = self.store.write().await?;
        let inserted = if other_busy {
            Err(HostError::Refused(Refusal::ChannelBusy { players: None }))
        } else {
            self.insert_game(&mut tx, new).await
        };
        let id = match inserted {
            Ok(id) => id,
            Err(HostError::Refused(Refusal::ChannelBusy { .. })) => {
                drop(tx);
                let mut tx = self.store.write().await?;
                if !store::abandon_meeting(&mut tx, m.id).await? {
                    return Ok(None);
                }
                tx.commit().await?;
                return Ok(Some(Reply {
                    mentions: vec![m.white, m.black],
                    ..Reply::say(Msg::Finding(FindingMsg::MeetingNowhere {
                        white: m.white,
                        black: m.black,
                    }))
                }));
            }
            Err(e) => return Err(e),
        };
        if !store::start_meeting(&mut tx, m.id, id).await? {
            return Ok(None);
        }
        if let Some(o) = m.other {
            let channel = other_thread.unwrap_or(o.channel);
            store::add_game_channel(&mut tx, id, o.guild, channel, o.player).await?;
        }
        tx.commit().await?;
        let row = self.game_row(id).await?;
        let reply = self.board_reply(&row, &Game::default(), lang);
        let reply = reply.led_by(Msg::GameStarted {
            players: players(&row),
            rated: row.rated,
            control: row.time_control,
        });
        let mentions = [m.white, m.black]
            .into_iter()
            .filter(|p| m.other.is_none_or(|o| o.player != *p))
            .collect();
        Ok(Some(Reply {
            mentions,
            ..reply.led_by(Msg::Finding(FindingMsg::PoolPaired { control: m.control }))
        }))
    }
}

/// A pool: its server (`None`: the network's), its clock, rated or not.
type Pool = (Option<GuildId>, TimeControl, bool);

/// The pools a seek waits in: its server's, and the network's if it seeks everywhere.
fn pools_of(s: &SeekRow) -> impl Iterator<Item = Pool> {
    let server = (Some(s.guild_id), s.time_control, s.rated);
    let network = (None, s.time_control, s.rated);
    std::iter::once(server).chain(s.everywhere.then_some(network))
}

/// The button under a seek's answer: leave the pool.
fn leave_button() -> Button {
    Button {
        action: ButtonAction::LeavePool,
        label: ButtonLabel::LeavePool,
        style: ButtonStyle::Secondary,
        disabled: false,
    }
}
