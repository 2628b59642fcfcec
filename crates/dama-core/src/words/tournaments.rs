//! The tournament messages and refusals as Fluent ids and arguments.

use crate::host::{StandingsText, TournamentLine, TournamentMsg, TournamentRefusal};
use dama_model::TournamentStatus;
use dama_model::{TournamentFormat, TournamentKind};

use super::Writer;
use super::keys::{a, yes};

/// Points from halves: "2½", "½", "3".
pub fn points(halves: u32) -> String {
    match (halves / 2, halves % 2) {
        (0, 1) => "½".into(),
        (whole, 1) => format!("{whole}½"),
        (whole, _) => whole.to_string(),
    }
}

/// Quarters of a point as players write them: `15¾`, `¼`, `3` (Sonneborn–Berger counts a
/// draw's half of a score in halves).
pub fn quarters(q: u32) -> String {
    let part = ["", "¼", "½", "¾"][(q % 4) as usize];
    match q / 4 {
        0 if !part.is_empty() => part.into(),
        whole => format!("{whole}{part}"),
    }
}

fn kind_key(kind: TournamentKind) -> &'static str {
    match kind {
        TournamentKind::Swiss => "swiss",
        TournamentKind::Arena => "arena",
    }
}

impl Writer<'_> {
    pub(super) fn tournament_msg(&self, m: &TournamentMsg) -> String {
        let pairs = |games: &[(dama_model::UserId, dama_model::UserId)], numbered: bool| {
            games
                .iter()
                .enumerate()
                .map(|(i, (w, b))| {
                    self.part(
                        "tournament-game",
                        &[
                            ("board", a(if numbered { i as i64 + 1 } else { 0 })),
                            ("white", a(self.markup.user(*w))),
                            ("black", a(self.markup.user(*b))),
                        ],
                    )
                })
                .collect::<Vec<_>>()
        };
        match m {
            TournamentMsg::Created {
                name,
                format,
                control,
                starts_at,
                rated,
                players,
                status,
            } => {
                let length = match *format {
                    TournamentFormat::Swiss { rounds } => {
                        self.part("tournament-rounds", &[("rounds", a(rounds))])
                    }
                    TournamentFormat::Arena { minutes } => {
                        self.part("tournament-minutes", &[("minutes", a(minutes))])
                    }
                };
                let start = match (status, starts_at) {
                    (TournamentStatus::Open, Some(at)) => {
                        self.part("tournament-starts-at", &[("when", self.moment(*at))])
                    }
                    (TournamentStatus::Open, None) => self.part("tournament-starts-by-hand", &[]),
                    (TournamentStatus::Running, _) => self.part("tournament-under-way", &[]),
                    (TournamentStatus::Finished, _) => self.part("tournament-is-over", &[]),
                    (TournamentStatus::Cancelled, _) => self.part("tournament-is-called-off", &[]),
                };
                let open = matches!(status, TournamentStatus::Open | TournamentStatus::Running);
                let mut text = self.text(
                    "tournament-created",
                    &[
                        ("kind", a(kind_key(format.kind()))),
                        ("name", a(name.as_str())),
                        ("clock", a(self.time_control(*control))),
                        ("length", a(length)),
                        ("rated", a(yes(*rated))),
                        ("start", a(start)),
                        ("open", a(yes(open))),
                    ],
                );
                if *players > 0 {
                    text.push(' ');
                    text.push_str(
                        &self.part("tournament-players", &[("players", a(*players as i64))]),
                    );
                }
                text
            }
            TournamentMsg::Joined {
                user,
                name,
                players,
                missed_rounds,
            } => self.text(
                "tournament-joined",
                &[
                    ("user", a(self.markup.user(*user))),
                    ("name", a(name.as_str())),
                    ("players", a(*players as i64)),
                    ("missed", a(*missed_rounds)),
                ],
            ),
            TournamentMsg::Left {
                user,
                name,
                players,
            } => self.text(
                "tournament-left",
                &[
                    ("user", a(self.markup.user(*user))),
                    ("name", a(name.as_str())),
                    ("players", a(*players as i64)),
                ],
            ),
            TournamentMsg::Started { name, players } => self.text(
                "tournament-started",
                &[("name", a(name.as_str())), ("players", a(*players as i64))],
            ),
            TournamentMsg::Cancelled { name, too_few } => self.text(
                "tournament-cancelled",
                &[("name", a(name.as_str())), ("few", a(yes(*too_few)))],
            ),
            TournamentMsg::Exported { name } => {
                self.text("tournament-exported", &[("name", a(name.as_str()))])
            }
            TournamentMsg::Round {
                name,
                round,
                rounds,
                games,
                bye,
                starts_at,
            } => {
                let mut lines = vec![self.text(
                    "tournament-round",
                    &[
                        ("name", a(name.as_str())),
                        ("round", a(*round)),
                        ("rounds", a(*rounds)),
                    ],
                )];
                if let Some(at) = starts_at {
                    lines.push(self.part("tournament-round-starts", &[("when", self.moment(*at))]));
                }
                lines.extend(pairs(games, true));
                if let Some(b) = bye {
                    lines.push(self.part("tournament-bye", &[("user", a(self.markup.user(*b)))]));
                }
                lines.join("\n")
            }
            TournamentMsg::OutsideRules {
                name,
                organiser,
                round,
                rematches,
                second_byes,
            } => {
                let mut lines = vec![self.text(
                    "tournament-outside-rules",
                    &[
                        ("organiser", a(self.markup.user(*organiser))),
                        ("name", a(name.as_str())),
                        ("round", a(*round)),
                    ],
                )];
                lines.extend(rematches.iter().map(|(w, b)| {
                    self.part(
                        "tournament-rematch",
                        &[
                            ("white", a(self.markup.user(*w))),
                            ("black", a(self.markup.user(*b))),
                        ],
                    )
                }));
                lines.extend(second_byes.iter().map(|u| {
                    self.part(
                        "tournament-second-bye",
                        &[("user", a(self.markup.user(*u)))],
                    )
                }));
                lines.join("\n")
            }
            TournamentMsg::Paired { games } => {
                let mut lines = vec![self.text("tournament-paired", &[])];
                lines.extend(pairs(games, false));
                lines.join("\n")
            }
            TournamentMsg::Standings {
                name,
                kind,
                lines,
                finished,
            } => {
                let mut out = vec![self.text(
                    "tournament-standings",
                    &[("name", a(name.as_str())), ("final", a(yes(*finished)))],
                )];
                out.extend(lines.iter().map(|l| self.standing_line(*kind, l)));
                out.join("\n")
            }
            TournamentMsg::Finished { name, winners } => {
                let names = winners.iter().map(|w| self.markup.user(*w)).collect();
                self.text(
                    "tournament-finished",
                    &[
                        ("name", a(name.as_str())),
                        ("count", a(winners.len() as i64)),
                        ("winners", a(self.joined(names, "list-and"))),
                    ],
                )
            }
            TournamentMsg::Berserk { user } => self.text(
                "tournament-berserk",
                &[
                    ("user", a(self.markup.user(*user))),
                    ("moves", a(i64::from(dama_play::tournament::BERSERK_MOVES))),
                ],
            ),
        }
    }

    fn standing_line(&self, kind: TournamentKind, l: &TournamentLine) -> String {
        let games: Vec<&str> = l
            .games
            .iter()
            .map(|g| match g {
                2 => "1",
                1 => "½",
                _ => "0",
            })
            .collect();
        let (score, (buchholz, berger)) = match kind {
            TournamentKind::Swiss => (points(l.score), l.tie_breaks.unwrap_or((0, 0))),
            TournamentKind::Arena => (l.score.to_string(), (0, 0)),
        };
        // A Swiss score is in halves: one point is 2.
        let one_point = match kind {
            TournamentKind::Swiss => l.score == 2,
            TournamentKind::Arena => l.score == 1,
        };
        self.part(
            "tournament-line",
            &[
                ("kind", a(kind_key(kind))),
                ("rank", a(l.rank as i64)),
                ("user", a(self.markup.user(l.user))),
                ("score", a(score)),
                ("one", a(yes(one_point))),
                ("buchholz", a(points(buchholz))),
                ("berger", a(quarters(berger))),
                ("fire", a(yes(l.on_fire))),
                ("games", a(games.join(" "))),
                ("withdrawn", a(yes(l.withdrawn))),
            ],
        )
    }

    pub(super) fn standings_text(&self, t: &StandingsText) -> String {
        match t {
            StandingsText::Title { name, finished } => self.part(
                "tournament-standings",
                &[("name", a(name.as_str())), ("final", a(yes(*finished)))],
            ),
            StandingsText::Score { kind, score } => match kind {
                TournamentKind::Swiss => points(*score),
                TournamentKind::Arena => score.to_string(),
            },
            StandingsText::TieBreaks { buchholz, berger } => self.part(
                "standings-tie-breaks",
                &[
                    ("buchholz", a(points(*buchholz))),
                    ("berger", a(quarters(*berger))),
                ],
            ),
            StandingsText::OnFire => self.part("standings-on-fire", &[]),
            StandingsText::More { count } => {
                self.part("standings-more", &[("count", a(*count as i64))])
            }
        }
    }

    pub(super) fn tournament_refusal(&self, r: &TournamentRefusal) -> String {
        match r {
            TournamentRefusal::NoTournament => self.text("error-tournament-none", &[]),
            TournamentRefusal::NotOrganiser => self.text("error-tournament-not-organiser", &[]),
            TournamentRefusal::AlreadyIn => self.text("error-tournament-already-in", &[]),
            TournamentRefusal::NotIn => self.text("error-tournament-not-in", &[]),
            TournamentRefusal::Over(status) => self.text(
                "error-tournament-over",
                &[(
                    "status",
                    a(if *status == TournamentStatus::Finished {
                        "finished"
                    } else {
                        "cancelled"
                    }),
                )],
            ),
            TournamentRefusal::LateJoinOver => self.text("error-tournament-late-join-over", &[]),
            TournamentRefusal::Rounds { min, max } => self.text(
                "error-tournament-rounds",
                &[("min", a(*min)), ("max", a(*max))],
            ),
            TournamentRefusal::Pause { max } => {
                self.text("error-tournament-pause", &[("max", a(*max))])
            }
            TournamentRefusal::Minutes { min, max } => self.text(
                "error-tournament-minutes",
                &[("min", a(*min)), ("max", a(*max))],
            ),
            TournamentRefusal::StartsTooLate { latest } => self.text(
                "error-tournament-starts-too-late",
                &[("days", a(latest.whole_days()))],
            ),
            TournamentRefusal::Name { max } => {
                self.text("error-tournament-name", &[("max", a(*max as i64))])
            }
            TournamentRefusal::NotStarted => self.text("error-tournament-not-started", &[]),
            TournamentRefusal::AlreadyStarted => self.text("error-tournament-already-started", &[]),
            TournamentRefusal::ExportSwissOnly => {
                self.text("error-tournament-export-swiss-only", &[])
            }
            TournamentRefusal::StartsInThePast => {
                self.text("error-tournament-starts-in-the-past", &[])
            }
            TournamentRefusal::StartUnreadable(text) => self.text(
                "error-tournament-start-unreadable",
                &[("text", a(super::messages::clip(text)))],
            ),
            TournamentRefusal::NoBerserk => self.text("error-tournament-no-berserk", &[]),
            TournamentRefusal::AlreadyBerserk => self.text("error-tournament-already-berserk", &[]),
            TournamentRefusal::BerserkTooLate => {
                self.text("error-tournament-berserk-too-late", &[])
            }
            TournamentRefusal::TooManyUnfinished { max } => {
                self.text("error-tournament-too-many", &[("max", a(*max))])
            }
            TournamentRefusal::CreatingTooFast { max, again_at } => self.text(
                "error-tournament-too-fast",
                &[("max", a(*max as i64)), ("when", self.moment(*again_at))],
            ),
            TournamentRefusal::Full { max } => {
                self.text("error-tournament-full", &[("max", a(*max))])
            }
        }
    }
}
