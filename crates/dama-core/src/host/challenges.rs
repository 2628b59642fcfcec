//! Challenges: made, accepted (once), declined, withdrawn, expired.

use crate::host::Refusal;
use dama_model::Millis;
use dama_model::{ChallengeStatus, ChannelId, ColorChoice, GameId, UserId};
use dama_play::clock::{Clocks, FIRST_MOVE, TimeControl, tournament_first_move};
use dama_rules::{Color, Game, Position, fen};
use dama_store::{self as store, ChallengeRow};

use super::{
    Button, ButtonAction, ButtonLabel, ButtonStyle, Host, HostError, HostResult, Msg, Reply, Who,
    players,
};

/// A challenge this player has just accepted: the game is theirs to start.
#[derive(Debug)]
pub struct Accepted {
    challenge: ChallengeRow,
    taker: UserId,
}

impl Accepted {
    /// The game is to be played in a new thread.
    pub fn wants_thread(&self) -> bool {
        self.challenge.thread
    }

    /// The challenge.
    pub fn id(&self) -> dama_model::ChallengeId {
        self.challenge.id
    }

    /// Who took an open challenge, said with its game's first board.
    pub fn taken(&self) -> Option<Reply> {
        self.challenge
            .challenged_id
            .is_none()
            .then(|| self.settled())
    }

    /// What the challenge's own post says once taken, in place of the invitation (whose
    /// "accept within" no longer holds).
    pub fn settled(&self) -> Reply {
        Reply::say(Msg::ChallengeTaken {
            challenger: self.challenge.challenger_id,
            by: self.taker,
            open: self.challenge.challenged_id.is_none(),
        })
    }
}

/// A game to create.
pub(super) struct NewGame {
    pub(super) guild: Option<dama_model::GuildId>,
    pub(super) channel: ChannelId,
    pub(super) white: Option<UserId>,
    pub(super) black: Option<UserId>,
    pub(super) ai: Option<dama_play::ai::Level>,
    pub(super) rated: bool,
    pub(super) control: TimeControl,
    /// The tournament it is played for (its players have longer for a first move, and lose
    /// by forfeit without one).
    pub(super) tournament: Option<dama_model::TournamentId>,
}

impl Host {
    /// Challenges `opponent` to a game in this channel (or, with `thread`, in a new thread),
    /// at three days a move.
    pub async fn challenge(
        &self,
        who: &Who,
        opponent: UserId,
        color: ColorChoice,
        rated: bool,
        thread: bool,
    ) -> HostResult {
        let control = TimeControl::default();
        self.challenge_on(who, Some(opponent), color, rated, thread, control)
            .await
    }

    /// Challenges `opponent` to a game on the clock `control`, in this channel (or, with
    /// `thread`, in a new thread); with no opponent, an open challenge that anyone in the
    /// channel but the asker may take, the first to press Accept.
    pub async fn challenge_on(
        &self,
        who: &Who,
        opponent: Option<UserId>,
        color: ColorChoice,
        rated: bool,
        thread: bool,
        control: TimeControl,
    ) -> HostResult {
        if opponent == Some(who.user) {
            return Err(HostError::Refused(Refusal::SelfChallenge));
        }
        if let Some(o) = opponent {
            self.not_blocked(who.user, o).await?;
        }
        if opponent.is_none() && who.guild.is_none() {
            return Err(HostError::Refused(Refusal::OpenChallengeNeedsServer));
        }
        if !thread {
            self.channel_free(who.channel).await?;
        }
        let now = self.clock.now();
        let limit = self.config.max_open_challenges;
        if self.store.open_challenges_by(who.user, now).await? >= limit {
            return Err(HostError::Refused(Refusal::TooManyChallenges { limit }));
        }
        let row = ChallengeRow {
            id: dama_model::ChallengeId(0),
            guild_id: who.guild,
            channel_id: who.channel,
            challenger_id: who.user,
            challenged_id: opponent,
            color,
            rated,
            thread,
            status: ChallengeStatus::Open,
            expires_at: now + Millis::from_std(self.config.challenge_ttl),
            created_at: now,
            message_id: None,
            time_control: control,
            rematch_of: None,
        };
        let mut tx = self.store.write().await?;
        store::ensure_player(&mut tx, who.user, &who.name).await?;
        let id = store::insert_challenge(&mut tx, &row).await?;
        tx.commit().await?;
        Ok(Reply {
            buttons: challenge_buttons(id, opponent.is_none(), false),
            mentions: opponent.into_iter().collect(),
            ..Reply::say(Msg::ChallengeIssued {
                challenger: who.user,
                challenged: opponent,
                rated,
                color,
                expires_in: Millis::from_std(self.config.challenge_ttl),
                control,
            })
        })
    }

