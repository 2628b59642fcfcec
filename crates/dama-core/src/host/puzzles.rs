//! Puzzles: today's puzzle (the same for everyone; the day turns at 00:00 in Türkiye), practice
//! puzzles matched to the player's puzzle rating, three tries, streaks, the server's puzzle
//! channel and its daily post. Every answer but the daily post is private.

use crate::host::Refusal;
use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2};

use dama_model::{AttemptId, Day, UnixMs};
use dama_model::{ChannelId, GuildId};
use dama_play::puzzle::{Kind, Puzzle, Theme};
use dama_play::render::{LastMove, Scene};
use dama_rules::{Color, Game};
use dama_store::{self as store, AttemptRow, AttemptStatus, PuzzleRating, TryResult};

use super::{
    Button, ButtonAction, ButtonLabel, ButtonStyle, Caption, File, Host, HostError, HostResult,
    Lang, Msg, PuzzleMsg, Reply, StreakLine, ThemeLine, Who,
};

/// What kind of practice puzzle a player asks for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Practice {
    /// Only puzzles with this theme.
    pub theme: Option<Theme>,
    /// Only combinations the player missed in their own games.
    pub mine: bool,
}

/// Where a practice puzzle comes from.
#[derive(Clone, Debug)]
enum Source {
    /// The shipped set, by its place there.
    Shipped(usize),
    /// Found in a game on the bot: the puzzle, when that game ended and whose miss it was.
    Mined(Box<Puzzle>, UnixMs, dama_model::UserId),
}

/// Tries per puzzle.
pub const TRIES: i64 = 3;
/// Türkiye's offset from UTC (no daylight saving since 2016).
/// A new puzzle's rating deviation: its starting rating is an estimate.
const NEW_PUZZLE_DEVIATION: f64 = 200.0;

impl Host {
    fn puzzle_set(&self) -> Result<&[Puzzle], HostError> {
        let set = &self.config.puzzles[..];
        if set.is_empty() {
            return Err(HostError::Refused(Refusal::NoPuzzles));
        }
        Ok(set)
    }

    fn daily_count(&self) -> usize {
        self.config
            .daily_puzzles
            .clamp(1, self.config.puzzles.len().max(1))
    }

    /// The index of `day`'s puzzle.
    fn daily_index(&self, day: Day) -> usize {
        day.0.rem_euclid(self.daily_count() as i64) as usize
    }

    /// The puzzle an attempt is at: a shipped one, else one found in a game here.
    async fn find_puzzle(&self, key: &str) -> Result<Puzzle, HostError> {
        if let Some(p) = self
            .config
            .puzzles
            .iter()
            .find(|p| dama_rules::fen::write(&p.start) == key)
        {
            return Ok(p.clone());
        }
        let row = self
            .store
            .mined_puzzle(key)
            .await?
            .ok_or_else(|| HostError::internal("an attempt's puzzle is not in the set", key))?;
        Puzzle::parse_line(&row.line)
            .map_err(|e| HostError::internal("a puzzle found in a game does not read", e))
    }

    /// Today's puzzle, or with `random` a practice puzzle near the player's puzzle rating;
    /// shown privately. Opening it makes it the puzzle the player's next moves go to.
    pub async fn puzzle(&self, who: &Who, random: bool) -> HostResult {
        self.open_puzzle(who, random.then(Practice::default), None)
            .await
    }

    /// A practice puzzle near the player's puzzle rating: from the shipped set and the
    /// puzzles found in this server's games, of one theme if asked, or only from the
    /// combinations the player missed in their own games.
    pub async fn puzzle_practice(&self, who: &Who, practice: Practice) -> HostResult {
        self.open_puzzle(who, Some(practice), None).await
    }

