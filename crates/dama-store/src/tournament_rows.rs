//! A tournament, its entrants and its pairings as the store keeps them, and what a new one is
//! made of.

use super::types::{Int, MaybeInt, Word};
use super::yes_no::YesNo;
use super::{ChannelId, GameId, GuildId, MessageId, TournamentId, TournamentStatus, UserId};
use dama_model::{Millis, PairingId, TournamentFormat, TournamentKind, UnixMs};
use dama_play::clock::{SpeedClass, TimeControl};

/// A tournament as it is stored.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct TournamentRow {
    /// The tournament.
    #[sqlx(try_from = "Int<TournamentId>")]
    pub id: TournamentId,
    /// The server it belongs to.
    #[sqlx(try_from = "Int<GuildId>")]
    pub guild_id: GuildId,
    /// Where it was announced.
    #[sqlx(try_from = "Int<ChannelId>")]
    pub channel_id: ChannelId,
    /// Its own thread for its announcements, once made.
    #[sqlx(try_from = "MaybeInt<ChannelId>")]
    pub thread_id: Option<ChannelId>,
    /// The announcement with the Join and Leave buttons.
    #[sqlx(try_from = "MaybeInt<MessageId>")]
    pub message_id: Option<MessageId>,
    /// Where its games are played (`None`: a thread each).
    #[sqlx(try_from = "MaybeInt<ChannelId>")]
    pub games_channel_id: Option<ChannelId>,
    /// Its name.
    pub name: String,
    /// Swiss of so many rounds, or Arena of so many minutes.
    #[sqlx(flatten, try_from = "FormatColumns")]
    pub format: TournamentFormat,
    /// The time control of its games.
    #[sqlx(try_from = "Word<TimeControl>")]
    pub time_control: TimeControl,
    /// Its speed class, for the ratings.
    #[sqlx(try_from = "Word<SpeedClass>")]
    pub speed: SpeedClass,
    /// Its games are rated.
    #[sqlx(try_from = "YesNo")]
    pub rated: bool,
    /// The player who created it (its organiser).
    #[sqlx(try_from = "Int<UserId>")]
    pub creator_id: UserId,
    /// Open, running, finished or cancelled.
    #[sqlx(try_from = "Word<TournamentStatus>")]
    pub status: TournamentStatus,
    /// When it starts by itself (`None`: when its creator starts it).
    #[sqlx(rename = "starts_at_ms", try_from = "MaybeInt<UnixMs>")]
    pub starts_at: Option<UnixMs>,
    /// When it began.
    #[sqlx(rename = "started_at_ms", try_from = "MaybeInt<UnixMs>")]
    pub started_at: Option<UnixMs>,
    /// When an Arena ends (set as it starts), or when a tournament finished.
    #[sqlx(rename = "ends_at_ms", try_from = "MaybeInt<UnixMs>")]
    pub ends_at: Option<UnixMs>,
    /// Swiss rounds paired so far.
    pub round: i64,
    /// A correspondence Swiss round's scheduled end.
    #[sqlx(rename = "round_ends_ms", try_from = "MaybeInt<UnixMs>")]
    pub round_ends: Option<UnixMs>,
    /// The Swiss round whose pairings its channel was told of (behind `round`: owed).
    pub announced_round: i64,
    /// Until when a process holds the owed announcement.
    #[sqlx(rename = "round_claimed_until_ms", try_from = "MaybeInt<UnixMs>")]
    pub round_claimed_until: Option<UnixMs>,
    /// When the standings were last posted.
    #[sqlx(rename = "standings_posted_ms", try_from = "MaybeInt<UnixMs>")]
    pub standings_posted: Option<UnixMs>,
    /// Bumped with every change, so that a write names the version it read.
    pub version: i64,
    /// When it was created.
    #[sqlx(rename = "created_at_ms", try_from = "Int<UnixMs>")]
    pub created_at: UnixMs,
    /// How long after a Swiss round's pairings its games start.
    #[sqlx(rename = "pause_ms", try_from = "Int<Millis>")]
    pub pause: Millis,
}

/// The columns a tournament's format is kept in: its kind, and the rounds of a Swiss or the
/// minutes of an Arena.
#[derive(sqlx::FromRow)]
pub struct FormatColumns {
    #[sqlx(try_from = "Word<TournamentKind>")]
    kind: TournamentKind,
    rounds: Option<i64>,
    minutes: Option<i64>,
}

impl TryFrom<FormatColumns> for TournamentFormat {
    type Error = String;

    fn try_from(c: FormatColumns) -> std::result::Result<Self, String> {
        let number = |n: Option<i64>, what: &str| {
            n.and_then(|n| u32::try_from(n).ok())
                .ok_or_else(|| format!("a {:?} tournament without its {what}", c.kind))
        };
        Ok(match c.kind {
            TournamentKind::Swiss => TournamentFormat::Swiss {
                rounds: number(c.rounds, "rounds")?,
            },
            TournamentKind::Arena => TournamentFormat::Arena {
                minutes: number(c.minutes, "minutes")?,
            },
        })
    }
}

