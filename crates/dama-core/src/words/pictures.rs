//! The words of the pictures and of time: board captions (with a live game's clocks), the
//! player's card, speed classes and time controls.

use crate::host::{Caption, CardText};
use dama_model::{Date, Day, Millis, UnixMs};
use dama_play::clock::{SpeedClass, TimeControl};
use dama_rules::{GameResult, Outcome};

use super::Writer;
use super::keys::{a, color_key, reason_key, result_key};

impl Writer<'_> {
    /// A speed class's name inside a sentence ("blitz", "correspondence").
    pub fn speed_name(&self, speed: SpeedClass) -> String {
        self.part("speed-name", &[("speed", a(speed.key()))])
    }

    /// A time control as players say it: "5+3 blitz", "1,5+1 bullet", "3 days a move".
    pub fn time_control(&self, control: TimeControl) -> String {
        match control {
            TimeControl::Correspondence { days } => {
                self.part("time-control-days", &[("days", a(i64::from(days)))])
            }
            TimeControl::Live { .. } => self.part(
                "time-control-live",
                &[
                    ("control", a(self.decimal(&control.to_string()))),
                    ("speed", a(control.speed().key())),
                ],
            ),
        }
    }

    /// A clock as this language writes it: `4:59`, and tenths under ten seconds with its
    /// decimal point (`9.4`, Turkish `9,4`).
    pub fn clock(&self, left: Millis) -> String {
        self.decimal(&dama_play::clock::show(left))
    }

    /// `text` with its decimal points written as this language writes them.
    pub fn decimal(&self, text: &str) -> String {
        text.replace('.', &self.part("decimal-point", &[]))
    }

    /// A picture's caption, in words.
    pub fn caption(&self, caption: &Caption) -> String {
        match caption {
            Caption::Clocked {
                caption,
                white,
                black,
            } => self.part(
                "caption-clocked",
                &[
                    ("caption", a(self.caption(caption))),
                    ("white", a(self.clock(*white))),
                    ("black", a(self.clock(*black))),
                ],
            ),
            Caption::ToMove { side, number } => self.text(
                "caption-to-move",
                &[("side", a(color_key(*side))), ("number", a(*number as i64))],
            ),
            Caption::Card(t) => self.card_text(t),
            Caption::SideToMove(side) => {
                self.text("caption-side-to-move", &[("side", a(color_key(*side)))])
            }
            Caption::Over(o) => self.outcome_caption(*o),
            Caption::CalledOff => self.text("caption-called-off", &[]),
            Caption::Forfeit(absent) => {
                self.text("caption-forfeit", &[("side", a(color_key(*absent)))])
            }
            Caption::ReplayStart => self.text("caption-replay-start", &[]),
            Caption::Puzzle {
                solver,
                moves,
                material,
            } => self.text(
                "caption-puzzle",
                &[
                    ("side", a(color_key(*solver))),
                    ("moves", a(*moves as i64)),
                    ("goal", a(if *material { "material" } else { "win" })),
                ],
            ),
            Caption::PuzzleSolved => self.text("caption-puzzle-solved", &[]),
            Caption::Standings(t) => self.standings_text(t),
            Caption::ReplayPly {
                number,
                side,
                notation,
                outcome,
            } => {
                let ply = self.part(
                    "caption-replay-ply",
                    &[
                        ("number", a(*number as i64)),
                        ("side", a(color_key(*side))),
                        ("move", a(notation.as_str())),
                    ],
                );
                match outcome {
                    Some(o) => self.part(
                        "caption-replay-end",
                        &[("ply", a(ply)), ("outcome", a(self.outcome_caption(*o)))],
                    ),
                    None => ply,
                }
            }
        }
    }

    fn card_text(&self, t: &CardText) -> String {
        let rank = |r: Option<i64>| r.map_or(a("none"), a);
        match t {
            CardText::Rating {
                speed,
                rating,
                margin,
            } => self.part(
                "card-rating",
                &[
                    ("speed", a(speed.map_or("any", SpeedClass::key))),
                    ("rating", a(*rating)),
                    ("margin", a(*margin)),
                ],
            ),
            CardText::OtherRatings(others) => {
                let items: Vec<String> = others
                    .iter()
                    .map(|(speed, rating)| {
                        self.part(
                            "card-other",
                            &[("name", a(self.speed_name(*speed))), ("rating", a(*rating))],
                        )
                    })
                    .collect();
                self.part("card-others", &[("list", a(items.join(" · ")))])
            }
            CardText::Rank { server, global } => self.part(
                "card-rank",
                &[("server", rank(*server)), ("global", a(*global))],
            ),
            CardText::Peak { rating } => self.part("card-peak", &[("rating", a(*rating))]),
            CardText::Record {
                wins,
                draws,
                losses,
            } => self.part(
                "card-record",
                &[
                    ("wins", a(*wins)),
                    ("draws", a(*draws)),
                    ("losses", a(*losses)),
                ],
            ),
            CardText::LastResults => self.part("card-last-results", &[]),
            CardText::Result(r) => self.part("card-result", &[("result", a(result_key(*r)))]),
            CardText::Favourite { name, games } => self.part(
                "card-favourite",
                &[("name", a(name.as_str())), ("games", a(*games))],
            ),
            CardText::Streak { games } => self.part("card-streak", &[("games", a(*games))]),
            CardText::Tournaments { played, won, last } => self.part(
                "card-tournaments",
                &[
                    ("played", a(*played)),
                    ("won", a(*won)),
                    ("name", a(last.name.as_str())),
                    ("place", a(last.place)),
                    ("players", a(last.players)),
                ],
            ),
            CardText::AiGames(levels) => self.part(
                "card-ai",
                &[(
                    "list",
                    a(self.ai_records(levels, "card-ai-level").join(" · ")),
                )],
            ),
            CardText::Date(at) => self.date(*at),
            CardText::NoRatedGame => self.text("card-no-rated-game", &[]),
        }
    }

    /// A date (UTC) as this language writes it.
    pub(super) fn date(&self, at: UnixMs) -> String {
        let Date { year, month, day } = Day::utc(at).date();
        self.part(
            "date",
            &[
                ("year", a(year.to_string())),
                ("month", a(month)),
                ("day", a(day)),
                ("mm", a(format!("{month:02}"))),
                ("dd", a(format!("{day:02}"))),
            ],
        )
    }

    fn outcome_caption(&self, o: Outcome) -> String {
        match o.result {
            GameResult::Win(c) => self.text(
                "caption-won",
                &[
                    ("color", a(color_key(c))),
                    ("reason", a(reason_key(o.reason))),
                ],
            ),
            GameResult::Draw => self.text("caption-drawn", &[("reason", a(reason_key(o.reason)))]),
        }
    }
}