    /// Opens today's puzzle (`practice: None`) or a practice one. A practice puzzle left open
    /// with a move tried in it counts as failed when left, so the player is asked first,
    /// unless `leaving` names that very attempt (the confirmation).
    pub(super) async fn open_puzzle(
        &self,
        who: &Who,
        practice: Option<Practice>,
        leaving: Option<AttemptId>,
    ) -> HostResult {
        let set = self.puzzle_set()?;
        let now = self.clock.now();
        let today = Day::in_turkiye(now);
        let (puzzle, day, credit) = match practice {
            Some(practice) => match self.practice_puzzle(who, today, practice).await? {
                Some(Source::Shipped(i)) => (set[i].clone(), None, None),
                Some(Source::Mined(p, played_at, player)) => {
                    (*p, None, Some((played_at, player == who.user)))
                }
                None => {
                    return Ok(Reply::private(Msg::Puzzle(PuzzleMsg::NoPracticeLeft {
                        theme: practice.theme,
                        mine: practice.mine,
                    })));
                }
            },
            None => (set[self.daily_index(today)].clone(), Some(today), None),
        };
        let key = dama_rules::fen::write(&puzzle.start);
        let mut tx = self.store.write().await?;
        if let Some(open) = store::open_practice(&mut tx, who.user).await?
            && open.puzzle != key
            && (open.step > 0 || open.misses > 0)
            && leaving != Some(open.id)
        {
            // Nothing is written: the question comes first.
            drop(tx);
            return Ok(Reply {
                buttons: vec![super::Button {
                    action: super::ButtonAction::LeavePuzzle {
                        attempt: open.id,
                        then: practice,
                    },
                    label: super::ButtonLabel::LeavePuzzle,
                    style: super::ButtonStyle::Danger,
                    disabled: false,
                }],
                ..Reply::private(Msg::Puzzle(PuzzleMsg::LeaveFirst))
            });
        }
        let left = self.leave_practice(&mut tx, who, &key).await?;
        let attempt = store::open_attempt(&mut tx, who.user, who.guild, &key, day, now).await?;
        tx.commit().await?;
        let mut reply = self
            .attempt_reply(who.lang, &attempt, &puzzle, None)
            .await?;
        if let Some((date, yours)) = credit {
            reply
                .body
                .insert(0, Msg::Puzzle(PuzzleMsg::FromGame { date, yours }));
        }
        if let Some(rating) = left {
            reply
                .body
                .insert(0, Msg::Puzzle(PuzzleMsg::LeftAfterATry { rating }));
        }
        Ok(reply)
    }

    /// Leaves the player's open practice puzzle for another (`key`): one with a move tried
    /// in it counts as failed (rated as a loss, so a puzzle rating cannot be pumped by leaving
    /// the misses behind); one never tried is forgotten. The rating change, if it counted.
    async fn leave_practice(
        &self,
        tx: &mut store::Tx,
        who: &Who,
        key: &str,
    ) -> Result<Option<(f64, f64)>, HostError> {
        let Some(open) = store::open_practice(tx, who.user).await? else {
            return Ok(None);
        };
        if open.puzzle == key {
            return Ok(None);
        }
        if open.step == 0 && open.misses == 0 {
            store::drop_untried(tx, &open).await?;
            return Ok(None);
        }
        let left = TryResult {
            step: open.step,
            misses: open.misses,
            status: AttemptStatus::Failed,
            text: open.last_try.as_deref().unwrap_or_default(),
            now: self.clock.now(),
        };
        if !store::record_try(tx, &open, left).await? {
            return Err(HostError::Refused(Refusal::ChangedMeanwhile));
        }
        let puzzle = self.find_puzzle(&open.puzzle).await?;
        Ok(Some(
            self.rate_attempt(tx, who, &puzzle, &open, false).await?,
        ))
    }