/// A player's place in a finished tournament.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct TournamentResultRow {
    /// The tournament.
    #[sqlx(try_from = "Int<TournamentId>")]
    pub id: TournamentId,
    /// Its name.
    pub name: String,
    /// The player's place (1: won, shared when tied).
    pub place: i64,
    /// How many players were placed.
    pub players: i64,
    /// When it ended.
    #[sqlx(rename = "ended_at_ms", try_from = "Int<UnixMs>")]
    pub ended_at: UnixMs,
}

/// What a new tournament is made of.
#[derive(Clone, Debug)]
pub struct NewTournament {
    /// The server.
    pub guild_id: GuildId,
    /// Where it is announced.
    pub channel_id: ChannelId,
    /// Where its games are played (`None`: a thread each).
    pub games_channel_id: Option<ChannelId>,
    /// Its name.
    pub name: String,
    /// Swiss or Arena, with its rounds or minutes.
    pub format: TournamentFormat,
    /// The time control of its games.
    pub time_control: TimeControl,
    /// Its games are rated.
    pub rated: bool,
    /// The player creating it.
    pub creator_id: UserId,
    /// When it starts by itself (`None`: when its creator starts it).
    pub starts_at: Option<UnixMs>,
    /// How long after a Swiss round's pairings its games start.
    pub pause: Millis,
}

/// An entrant.
#[derive(Clone, Debug, PartialEq, sqlx::FromRow)]
pub struct EntrantRow {
    /// The player.
    #[sqlx(try_from = "Int<UserId>")]
    pub user_id: UserId,
    /// Their rating in the tournament's speed class when they joined.
    pub rating: f64,
    /// Rounds already paired when they first joined (each scores half a point).
    pub joined_round: i64,
    /// They withdrew (or were withdrawn): they are paired no more.
    #[sqlx(try_from = "YesNo")]
    pub withdrawn: bool,
    /// When they first joined.
    #[sqlx(rename = "joined_at_ms", try_from = "Int<UnixMs>")]
    pub joined_at: UnixMs,
    /// First moves they missed in a row.
    pub absences: i64,
    /// Their name as they joined (empty for those who joined before it was kept).
    pub name: String,
}

/// A pairing: a Swiss board (or bye), or an Arena game (round 0).
#[derive(Clone, Debug, PartialEq, sqlx::FromRow)]
pub struct PairingRow {
    /// The pairing.
    #[sqlx(try_from = "Int<PairingId>")]
    pub id: PairingId,
    /// The tournament.
    #[sqlx(try_from = "Int<TournamentId>")]
    pub tournament_id: TournamentId,
    /// The Swiss round (0 for an Arena game).
    pub round: i64,
    /// The board, from 1.
    pub board: i64,
    /// The player with White (or the bye).
    #[sqlx(try_from = "Int<UserId>")]
    pub white_id: UserId,
    /// `None`: a bye.
    #[sqlx(try_from = "MaybeInt<UserId>")]
    pub black_id: Option<UserId>,
    /// The game, once made.
    #[sqlx(try_from = "MaybeInt<GameId>")]
    pub game_id: Option<GameId>,
    /// White's result in halves, once ended.
    pub white_halves: Option<i64>,
    /// Plies played, once ended.
    pub plies: Option<i64>,
    /// White went berserk.
    #[sqlx(try_from = "YesNo")]
    pub white_berserk: bool,
    /// Black went berserk.
    #[sqlx(try_from = "YesNo")]
    pub black_berserk: bool,
    /// When it was paired.
    #[sqlx(rename = "created_at_ms", try_from = "Int<UnixMs>")]
    pub created_at: UnixMs,
    /// When its game ended.
    #[sqlx(rename = "ended_at_ms", try_from = "MaybeInt<UnixMs>")]
    pub ended_at: Option<UnixMs>,
    /// When its game starts (`None`: when it was paired).
    #[sqlx(rename = "starts_at_ms", try_from = "MaybeInt<UnixMs>")]
    pub starts_at: Option<UnixMs>,
    /// When a process took it to start its game.
    #[sqlx(rename = "handed_out_ms", try_from = "MaybeInt<UnixMs>")]
    pub handed_out: Option<UnixMs>,
    /// Lost by forfeit: the loser never made a first move, so it was not played.
    #[sqlx(try_from = "YesNo")]
    pub forfeit: bool,
}

impl PairingRow {
    /// When its game starts.
    pub fn starts(&self) -> UnixMs {
        self.starts_at.unwrap_or(self.created_at)
    }
}

/// What joining did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Joined {
    /// They joined for the first time.
    New,
    /// They had withdrawn and are back.
    Back,
    /// They were in it already: nothing changed.
    Already,
    /// It has as many players as it takes: nothing changed.
    Full,
}

/// A player's entry into a tournament.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct NewEntry<'a> {
    /// Their name now (it orders players of equal rating).
    pub name: &'a str,
    /// Their rating as they join (for the pairing order).
    pub rating: f64,
    /// The round they join in (0 before the start).
    pub joined_round: i64,
    /// The players it takes, withdrawn ones counted (they may come back).
    pub max_entrants: i64,
}

/// A pairing to store: a board's White and Black (`None`: a bye, scored `bye_halves`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NewPairing {
    /// The player with White, or the player given the bye.
    pub white: UserId,
    /// The player with Black (`None`: a bye).
    pub black: Option<UserId>,
    /// What a bye scores, in halves.
    pub bye_halves: i64,
}