    /// The challenged player accepts (the game starts in this channel) or declines; the
    /// challenger may withdraw by declining.
    pub(crate) async fn answer_challenge(
        &self,
        who: &Who,
        challenge: dama_model::ChallengeId,
        accept: bool,
    ) -> HostResult {
        let c = self.pending_challenge(challenge).await?;
        if accept {
            // Closing the challenge and creating the game are one change.
            let mut tx = self.claim(who, &c).await?;
            let accepted = Accepted {
                challenge: c,
                taker: who.user,
            };
            let id = self
                .insert_game(&mut tx, self.challenge_game(&accepted, None))
                .await?;
            tx.commit().await?;
            return self.started(who, id, &accepted).await;
        }
        let me = who.user;
        if me != c.challenger_id {
            match c.challenged_id {
                Some(challenged) if challenged == me => {}
                Some(_) => return Err(HostError::Refused(Refusal::NotYourChallenge)),
                None => {
                    return Err(HostError::Refused(Refusal::NotYourOpenChallenge {
                        challenger: c.challenger_id,
                    }));
                }
            }
        }
        let (status, msg) = if me == c.challenger_id {
            (
                ChallengeStatus::Cancelled,
                Msg::ChallengeWithdrawn { by: me },
            )
        } else {
            (
                ChallengeStatus::Declined,
                Msg::ChallengeDeclined {
                    challenger: c.challenger_id,
                    by: me,
                },
            )
        };
        let mut tx = self.store.write().await?;
        if !store::close_challenge(&mut tx, c.id, status).await? {
            return Err(HostError::Refused(Refusal::ChangedMeanwhile));
        }
        tx.commit().await?;
        Ok(Reply {
            mentions: vec![c.challenger_id],
            ..Reply::say(msg)
        })
    }

    /// The open, unexpired challenge `id` (an expired one is closed on the way).
    async fn pending_challenge(
        &self,
        id: dama_model::ChallengeId,
    ) -> Result<ChallengeRow, HostError> {
        let c = self
            .store
            .challenge(id)
            .await?
            .ok_or(HostError::Refused(Refusal::NoChallenge))?;
        if c.status != ChallengeStatus::Open {
            return Err(HostError::Refused(Refusal::ChallengeClosed(c.status)));
        }
        if self.clock.now() >= c.expires_at {
            let mut tx = self.store.write().await?;
            store::close_challenge(&mut tx, c.id, ChallengeStatus::Expired).await?;
            tx.commit().await?;
            return Err(HostError::Refused(Refusal::ChallengeExpired));
        }
        Ok(c)
    }

    /// Accepts a challenge for the asker: of several clicks, one wins; the others are refused.
    /// Start the game with [`Host::start_accepted`] (after opening its thread, if it wants one).
    pub async fn accept_challenge(
        &self,
        who: &Who,
        challenge: dama_model::ChallengeId,
    ) -> Result<Accepted, HostError> {
        let c = self.pending_challenge(challenge).await?;
        self.claim(who, &c).await?.commit().await?;
        Ok(Accepted {
            challenge: c,
            taker: who.user,
        })
    }

    /// Closes the open challenge `c` as accepted by the asker (the one it names, or anyone but
    /// its challenger for an open challenge), inside a transaction left open.
    async fn claim(&self, who: &Who, c: &ChallengeRow) -> Result<store::Tx, HostError> {
        match c.challenged_id {
            Some(challenged) if challenged != who.user => {
                return Err(HostError::Refused(Refusal::NotYourChallenge));
            }
            None if c.challenger_id == who.user => {
                return Err(HostError::Refused(Refusal::OwnChallenge));
            }
            _ => {}
        }
        self.not_blocked(who.user, c.challenger_id).await?;
        let mut tx = self.store.write().await?;
        if !store::take_challenge(&mut tx, c.id, who.user).await? {
            return Err(HostError::Refused(Refusal::ChallengeClosed(
                ChallengeStatus::Accepted,
            )));
        }
        store::ensure_player(&mut tx, who.user, &who.name).await?;
        Ok(tx)
    }

    /// Starts the game of an accepted challenge, in `channel` (a thread opened for it) or else
    /// where the challenge was made.
    pub async fn start_accepted(
        &self,
        who: &Who,
        accepted: Accepted,
        channel: Option<ChannelId>,
    ) -> HostResult {
        let mut tx = self.store.write().await?;
        let id = self
            .insert_game(&mut tx, self.challenge_game(&accepted, channel))
            .await?;
        tx.commit().await?;
        self.started(who, id, &accepted).await
    }

    /// The game an accepted challenge asked for, colours settled.
    fn challenge_game(&self, accepted: &Accepted, channel: Option<ChannelId>) -> NewGame {
        let c = &accepted.challenge;
        let challenger_white = match c.color {
            ColorChoice::White => true,
            ColorChoice::Black => false,
            ColorChoice::Random => coin(c.id.0 ^ self.clock.now().whole_secs()),
        };
        let (white, black) = if challenger_white {
            (c.challenger_id, accepted.taker)
        } else {
            (accepted.taker, c.challenger_id)
        };
        NewGame {
            guild: c.guild_id,
            channel: channel.unwrap_or(c.channel_id),
            white: Some(white),
            black: Some(black),
            ai: None,
            rated: c.rated,
            control: c.time_control,
            tournament: None,
        }
    }