    /// A practice puzzle for this player: not tried before, never a day's puzzle still to come,
    /// among the five rated nearest the player, varied by the time.
    async fn practice_puzzle(
        &self,
        who: &Who,
        today: Day,
        practice: Practice,
    ) -> Result<Option<Source>, HostError> {
        let set = self.puzzle_set()?;
        let daily = self.daily_count();
        let today_index = self.daily_index(today);
        let tried: std::collections::HashSet<String> = self
            .store
            .puzzles_tried(who.user)
            .await?
            .into_iter()
            .collect();
        let ratings = self.store.puzzle_ratings().await?;
        let rating = self
            .store
            .puzzler(who.user)
            .await?
            .map_or(1500.0, |p| p.rating);
        let wanted = |p: &Puzzle| practice.theme.is_none_or(|t| p.themes.contains(t));
        let mut pool: Vec<(String, u32, Source)> = Vec::new();
        if !practice.mine {
            for (i, p) in set.iter().enumerate() {
                if (i < daily && i >= today_index) || !wanted(p) {
                    continue;
                }
                pool.push((
                    dama_rules::fen::write(&p.start),
                    p.rating,
                    Source::Shipped(i),
                ));
            }
        }
        let mined = match (practice.mine, who.guild) {
            (true, _) => self.store.mined_of(who.user).await?,
            (false, Some(guild)) => self.store.mined_in(guild).await?,
            (false, None) => Vec::new(),
        };
        for row in mined {
            match Puzzle::parse_line(&row.line) {
                Ok(p) if wanted(&p) => pool.push((
                    row.puzzle,
                    p.rating,
                    Source::Mined(Box::new(p), row.played_at, row.player_id),
                )),
                Ok(_) => {}
                Err(e) => tracing::warn!(id = row.id, error = %e, "a found puzzle does not read"),
            }
        }
        let mut seen = std::collections::HashSet::new();
        let mut candidates: Vec<(f64, usize, Source)> = pool
            .into_iter()
            .enumerate()
            .filter(|(_, (key, _, _))| !tried.contains(key) && seen.insert(key.clone()))
            .map(|(order, (key, start, source))| {
                let r = ratings.get(&key).copied().unwrap_or(f64::from(start));
                ((r - rating).abs(), order, source)
            })
            .collect();
        candidates.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        candidates.truncate(5);
        if candidates.is_empty() {
            return Ok(None);
        }
        let pick = (self.clock.now().whole_secs() as u64 ^ who.user.0) % candidates.len() as u64;
        Ok(Some(candidates.swap_remove(pick as usize).2))
    }

    async fn puzzle_rating(&self, p: &Puzzle, key: &str) -> Result<PuzzleRating, HostError> {
        Ok(self
            .store
            .puzzle_rating(key)
            .await?
            .unwrap_or(PuzzleRating {
                rating: f64::from(p.rating),
                deviation: NEW_PUZZLE_DEVIATION,
                volatility: 0.06,
            }))
    }

    /// Plays a move in the puzzle the player opened last (today's, if none): right, it is
    /// answered by the longest defence; wrong, it costs one of three tries; a move the rules do
    /// not allow costs nothing.
    pub async fn puzzle_move(&self, who: &Who, text: &str) -> HostResult {
        // A try that lost a race with another (the same try sent twice at once) is judged
        // again against what the other wrote.
        super::again_if_stale(|| self.puzzle_try(who, text.trim())).await
    }

