//! Each typed message as a Fluent message id and its arguments. Colours, pieces, reasons and
//! statuses go in as keys (`white`, `man`, `resignation`…) so each language can pick its own
//! forms; players, moves and lists go in as finished text.

use crate::host::{ButtonLabel, CommandName, LanguageScope, Msg, Player, Reply, TurnClock};
use dama_model::ColorChoice;
use dama_model::{Millis, UnixMs};
use dama_play::ai::{Eval, Level};
use dama_play::clock::SpeedClass;
use dama_rules::{Color, GameResult, Outcome};

use super::keys::{a, color_key, reason_key, result_key, scope_key, yes};
use super::{Arg, Surface, Writer};

/// At most this many characters of what a player typed are quoted back.
const QUOTED: usize = 24;

/// A character that a terminal or a text view acts on instead of showing: a control character
/// (NUL, escape, carriage return, …) or one that reorders text right to left (the bidi
/// overrides, embeddings, isolates and marks).
pub fn unprintable(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{061c}' | '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// The first characters of what a player typed, for quoting it back.
pub fn clip(text: &str) -> String {
    let text = text.trim();
    let mut cut: String = if text.chars().count() <= QUOTED {
        text.to_string()
    } else {
        let mut cut: String = text.chars().take(QUOTED - 1).collect();
        cut.push('…');
        cut
    };
    // What a player typed is shown, never acted on: a NUL, an escape or a right-to-left
    // override is written as its code (`\u{0}`).
    let hidden = unprintable;
    if cut.chars().any(hidden) {
        cut = cut
            .chars()
            .map(|c| {
                if hidden(c) {
                    c.escape_unicode().to_string()
                } else {
                    c.to_string()
                }
            })
            .collect();
    }
    cut
}

impl Writer<'_> {
    /// A whole reply's words: its messages in order, sentences on one line, tables and cards
    /// on lines of their own.
    pub fn reply(&self, reply: &Reply) -> String {
        let mut out = String::new();
        for msg in &reply.body {
            let text = self.msg(msg);
            if !out.is_empty() {
                out.push(if out.contains('\n') || text.contains('\n') {
                    '\n'
                } else {
                    ' '
                });
            }
            out.push_str(&text);
        }
        out
    }

    /// The AI's level, named.
    pub fn level(&self, level: Level) -> String {
        self.part(&format!("level-{}", level.name()), &[])
    }

    /// Each level's record against the AI (won, drawn, lost), written by the message `key`.
    pub(super) fn ai_records(&self, levels: &[(Level, [i64; 3])], key: &str) -> Vec<String> {
        levels
            .iter()
            .map(|(level, [won, drawn, lost])| {
                self.part(
                    key,
                    &[
                        ("level", a(self.level(*level))),
                        ("wins", a(*won)),
                        ("draws", a(*drawn)),
                        ("losses", a(*lost)),
                    ],
                )
            })
            .collect()
    }

    /// A person as the surface writes users, or the AI with its level.
    pub fn player(&self, p: Player) -> String {
        match p {
            Player::User(u) => self.markup.user(u),
            Player::Ai(level) => self.part("player-ai", &[("level", a(self.level(level)))]),
        }
    }

    pub(super) fn user(&self, u: dama_model::UserId) -> Arg {
        a(self.markup.user(u))
    }

    /// A deadline: Discord shows `<t:…:R>` in each reader's language and zone; elsewhere it
    /// is written out ("in 3 days").
    pub(super) fn moment(&self, at: UnixMs) -> Arg {
        match self.markup.surface() {
            Surface::Discord => a(format!("<t:{}:R>", at.whole_secs())),
            Surface::Console { now } => {
                let secs = (at - now).whole_secs().max(0);
                let (unit, count) = if secs < 120 {
                    ("seconds", secs)
                } else if secs < 3600 {
                    ("minutes", (secs + 59) / 60)
                } else if secs < 2 * 86_400 {
                    ("hours", (secs + 3599) / 3600)
                } else {
                    ("days", (secs + 43_199) / 86_400)
                };
                a(self.part("time-in", &[("unit", a(unit)), ("count", a(count.max(1)))]))
            }
        }
    }

    /// "a", "a or b", "a, b or c"; long lists end with "and N other moves".
    pub(super) fn or_list(&self, items: &[String]) -> String {
        const SHOWN: usize = 8;
        let mut shown: Vec<String> = items.iter().take(SHOWN).cloned().collect();
        let more = items.len().saturating_sub(SHOWN);
        if more > 0 {
            shown.push(self.part("list-more", &[("count", a(more as i64))]));
        }
        self.joined(shown, "list-or")
    }

    /// Items joined with commas and, before the last, the language's word for `id`.
    pub(super) fn joined(&self, mut items: Vec<String>, id: &str) -> String {
        match items.len() {
            0 => String::new(),
            1 => items.remove(0),
            n => {
                let last = items.pop().unwrap_or_default();
                let _ = n;
                self.part(id, &[("first", a(items.join(", "))), ("last", a(last))])
            }
        }
    }

    pub(super) fn commands(
        &self,
        cmds: &[(&'static str, CommandName)],
    ) -> Vec<(&'static str, Arg)> {
        cmds.iter()
            .map(|(n, c)| (*n, a(self.command(*c))))
            .collect()
    }

    /// One thing the host says, in words.
    pub fn msg(&self, msg: &Msg) -> String {
        match msg {
            Msg::ChallengeIssued {
                challenger,
                challenged,
                rated,
                color,
                expires_in,
                control,
            } => self.text(
                if challenged.is_some() {
                    "challenge-issued"
                } else {
                    "open-challenge-issued"
                },
                &[
                    ("clock", a(self.time_control(*control))),
                    ("challenger", self.user(*challenger)),
                    ("challenged", challenged.map_or(a(""), |c| self.user(c))),
                    ("rated", a(yes(*rated))),
                    (
                        "color",
                        a(match color {
                            ColorChoice::White => "white",
                            ColorChoice::Black => "black",
                            ColorChoice::Random => "random",
                        }),
                    ),
                    ("minutes", a(expires_in.whole_minutes())),
                ],
            ),
            Msg::ChallengeDeclined { challenger, by } => self.text(
                "challenge-declined",
                &[
                    ("challenger", self.user(*challenger)),
                    ("by", self.user(*by)),
                ],
            ),
            Msg::ChallengeWithdrawn { by } => {
                self.text("challenge-withdrawn", &[("by", self.user(*by))])
            }
            Msg::ChallengeExpired {
                challenger,
                challenged: Some(challenged),
            } => self.text(
                "challenge-expired",
                &[
                    ("challenger", self.user(*challenger)),
                    ("challenged", self.user(*challenged)),
                ],
            ),
            Msg::ChallengeExpired {
                challenger,
                challenged: None,
            } => self.text(
                "open-challenge-expired",
                &[("challenger", self.user(*challenger))],
            ),
            Msg::ChallengeTaken {
                challenger,
                by,
                open,
            } => self.text(
                "challenge-taken",
                &[
                    ("challenger", self.user(*challenger)),
                    ("by", self.user(*by)),
                    ("open", a(yes(*open))),
                ],
            ),
            Msg::GameStarted {
                players,
                rated,
                control,
            } => self.text(
                "game-started",
                &[
                    ("clock", a(self.time_control(*control))),
                    ("white", a(self.player(players.white))),
                    ("black", a(self.player(players.black))),
                    ("rated", a(yes(*rated))),
                ],
            ),
            Msg::AiGameStarted {
                player,
                level,
                color,
                control,
            } => self.text(
                "ai-game-started",
                &[
                    ("clock", a(self.time_control(*control))),
                    ("player", self.user(*player)),
                    ("level", a(self.level(*level))),
                    ("color", a(color_key(*color))),
                ],
            ),
            Msg::Played {
                mover,
                notation,
                crowned,
            } => self.text(
                "played",
                &[
                    ("mover", a(self.player(*mover))),
                    ("move", a(notation.as_str())),
                    ("crowned", a(yes(*crowned))),
                ],
            ),
            Msg::PlayLink { link } => self.text("play-link", &[("link", a(link.as_str()))]),
            Msg::PlayedSince {
                earlier,
                mover,
                notation,
                crowned,
            } => self.text(
                "played-since",
                &[
                    ("earlier", a(earlier.join(", "))),
                    ("mover", a(self.player(*mover))),
                    ("move", a(notation.as_str())),
                    ("crowned", a(yes(*crowned))),
                ],
            ),
            Msg::ToMove {
                player,
                side,
                capture_due,
                deadline,
                clock,
            } => {
                let (kind, [white, black]) = match clock {
                    TurnClock::Correspondence => ("days", [Millis::ZERO; 2]),
                    TurnClock::FirstMove { forfeit: false } => ("first", [Millis::ZERO; 2]),
                    TurnClock::FirstMove { forfeit: true } => ("forfeit", [Millis::ZERO; 2]),
                    TurnClock::Live { white, black } => ("live", [*white, *black]),
                };
                self.text(
                    "to-move",
                    &[
                        ("player", self.user(*player)),
                        ("side", a(color_key(*side))),
                        ("capture", a(yes(*capture_due))),
                        ("deadline", self.moment(*deadline)),
                        ("clock", a(kind)),
                        ("white", a(self.clock(white))),
                        ("black", a(self.clock(black))),
                    ],
                )
            }
            Msg::FinalClocks { white, black } => self.text(
                "final-clocks",
                &[
                    ("white", a(self.clock(*white))),
                    ("black", a(self.clock(*black))),
                ],
            ),
            Msg::NoFirstMove { player } => {
                self.text("no-first-move", &[("player", a(self.player(*player)))])
            }
            Msg::Forfeit {
                winner,
                absent,
                withdrawn,
            } => {
                let args = [
                    ("winner", a(self.player(*winner))),
                    ("absent", a(self.player(*absent))),
                ];
                let mut text = self.text("forfeit", &args);
                if *withdrawn {
                    text.push(' ');
                    text.push_str(&self.part("forfeit-withdrawn", &args));
                }
                text
            }
            Msg::MoveTooLate => self.text("move-too-late", &[]),
            Msg::ActionTooLate => self.text("action-too-late", &[]),
            Msg::WebListed { public: false, .. } => self.text("web-unlisted", &[]),
            Msg::WebListed {
                public: true,
                link: None,
            } => self.text("web-listed", &[]),
            Msg::WebListed {
                public: true,
                link: Some(link),
            } => self.text("web-listed-at", &[("link", a(link.as_str()))]),
            Msg::AiThinking { level } => {
                self.text("ai-thinking", &[("level", a(self.level(*level)))])
            }
            Msg::GameOver { outcome, players } => self.game_over(*outcome, *players),
            Msg::NotRatedTooShort => self.text("not-rated-too-short", &[]),
            Msg::RatingChanges(changes) => {
                let items: Vec<String> = changes
                    .iter()
                    .map(|c| {
                        let (before, after) = (c.before.round() as i64, c.after.round() as i64);
                        let delta = after - before;
                        self.part(
                            "rating-change",
                            &[
                                ("user", self.user(c.user)),
                                ("before", a(before)),
                                ("after", a(after)),
                                (
                                    "delta",
                                    a(if delta >= 0 {
                                        format!("+{delta}")
                                    } else {
                                        format!("−{}", -delta)
                                    }),
                                ),
                            ],
                        )
                    })
                    .collect();
                self.text("rating-changes", &[("list", a(items.join(", ")))])
            }
            Msg::CalledOff { by } => match by {
                Some(by) => self.text("called-off-by", &[("by", self.user(*by))]),
                None => self.text("called-off", &[]),
            },
            Msg::ConfirmResign => self.text("confirm-resign", &[]),
            Msg::DrawOffered { by, to } => {
                let mut args = vec![("by", self.user(*by)), ("to", self.user(*to))];
                args.extend(self.commands(&[("draw", CommandName::Draw)]));
                self.text("draw-offered", &args)
            }
            Msg::AiDeclinesDraw { level } => {
                self.text("ai-declines-draw", &[("level", a(self.level(*level)))])
            }
            Msg::TakebackAsked { by, to } => {
                let mut args = vec![("by", self.user(*by)), ("to", self.user(*to))];
                args.extend(self.commands(&[("takeback", CommandName::Takeback)]));
                self.text("takeback-asked", &args)
            }
            Msg::TakenBack { moves } => self.text(
                "taken-back",
                &[
                    ("count", a(moves.len() as i64)),
                    ("moves", a(moves.join(", "))),
                ],
            ),
            Msg::Hint { notation, eval } => self.text(
                "hint",
                &[
                    ("move", a(notation.as_str())),
                    ("eval", a(self.eval(*eval))),
                ],
            ),
            Msg::LegalMoves {
                side,
                moves,
                capture_due,
            } => self.text(
                "legal-moves",
                &[
                    ("side", a(color_key(*side))),
                    ("count", a(moves.len() as i64)),
                    ("capture", a(yes(*capture_due))),
                    ("moves", a(moves.join(", "))),
                ],
            ),
            Msg::PdnFile { game } => self.text("pdn-file", &[("game", a(game.0))]),
            Msg::AnalysisAsked { by, other } => {
                let mut args = vec![("by", self.user(*by)), ("other", self.user(*other))];
                args.extend(self.commands(&[("analyze", CommandName::Analyze)]));
                self.text("analysis-asked", &args)
            }
            Msg::Analysis {
                game,
                players,
                accuracy,
                counts,
            } => {
                let mut lines = vec![self.text("analysis-done", &[("game", a(game.0))])];
                for side in [Color::White, Color::Black] {
                    let i = side.index();
                    let [inaccuracies, mistakes, blunders] = counts[i];
                    lines.push(self.text(
                        "analysis-accuracy",
                        &[
                            ("side", a(color_key(side))),
                            ("name", a(self.player(players.of(side)))),
                            ("accuracy", a(accuracy[i].map_or(100, i64::from))),
                            ("inaccuracies", a(inaccuracies as i64)),
                            ("mistakes", a(mistakes as i64)),
                            ("blunders", a(blunders as i64)),
                        ],
                    ));
                }
                lines.join("\n")
            }
            Msg::AnalysisProgress { percent } => {
                self.text("analysis-progress", &[("percent", a(i64::from(*percent)))])
            }
            Msg::ReplayFile { game } => self.text("replay-file", &[("game", a(game.0))]),
            Msg::Leaderboard { scope, speed, rows } => {
                let mut lines = vec![self.text(
                    "leaderboard-title",
                    &[
                        ("scope", a(scope_key(*scope))),
                        ("speed", a(self.speed_name(*speed))),
                    ],
                )];
                for (i, r) in rows.iter().enumerate() {
                    let mut args = vec![("rank", a(i as i64 + 1))];
                    args.extend(self.record(r));
                    lines.push(self.part("leaderboard-row", &args));
                }
                lines.join("\n")
            }
            Msg::NoRatedGames { scope, speed } => {
                let mut args = vec![
                    ("scope", a(scope_key(*scope))),
                    ("speed", a(speed.map_or("any", SpeedClass::key))),
                    (
                        "name",
                        a(speed.map_or(String::new(), |s| self.speed_name(s))),
                    ),
                ];
                args.extend(self.commands(&[("challenge", CommandName::Challenge)]));
                self.text("no-rated-games", &args)
            }
            Msg::Stats(s) => {
                let mut args = self.record(&s.record);
                args.push(("speed", a(s.speed.map_or("any", SpeedClass::key))));
                args.push((
                    "name",
                    a(s.speed.map_or(String::new(), |c| self.speed_name(c))),
                ));
                let mut parts = vec![self.text("stats", &args)];
                if !s.others.is_empty() {
                    let items: Vec<String> = s
                        .others
                        .iter()
                        .map(|(speed, r)| {
                            self.part(
                                "stats-other",
                                &[
                                    ("name", a(self.speed_name(*speed))),
                                    ("rating", a(r.rating.round() as i64)),
                                    ("games", a(r.games)),
                                ],
                            )
                        })
                        .collect();
                    parts.push(self.text("stats-others", &[("list", a(items.join(", ")))]));
                }
                if let Some(global) = s.global_rank {
                    let server = s.server_rank.map_or(a("none"), a);
                    parts.push(
                        self.text("stats-rank", &[("server", server), ("global", a(global))]),
                    );
                }
                if let Some((rating, at)) = s.peak {
                    parts.push(self.text(
                        "stats-peak",
                        &[
                            ("rating", a(rating.round() as i64)),
                            ("date", a(self.date(at))),
                        ],
                    ));
                }
                if s.longest_streak > 0 {
                    parts.push(self.text("stats-streak", &[("games", a(s.longest_streak))]));
                }
                if !s.ai.is_empty() {
                    let list = self.ai_records(&s.ai, "stats-ai-level").join("; ");
                    parts.push(self.text("stats-ai", &[("list", a(list))]));
                }
                if let Some((opponent, games)) = s.favourite {
                    parts.push(self.text(
                        "stats-favourite",
                        &[("opponent", a(self.player(opponent))), ("games", a(games))],
                    ));
                }
                if !s.recent.is_empty() {
                    let items: Vec<String> = s
                        .recent
                        .iter()
                        .map(|g| {
                            self.part(
                                "stats-recent-game",
                                &[
                                    ("result", a(result_key(g.result))),
                                    ("opponent", a(self.player(g.opponent))),
                                ],
                            )
                        })
                        .collect();
                    parts.push(self.text("stats-recent", &[("list", a(items.join(", ")))]));
                }
                if !s.tournaments.is_empty() {
                    let items: Vec<String> = s
                        .tournaments
                        .iter()
                        .take(3)
                        .map(|t| {
                            self.part(
                                "stats-tournament",
                                &[
                                    ("name", a(t.name.as_str())),
                                    ("place", a(t.place)),
                                    ("players", a(t.players)),
                                    ("date", a(self.date(t.ended_at))),
                                ],
                            )
                        })
                        .collect();
                    let won = s.tournaments.iter().filter(|t| t.place == 1).count();
                    parts.push(self.text(
                        "stats-tournaments",
                        &[
                            ("played", a(s.tournaments.len() as i64)),
                            ("won", a(won as i64)),
                            ("list", a(items.join("; "))),
                        ],
                    ));
                }
                parts.join(" ")
            }
            Msg::NotPlayedYet { user } => {
                self.text("not-played-yet", &[("user", self.user(*user))])
            }
            Msg::TimeWarning { player, deadline } => self.text(
                "time-warning",
                &[
                    ("player", self.user(*player)),
                    ("deadline", self.moment(*deadline)),
                ],
            ),
            Msg::GameBroken { game, players } => {
                let names = players.iter().map(|u| self.markup.user(*u)).collect();
                let mut args = vec![
                    ("game", a(game.0)),
                    ("players", a(self.joined(names, "list-and"))),
                ];
                args.extend(self.commands(&[("abort", CommandName::Abort)]));
                self.text("game-broken", &args)
            }
            Msg::Aborted { game, by } => {
                self.text("aborted", &[("game", a(game.0)), ("by", self.user(*by))])
            }
            Msg::LanguageSet { scope, lang } => {
                let scope = a(match scope {
                    LanguageScope::Me => "me",
                    LanguageScope::Server => "server",
                });
                match lang {
                    Some(l) => self.text(
                        "language-set",
                        &[
                            ("scope", scope),
                            ("lang", a(self.words.get(*l, "language-name"))),
                        ],
                    ),
                    None => self.text("language-auto", &[("scope", scope)]),
                }
            }
            Msg::Rules { move_time } => {
                self.text("rules", &[("hours", a(move_time.whole_hours()))])
            }
            Msg::Finding(m) => self.finding_msg(m),
            Msg::Puzzle(m) => self.puzzle_msg(m),
            Msg::Tournament(m) => self.tournament_msg(m),
            Msg::Help { move_time } => {
                let id = match self.markup.surface() {
                    Surface::Discord => "help",
                    Surface::Console { .. } => "console-help",
                };
                self.text(id, &[("hours", a(move_time.whole_hours()))])
            }
        }
    }

    /// The arguments that say a player's rating and record.
    fn record(&self, r: &crate::host::Record) -> Vec<(&'static str, Arg)> {
        vec![
            ("user", self.user(r.user)),
            ("rating", a(r.rating.round() as i64)),
            ("margin", a(r.margin.round() as i64)),
            ("games", a(r.games)),
            ("wins", a(r.wins)),
            ("draws", a(r.draws)),
            ("losses", a(r.losses)),
        ]
    }

    fn game_over(&self, outcome: Outcome, players: crate::host::Players) -> String {
        let reason = a(reason_key(outcome.reason));
        match outcome.result {
            GameResult::Win(winner) => {
                let (w, l) = (players.of(winner), players.of(winner.opponent()));
                let mut text = self.text(
                    "game-won",
                    &[
                        ("reason", reason),
                        ("winner", a(self.player(w))),
                        ("loser", a(self.player(l))),
                        ("color", a(color_key(winner))),
                    ],
                );
                let verdict = match (w, l) {
                    (Player::User(u), Player::Ai(level)) => Some(("game-ai-you-won", u, level)),
                    (Player::Ai(level), Player::User(u)) => Some(("game-ai-you-lost", u, level)),
                    _ => None,
                };
                if let Some((id, person, level)) = verdict {
                    text.push(' ');
                    text.push_str(&self.text(
                        id,
                        &[
                            ("person", self.user(person)),
                            ("level", a(self.level(level))),
                        ],
                    ));
                }
                text
            }
            GameResult::Draw => self.text("game-drawn", &[("reason", reason)]),
        }
    }

    /// How a position stands, in words.
    pub fn eval(&self, eval: Eval) -> String {
        match eval {
            Eval::Equal => self.text("eval-equal", &[]),
            Eval::SlightlyBetter(c) => {
                self.text("eval-slightly-better", &[("side", a(color_key(c)))])
            }
            Eval::Better(c) => self.text("eval-better", &[("side", a(color_key(c)))]),
            Eval::Winning(c) => self.text("eval-winning", &[("side", a(color_key(c)))]),
            Eval::WinsIn { side, moves } => self.text(
                "eval-wins-in",
                &[("side", a(color_key(side))), ("moves", a(i64::from(moves)))],
            ),
            Eval::Draw => self.text("eval-draw", &[]),
        }
    }

    /// What a button says.
    pub fn button(&self, label: ButtonLabel) -> String {
        self.text(
            match label {
                ButtonLabel::Accept => "button-accept",
                ButtonLabel::Decline => "button-decline",
                ButtonLabel::Cancel => "button-cancel",
                ButtonLabel::Resign => "button-resign",
                ButtonLabel::ConfirmResign => "button-confirm-resign",
                ButtonLabel::OfferDraw => "button-offer-draw",
                ButtonLabel::AcceptDraw => "button-accept-draw",
                ButtonLabel::AllowTakeback => "button-allow-takeback",
                ButtonLabel::Hint => "button-hint",
                ButtonLabel::PlayOnBoard => "button-play-on-board",
                ButtonLabel::SolvePuzzle => "button-solve-puzzle",
                ButtonLabel::LeavePuzzle => "button-leave-puzzle",
                ButtonLabel::JoinTournament => "button-join-tournament",
                ButtonLabel::LeaveTournament => "button-leave-tournament",
                ButtonLabel::LeavePool => "button-leave-pool",
                ButtonLabel::Rematch => "button-rematch",
                ButtonLabel::Berserk => "button-berserk",
            },
            &[],
        )
    }
}