    /// The first board of a challenge's game, saying who took it if it was open.
    async fn started(&self, who: &Who, id: GameId, accepted: &Accepted) -> HostResult {
        let row = self.game_row(id).await?;
        let reply = self.board_reply(&row, &Game::default(), who.lang);
        let reply = reply.led_by(Msg::GameStarted {
            players: players(&row),
            rated: row.rated,
            control: row.time_control,
        });
        Ok(match accepted.taken() {
            Some(taken) => Reply {
                mentions: vec![accepted.challenge.challenger_id],
                ..reply.led_by(taken.body[0].clone())
            },
            None => reply,
        })
    }

    /// Withdraws the asker's open challenge in this channel.
    pub async fn cancel_challenge(&self, who: &Who) -> HostResult {
        let c = self
            .store
            .open_challenge_by(who.user, who.channel)
            .await?
            .ok_or(HostError::Refused(Refusal::NoOpenChallenge))?;
        self.answer_challenge(who, c.id, false).await
    }

    /// Starts a game against the AI at `level`, the asker playing `color`.
    pub async fn play_ai(
        &self,
        who: &Who,
        level: dama_play::ai::Level,
        color: Color,
    ) -> HostResult {
        self.play_ai_on(who, level, color, TimeControl::default())
            .await
    }

    /// Starts a game against the AI at `level` on the clock `control`, the asker playing
    /// `color`.
    pub async fn play_ai_on(
        &self,
        who: &Who,
        level: dama_play::ai::Level,
        color: Color,
        control: TimeControl,
    ) -> HostResult {
        let limit = self.config.max_ai_games;
        if self.store.running_ai_games_of(who.user).await? >= limit {
            return Err(HostError::Refused(Refusal::TooManyAiGames { limit }));
        }
        let me = Some(who.user);
        let (white, black) = match color {
            Color::White => (me, None),
            Color::Black => (None, me),
        };
        self.channel_free(who.channel).await?;
        let mut tx = self.store.write().await?;
        store::ensure_player(&mut tx, who.user, &who.name).await?;
        let game = NewGame {
            guild: who.guild,
            channel: who.channel,
            white,
            black,
            ai: Some(level),
            rated: false,
            control,
            tournament: None,
        };
        let id = self.insert_game(&mut tx, game).await?;
        tx.commit().await?;
        let row = self.game_row(id).await?;
        let reply = self.board_reply(&row, &Game::default(), who.lang);
        Ok(reply.led_by(Msg::AiGameStarted {
            player: who.user,
            level,
            color,
            control,
        }))
    }

    /// [`Refusal::ChannelBusy`], naming the players, when `channel` has a game running. (The
    /// insert checks again: this is for the words.)
    pub(super) async fn channel_free(
        &self,
        channel: dama_model::ChannelId,
    ) -> Result<(), HostError> {
        match self.store.running_game(channel).await? {
            Some(row) => Err(HostError::Refused(Refusal::ChannelBusy {
                players: Some(super::players(&row)),
            })),
            None => Ok(()),
        }
    }

    /// Creates a game inside `tx`; a channel that already has one is [`Refusal::ChannelBusy`].
    pub(super) async fn insert_game(
        &self,
        tx: &mut store::Tx,
        g: NewGame,
    ) -> Result<GameId, HostError> {
        let now = self.clock.now();
        let start = fen::write(&Position::start());
        let first_move = match g.tournament {
            Some(_) => tournament_first_move(g.control),
            None => FIRST_MOVE,
        };
        let clocks = Clocks {
            first_move,
            ..Clocks::start(g.control, now)
        };
        let turn = self.turn_times(&clocks, 0, Color::White);
        store::insert_game(
            tx,
            store::NewGame {
                guild_id: g.guild,
                channel_id: g.channel,
                white_id: g.white,
                black_id: g.black,
                ai_level: g.ai,
                rated: g.rated,
                start_fen: &start,
                warn_at: turn.warn_at,
                deadline: turn.deadline,
                now,
                clocks,
                flag_at: turn.flag_at,
                tournament_id: g.tournament,
            },
        )
        .await
        .map_err(|e| match e {
            store::StoreError::ChannelBusy => {
                HostError::Refused(Refusal::ChannelBusy { players: None })
            }
            other => other.into(),
        })
    }
}

/// Accept and Decline for a challenge.
/// A challenge's buttons: Accept, and Decline (Cancel on an open challenge: only its
/// challenger may press it).
pub(super) fn challenge_buttons(
    id: dama_model::ChallengeId,
    open: bool,
    disabled: bool,
) -> Vec<Button> {
    let button = |accept, label, style| Button {
        action: ButtonAction::Challenge { id, accept },
        label,
        style,
        disabled,
    };
    let no = if open {
        ButtonLabel::Cancel
    } else {
        ButtonLabel::Decline
    };
    vec![
        button(true, ButtonLabel::Accept, ButtonStyle::Success),
        button(false, no, ButtonStyle::Danger),
    ]
}

fn coin(seed: i64) -> bool {
    let mut z = (seed as u64).wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (z ^ (z >> 31)) & 1 == 0
}