    #[expect(clippy::expect_used, reason = "a defence follows a right move")]
    async fn puzzle_try(&self, who: &Who, text: &str) -> HostResult {
        let attempt = match self.active_attempt(who).await? {
            Some(a) => a,
            None => {
                self.puzzle(who, false).await?;
                self.active_attempt(who).await?.ok_or_else(|| {
                    HostError::internal(
                        "a puzzle attempt vanished",
                        format!("player {}", who.user.0),
                    )
                })?
            }
        };
        let puzzle = self.find_puzzle(&attempt.puzzle).await?;
        let step = attempt.step as usize;
        let game = puzzle.game_at(step);
        // The same try again (the right move of the last turn, or the last miss at this one,
        // however written) changes nothing.
        if is_same_try(&puzzle, &attempt, text) {
            let mut reply = self
                .attempt_reply(who.lang, &attempt, &puzzle, None)
                .await?;
            reply.body.insert(0, Msg::Puzzle(PuzzleMsg::SameTry));
            return Ok(reply);
        }
        if attempt.status != AttemptStatus::Open {
            return Err(HostError::Refused(Refusal::PuzzleOver));
        }
        let mv = game
            .position()
            .read_move(text)
            .map_err(|e| HostError::Refused(Refusal::Move(e)))?;
        let tried = format!("{step}:{}", game.position().notation(&mv));
        let right = mv == puzzle.line[2 * step];
        let (step, misses) = if right {
            (attempt.step + 1, attempt.misses)
        } else {
            (attempt.step, attempt.misses + 1)
        };
        let status = if step as usize == puzzle.moves() {
            AttemptStatus::Solved
        } else if misses >= TRIES {
            AttemptStatus::Failed
        } else {
            AttemptStatus::Open
        };
        let now = self.clock.now();
        let mut tx = self.store.write().await?;
        let judged = TryResult {
            step,
            misses,
            status,
            text: &tried,
            now,
        };
        if !store::record_try(&mut tx, &attempt, judged).await? {
            return Err(HostError::Refused(Refusal::ChangedMeanwhile));
        }
        let mut rating = None;
        if status != AttemptStatus::Open {
            let solved = status == AttemptStatus::Solved;
            match attempt.day {
                Some(day) => store::finish_daily(&mut tx, who.user, day, solved).await?,
                None if solved => store::count_practice(&mut tx, who.user).await?,
                None => {}
            }
            rating = Some(
                self.rate_attempt(&mut tx, who, &puzzle, &attempt, solved && misses == 0)
                    .await?,
            );
        }
        tx.commit().await?;
        let after = AttemptRow {
            step,
            misses,
            status,
            version: attempt.version + 1,
            last_try: Some(tried),
            ..attempt
        };
        let said = if status == AttemptStatus::Solved {
            let streak = self.store.puzzler(who.user).await?.map_or(0, |p| p.streak);
            PuzzleMsg::Solved {
                daily: after.day.is_some(),
                streak,
                rating,
                missed: misses > 0,
            }
        } else if status == AttemptStatus::Failed {
            PuzzleMsg::Failed {
                daily: after.day.is_some(),
                solution: puzzle.notations(),
                rating,
            }
        } else if right {
            let defended = puzzle.game_at(step as usize);
            let (before, defence) = defended
                .last_move()
                .expect("a defence follows a right move");
            PuzzleMsg::Right {
                played: game.position().notation(&mv),
                defence: before.notation(&defence),
                moves_left: puzzle.moves() - step as usize,
                material: puzzle.kind == Kind::Material,
            }
        } else {
            PuzzleMsg::Wrong {
                tries_left: TRIES - misses,
                moves_left: puzzle.moves() - step as usize,
                material: puzzle.kind == Kind::Material,
            }
        };
        self.attempt_reply(who.lang, &after, &puzzle, Some(said))
            .await
    }

    /// Updates the player's and the puzzle's ratings after a first attempt (a solve without a
    /// miss is a win for the player); the ratings before and after.
    async fn rate_attempt(
        &self,
        tx: &mut store::Tx,
        who: &Who,
        puzzle: &Puzzle,
        attempt: &AttemptRow,
        won: bool,
    ) -> Result<(f64, f64), HostError> {
        let me = self.store.puzzler(who.user).await?.ok_or_else(|| {
            HostError::internal(
                "a puzzle player row vanished",
                format!("player {}", who.user.0),
            )
        })?;
        let mine = Glicko2Rating {
            rating: me.rating,
            deviation: me.deviation,
            volatility: me.volatility,
        };
        let theirs = self.puzzle_rating(puzzle, &attempt.puzzle).await?;
        let theirs = Glicko2Rating {
            rating: theirs.rating,
            deviation: theirs.deviation,
            volatility: theirs.volatility,
        };
        let outcome = if won { Outcomes::WIN } else { Outcomes::LOSS };
        let (new_me, new_puzzle) = glicko2(&mine, &theirs, &outcome, &Glicko2Config::new());
        let stored = |r: Glicko2Rating| PuzzleRating {
            rating: r.rating,
            deviation: r.deviation,
            volatility: r.volatility,
        };
        store::rate_puzzle(
            tx,
            who.user,
            stored(new_me),
            &attempt.puzzle,
            stored(new_puzzle),
        )
        .await?;
        Ok((me.rating, new_me.rating))
    }

    async fn active_attempt(&self, who: &Who) -> Result<Option<AttemptRow>, HostError> {
        let Some(active) = self.store.puzzler(who.user).await?.and_then(|p| p.active) else {
            return Ok(None);
        };
        Ok(self.store.attempt(active).await?)
    }

    /// The player's puzzle as it stands (the one their moves go to), shown again; today's if
    /// they have opened none.
    pub async fn puzzle_view(&self, who: &Who) -> HostResult {
        let Some(attempt) = self.active_attempt(who).await? else {
            return self.puzzle(who, false).await;
        };
        let puzzle = self.find_puzzle(&attempt.puzzle).await?;
        self.attempt_reply(who.lang, &attempt, &puzzle, None).await
    }

