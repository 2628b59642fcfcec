//! The puzzle messages as Fluent ids and arguments.

use crate::host::{CommandName, PuzzleMsg};

use super::keys::{a, color_key};
use super::{Surface, Writer};

impl Writer<'_> {
    pub(super) fn puzzle_msg(&self, m: &PuzzleMsg) -> String {
        let rating = |r: &Option<(f64, f64)>| {
            r.map(|(before, after)| {
                self.part(
                    "puzzle-rating-change",
                    &[
                        ("before", a(before.round() as i64)),
                        ("after", a(after.round() as i64)),
                    ],
                )
            })
            .unwrap_or_default()
        };
        let kind = |daily: bool| a(if daily { "daily" } else { "practice" });
        let goal = |material: bool| ("goal", a(if material { "material" } else { "win" }));
        match m {
            PuzzleMsg::Shown {
                date,
                solver,
                moves,
                material,
                stars,
                tries_left,
            } => {
                let mut args = vec![
                    ("side", a(color_key(*solver))),
                    ("moves", a(*moves as i64)),
                    goal(*material),
                    ("stars", a(stars_text(*stars))),
                    ("tries", a(*tries_left)),
                ];
                args.extend(self.commands(&[("puzzle", CommandName::Puzzle)]));
                let head = match date {
                    Some(d) => self.part("puzzle-today", &[("date", a(self.date(*d)))]),
                    None => self.part("puzzle-practice", &[]),
                };
                args.push(("head", a(head)));
                self.text("puzzle-shown", &args)
            }
            PuzzleMsg::Right {
                played,
                defence,
                moves_left,
                material,
            } => self.text(
                "puzzle-right",
                &[
                    ("played", a(played.as_str())),
                    ("defence", a(defence.as_str())),
                    ("moves", a(*moves_left as i64)),
                    goal(*material),
                ],
            ),
            PuzzleMsg::Wrong {
                tries_left,
                moves_left,
                material,
            } => self.text(
                "puzzle-wrong",
                &[
                    ("tries", a(*tries_left)),
                    ("moves", a(*moves_left as i64)),
                    goal(*material),
                ],
            ),
            PuzzleMsg::FromGame { date, yours } => self.text(
                "puzzle-from-game",
                &[
                    ("date", a(self.date(*date))),
                    ("yours", a(if *yours { "yes" } else { "no" })),
                ],
            ),
            PuzzleMsg::SameTry => self.text("puzzle-same-try", &[]),
            PuzzleMsg::LeaveFirst => self.text("puzzle-leave-first", &[]),
            PuzzleMsg::LeftAfterATry { rating: r } => self.text(
                "puzzle-left-after-a-try",
                &[("rating", a(rating(&Some(*r))))],
            ),
            PuzzleMsg::Solved {
                daily,
                streak,
                rating: r,
                missed,
            } => self.text(
                "puzzle-solved",
                &[
                    ("kind", kind(*daily)),
                    ("streak", a(*streak)),
                    ("missed", a(if *missed { "yes" } else { "no" })),
                    ("rating", a(rating(r))),
                ],
            ),
            PuzzleMsg::Failed {
                daily,
                solution,
                rating: r,
            } => self.text(
                "puzzle-failed",
                &[
                    ("kind", kind(*daily)),
                    ("solution", a(solution.join(" "))),
                    ("rating", a(rating(r))),
                ],
            ),
            PuzzleMsg::AlreadyDone {
                daily,
                solved,
                solution,
            } => {
                let mut args = vec![
                    ("kind", kind(*daily)),
                    ("solved", a(if *solved { "yes" } else { "no" })),
                    ("solution", a(solution.join(" "))),
                ];
                args.push(("practice", a(self.practice_command())));
                self.text("puzzle-already-done", &args)
            }
            PuzzleMsg::Stats {
                user,
                streak,
                best_streak,
                solved,
                failed,
                practice,
                rating,
                solved_today,
                themes,
            } => {
                let mut text = self.text(
                    "puzzle-stats",
                    &[
                        ("user", a(self.markup.user(*user))),
                        ("streak", a(*streak)),
                        ("best", a(*best_streak)),
                        ("solved", a(*solved)),
                        ("failed", a(*failed)),
                        ("practice", a(*practice)),
                        ("rating", a(rating.round() as i64)),
                        ("today", a(if *solved_today { "yes" } else { "no" })),
                    ],
                );
                if !themes.is_empty() {
                    let rows: Vec<String> = themes
                        .iter()
                        .map(|t| {
                            self.part(
                                "puzzle-stats-theme",
                                &[
                                    ("theme", a(self.theme_name(t.theme))),
                                    ("solved", a(t.solved)),
                                    ("tried", a(t.tried)),
                                ],
                            )
                        })
                        .collect();
                    text.push('\n');
                    text.push_str(
                        &self.part("puzzle-stats-themes", &[("themes", a(rows.join(", ")))]),
                    );
                }
                text
            }
            PuzzleMsg::Leaderboard { rows } => {
                let mut lines = vec![self.text("puzzle-leaderboard-title", &[])];
                for (i, r) in rows.iter().enumerate() {
                    lines.push(self.part(
                        "puzzle-leaderboard-row",
                        &[
                            ("rank", a(i as i64 + 1)),
                            ("user", a(self.markup.user(r.user))),
                            ("streak", a(r.streak)),
                            ("best", a(r.best_streak)),
                            ("solved", a(r.solved)),
                        ],
                    ));
                }
                lines.join("\n")
            }
            PuzzleMsg::NoSolvers => self.text(
                "puzzle-no-solvers",
                &self.commands(&[("puzzle", CommandName::Puzzle)]),
            ),
            PuzzleMsg::ChannelSet { channel } => match channel {
                Some(c) => {
                    let channel = match self.markup.surface() {
                        Surface::Discord => format!("<#{}>", c.0),
                        Surface::Console { .. } => format!("#{}", c.0),
                    };
                    self.text("puzzle-channel-set", &[("channel", a(channel))])
                }
                None => self.text("puzzle-channel-cleared", &[]),
            },
            PuzzleMsg::Daily {
                date,
                solver,
                moves,
                material,
                stars,
            } => self.text(
                "puzzle-daily",
                &[
                    ("date", a(self.date(*date))),
                    ("side", a(color_key(*solver))),
                    ("moves", a(*moves as i64)),
                    goal(*material),
                    ("stars", a(stars_text(*stars))),
                ],
            ),
            PuzzleMsg::NoPracticeLeft { theme, mine } => match (theme, mine) {
                (_, true) => self.text("puzzle-none-mined", &[]),
                (Some(t), false) => {
                    self.text("puzzle-no-theme-left", &[("theme", a(self.theme_name(*t)))])
                }
                (None, false) => self.text("puzzle-no-practice-left", &[]),
            },
        }
    }

    /// A theme's name in the reader's language.
    pub fn theme_name(&self, theme: dama_play::puzzle::Theme) -> String {
        self.part(&format!("puzzle-theme-{}", theme.name()), &[])
    }
}

impl Writer<'_> {
    /// How to ask for a practice puzzle.
    fn practice_command(&self) -> String {
        match self.markup.surface() {
            Surface::Discord => format!(
                "`/dama {} {}:true`",
                self.part("cmd-puzzle", &[]),
                self.part("cmd-puzzle.random", &[])
            ),
            Surface::Console { .. } => format!("`{}`", self.part("console-cmd-puzzle-random", &[])),
        }
    }
}

/// "★★★☆☆".
fn stars_text(stars: u32) -> String {
    let stars = stars.min(5) as usize;
    format!("{}{}", "★".repeat(stars), "☆".repeat(5 - stars))
}