    /// The legal moves in the player's open puzzle, as the legal-moves answer says them.
    pub async fn puzzle_legal_moves(&self, who: &Who) -> HostResult {
        let Some(attempt) = self
            .active_attempt(who)
            .await?
            .filter(|a| a.status == AttemptStatus::Open)
        else {
            return Err(HostError::Refused(Refusal::PuzzleOver));
        };
        let game = self
            .find_puzzle(&attempt.puzzle)
            .await?
            .game_at(attempt.step as usize);
        Ok(super::views::legal_moves_reply(game.position()))
    }

    /// The legal moves in the player's open puzzle (for autocompletion).
    pub async fn puzzle_moves(&self, who: &Who) -> Result<Vec<String>, HostError> {
        let Some(attempt) = self.active_attempt(who).await? else {
            return Ok(Vec::new());
        };
        if attempt.status != AttemptStatus::Open {
            return Ok(Vec::new());
        }
        let game = self
            .find_puzzle(&attempt.puzzle)
            .await?
            .game_at(attempt.step as usize);
        let pos = game.position();
        Ok(pos.notations(&pos.legal_moves()))
    }

    /// The board of an attempt as it stands, with `said` first; a finished attempt comes with
    /// its solution as an animation.
    async fn attempt_reply(
        &self,
        lang: Lang,
        attempt: &AttemptRow,
        puzzle: &Puzzle,
        said: Option<PuzzleMsg>,
    ) -> HostResult {
        let step = attempt.step as usize;
        let open = attempt.status == AttemptStatus::Open;
        let game = if attempt.status == AttemptStatus::Solved {
            puzzle.solution()
        } else {
            puzzle.game_at(step)
        };
        let daily = attempt.day.is_some();
        let msg = said.unwrap_or(if open {
            PuzzleMsg::Shown {
                date: attempt.day.map(Day::noon_in_turkiye),
                solver: puzzle.solver(),
                moves: puzzle.moves() - step,
                material: puzzle.kind == Kind::Material,
                stars: puzzle.stars(),
                tries_left: TRIES - attempt.misses,
            }
        } else {
            PuzzleMsg::AlreadyDone {
                daily,
                solved: attempt.status == AttemptStatus::Solved,
                solution: puzzle.notations(),
            }
        });
        let caption = if attempt.status == AttemptStatus::Solved {
            Caption::PuzzleSolved
        } else {
            Caption::Puzzle {
                solver: puzzle.solver(),
                moves: puzzle.moves() - step,
                material: puzzle.kind == Kind::Material,
            }
        };
        let mut reply = Reply::private(Msg::Puzzle(msg));
        reply.board = Some(self.puzzle_board(&game, puzzle.solver(), caption, lang));
        reply.fen = Some(dama_rules::fen::write(game.position()));
        reply.black_bottom = puzzle.solver() == Color::Black;
        if !open {
            reply.file = Some(self.solution_gif(puzzle, lang).await?);
        }
        Ok(reply)
    }

    fn puzzle_board(
        &self,
        game: &Game,
        solver: Color,
        caption: Caption,
        lang: Lang,
    ) -> std::sync::Arc<[u8]> {
        let scene = Scene {
            last_move: game.last_move().map(|(p, m)| LastMove::new(p, &m)),
            black_bottom: solver == Color::Black,
            caption: Some(self.captions.caption(&caption, lang)),
            ..Scene::new(*game.position())
        };
        self.renderer.png(&scene)
    }

    /// The whole solution as an animated picture.
    async fn solution_gif(&self, puzzle: &Puzzle, lang: Lang) -> Result<File, HostError> {
        let game = puzzle.solution();
        let first = Caption::Puzzle {
            solver: puzzle.solver(),
            moves: puzzle.moves(),
            material: puzzle.kind == Kind::Material,
        };
        let captions = self.replay_captions(&game, first, &[], lang);
        let renderer = std::sync::Arc::clone(&self.renderer);
        let black = puzzle.solver() == Color::Black;
        let gif = Self::off_runtime(&self.replay_slots, move || {
            renderer.replay_gif(&game, black, &captions, 64)
        })
        .await?;
        // Named by the puzzle's number in the set (or its position's key for one found in a
        // game), so solutions do not overwrite each other.
        let name = match self
            .puzzle_set()?
            .iter()
            .position(|p| p.start == puzzle.start)
        {
            Some(i) => format!("dama-puzzle-{}-solution.gif", i + 1),
            None => format!("dama-puzzle-{:016x}-solution.gif", puzzle.start.zobrist()),
        };
        Ok(File { name, bytes: gif })
    }

    /// A player's streak, best streak, counts and puzzle rating (privately).
    pub async fn puzzle_stats(&self, who: &Who, user: Option<dama_model::UserId>) -> HostResult {
        let user = user.unwrap_or(who.user);
        let today = Day::in_turkiye(self.clock.now());
        let Some(p) = self.store.puzzler(user).await? else {
            return Ok(Reply::say(Msg::Puzzle(PuzzleMsg::Stats {
                user,
                streak: 0,
                best_streak: 0,
                solved: 0,
                failed: 0,
                practice: 0,
                rating: 1500.0,
                solved_today: false,
                themes: Vec::new(),
            })));
        };
        let themes = self.theme_lines(user).await?;
        Ok(Reply::say(Msg::Puzzle(PuzzleMsg::Stats {
            user,
            streak: live_streak(p.streak, p.last_day, today),
            best_streak: p.best_streak,
            solved: p.solved,
            failed: p.failed,
            practice: p.practice,
            rating: p.rating,
            solved_today: p.last_day == Some(today),
            themes,
        })))
    }

    /// A player's finished puzzles counted per theme: solved and tried, the themes tried most
    /// first.
    async fn theme_lines(&self, user: dama_model::UserId) -> Result<Vec<ThemeLine>, HostError> {
        let shipped: std::collections::HashMap<String, dama_play::puzzle::Themes> = self
            .config
            .puzzles
            .iter()
            .map(|p| (dama_rules::fen::write(&p.start), p.themes))
            .collect();
        let mut counts: std::collections::BTreeMap<Theme, (i64, i64)> = Default::default();
        for (key, solved) in self.store.puzzles_finished(user).await? {
            let themes = match shipped.get(&key) {
                Some(t) => *t,
                None => match self.store.mined_puzzle(&key).await? {
                    Some(row) => Puzzle::parse_line(&row.line)
                        .map_or_else(|_| Default::default(), |p| p.themes),
                    None => continue,
                },
            };
            for t in themes.iter() {
                let c = counts.entry(t).or_default();
                c.0 += i64::from(solved);
                c.1 += 1;
            }
        }
        let mut lines: Vec<ThemeLine> = counts
            .into_iter()
            .map(|(theme, (solved, tried))| ThemeLine {
                theme,
                solved,
                tried,
            })
            .collect();
        lines.sort_by_key(|l| std::cmp::Reverse(l.tried));
        Ok(lines)
    }

    /// This server's best puzzle streaks.
    pub async fn puzzle_leaderboard(&self, who: &Who) -> HostResult {
        let guild = who.guild.ok_or(HostError::Refused(Refusal::ServerOnly))?;
        let today = Day::in_turkiye(self.clock.now());
        let rows = self.store.puzzle_leaderboard(guild, today, 10).await?;
        if rows.is_empty() {
            return Ok(Reply::say(Msg::Puzzle(PuzzleMsg::NoSolvers)));
        }
        let rows = rows
            .into_iter()
            .map(|r| StreakLine {
                user: r.user_id,
                streak: live_streak(r.streak, r.last_day, today),
                best_streak: r.best_streak,
                solved: r.solved,
            })
            .collect();
        Ok(Reply::say(Msg::Puzzle(PuzzleMsg::Leaderboard { rows })))
    }

    /// Where this server's daily puzzle is posted (`None`: nowhere). Needs Manage Server.
    pub async fn set_puzzle_channel(&self, who: &Who, channel: Option<ChannelId>) -> HostResult {
        let guild = who.guild.ok_or(HostError::Refused(Refusal::ServerOnly))?;
        if !who.admin {
            return Err(HostError::Refused(Refusal::PuzzleChannelNeedsManageServer));
        }
        let mut tx = self.store.write().await?;
        store::set_puzzle_channel(&mut tx, guild, channel).await?;
        tx.commit().await?;
        Ok(Reply::private(Msg::Puzzle(PuzzleMsg::ChannelSet {
            channel,
        })))
    }

    /// Claims today's post for every server whose puzzle channel has not had it: each server
    /// gets it once a day, whatever the number of sweeps, restarts or processes. Post
    /// [`Host::daily_puzzle_post`] to each channel returned.
    pub async fn claim_puzzle_posts(&self) -> Result<Vec<(GuildId, ChannelId)>, HostError> {
        if self.config.puzzles.is_empty() {
            return Ok(Vec::new());
        }
        let today = Day::in_turkiye(self.clock.now());
        let mut claimed = Vec::new();
        for (guild, channel) in self.store.puzzle_posts_due(today).await? {
            let mut tx = self.store.write().await?;
            if store::claim_puzzle_post(&mut tx, guild, today).await? {
                tx.commit().await?;
                claimed.push((guild, channel));
            }
        }
        Ok(claimed)
    }

    /// Today's puzzle (Türkiye's day) and that day, for the web page; `None` when no puzzles
    /// are installed.
    pub fn todays_puzzle(&self) -> Option<(Puzzle, UnixMs)> {
        self.days_puzzle(0)
    }

    /// Yesterday's puzzle (in Türkiye), whose solution may be shown, and noon of its day.
    pub fn yesterdays_puzzle(&self) -> Option<(Puzzle, UnixMs)> {
        self.days_puzzle(-1)
    }

    /// The puzzle of the day `offset` days from today, and noon of that day.
    fn days_puzzle(&self, offset: i64) -> Option<(Puzzle, UnixMs)> {
        let set = self.puzzle_set().ok()?;
        let day = Day::in_turkiye(self.clock.now()).plus(offset);
        Some((set[self.daily_index(day)].clone(), day.noon_in_turkiye()))
    }

    /// Today's puzzle as posted in a server's puzzle channel, with a button that opens it
    /// privately.
    pub fn daily_puzzle_post(&self, lang: Lang) -> HostResult {
        let set = self.puzzle_set()?;
        let today = Day::in_turkiye(self.clock.now());
        let puzzle = &set[self.daily_index(today)];
        let material = puzzle.kind == Kind::Material;
        let caption = Caption::Puzzle {
            solver: puzzle.solver(),
            moves: puzzle.moves(),
            material,
        };
        let mut reply = Reply::say(Msg::Puzzle(PuzzleMsg::Daily {
            date: today.noon_in_turkiye(),
            solver: puzzle.solver(),
            moves: puzzle.moves(),
            material,
            stars: puzzle.stars(),
        }));
        let start = Game::new(puzzle.start);
        reply.board = Some(self.puzzle_board(&start, puzzle.solver(), caption, lang));
        reply.buttons = vec![Button {
            action: ButtonAction::OpenPuzzle,
            label: ButtonLabel::SolvePuzzle,
            style: ButtonStyle::Primary,
            disabled: false,
        }];
        Ok(reply)
    }
}

/// Whether `text` is the try last judged: the move that was right at the turn before, or the
/// miss at this turn. Tries are remembered as `step:move`, the move as the rules write it.
fn is_same_try(puzzle: &Puzzle, attempt: &AttemptRow, text: &str) -> bool {
    let Some(last) = attempt.last_try.as_deref() else {
        return false;
    };
    let step = attempt.step as usize;
    // Only the solver moves its own pieces, so the last turn's right move read again is never
    // a legal move of this turn: it is checked first.
    (step.checked_sub(1).into_iter().chain([step])).any(|s| {
        let game = puzzle.game_at(s);
        let pos = game.position();
        pos.read_move(text)
            .is_ok_and(|m| last == format!("{s}:{}", pos.notation(&m)))
    })
}

/// A streak still counts while its last solved day is today or yesterday.
fn live_streak(streak: i64, last_day: Option<Day>, today: Day) -> i64 {
    match last_day {
        Some(d) if d >= today.plus(-1) => streak,
        _ => 0,
    }
}
