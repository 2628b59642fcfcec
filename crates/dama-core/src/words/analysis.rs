//! The words of a post-game analysis in one language: the report's lines, the picture's
//! texts, the annotated PDN's comments. Shared by the command line and the bot.

use crate::host::Lang;
use dama_play::ai::analysis::{Analysis, Judgement, MoveReview};
use dama_play::render::{Chart, LastMove, Scene};
use dama_rules::pdn::Note;
use dama_rules::{Color, Game};

use super::Words;
use super::keys::{a, color_key};

/// The mover's winning chances as a whole percentage (50 is level).
fn percent(chances: f64) -> i64 {
    (50.0 + 50.0 * chances).round() as i64
}

fn judgement_key(j: Judgement) -> &'static str {
    match j {
        Judgement::Inaccuracy => "inaccuracy",
        Judgement::Mistake => "mistake",
        Judgement::Blunder => "blunder",
    }
}

/// "12." for White's 12th move, "12..." for Black's.
fn numbered(game: &Game, m: &MoveReview) -> String {
    let first_black = game.start().side_to_move() == Color::Black;
    let number = (m.ply + usize::from(first_black)) / 2 + 1;
    match m.side {
        Color::White => format!("{number}."),
        Color::Black => format!("{number}..."),
    }
}

impl Words {
    #[expect(clippy::expect_used, reason = "a reviewed move is in the game")]
    fn judged_move(&self, lang: Lang, game: &Game, m: &MoveReview) -> (String, String) {
        let pos = game
            .history()
            .nth(m.ply)
            .map(|(p, _)| *p)
            .expect("a reviewed move is in the game");
        let mark = m.judgement.map_or("", Judgement::mark);
        let head = format!("{} {}{mark}", numbered(game, m), pos.notation(&m.played));
        let better = self.get_with(
            lang,
            "analysis-better",
            &[("move", a(pos.notation(&m.best)))],
        );
        (head, better)
    }

    /// One line per player, then one per judged move (the mark, what it cost, the better move).
    pub fn analysis_report(
        &self,
        lang: Lang,
        game: &Game,
        names: [&str; 2],
        analysis: &Analysis,
    ) -> Vec<String> {
        let mut lines: Vec<String> = [Color::White, Color::Black]
            .iter()
            .map(|&side| self.accuracy_line(lang, side, names[side.index()], analysis))
            .collect();
        for m in analysis.moves.iter().filter(|m| m.judgement.is_some()) {
            let (head, better) = self.judged_move(lang, game, m);
            let judgement = m.judgement.map_or("", judgement_key);
            lines.push(self.get_with(
                lang,
                "analysis-move",
                &[
                    ("move", a(head)),
                    ("judgement", a(judgement)),
                    ("before", a(percent(m.before))),
                    ("after", a(percent(m.after))),
                    ("better", a(better)),
                ],
            ));
        }
        lines
    }

    fn accuracy_line(&self, lang: Lang, side: Color, name: &str, analysis: &Analysis) -> String {
        let [inaccuracies, mistakes, blunders] = analysis.counts(side);
        let accuracy = analysis.accuracy[side.index()].map_or(100, |x| x.round() as i64);
        self.get_with(
            lang,
            "analysis-accuracy",
            &[
                ("side", a(color_key(side))),
                ("name", a(name)),
                ("accuracy", a(accuracy)),
                ("inaccuracies", a(inaccuracies as i64)),
                ("mistakes", a(mistakes as i64)),
                ("blunders", a(blunders as i64)),
            ],
        )
    }

    /// The analysis picture's contents: the curve, the marks, the players' lines and the
    /// turning points as boards after the move, from the side of the player who made it.
    pub fn analysis_chart(
        &self,
        lang: Lang,
        game: &Game,
        names: [&str; 2],
        result: &str,
        analysis: &Analysis,
    ) -> Chart {
        let positions: Vec<_> = game.history().map(|(p, mv)| (*p, mv)).collect();
        let boards = analysis
            .turning_points
            .iter()
            .filter_map(|&ply| analysis.moves.get(ply))
            .map(|m| {
                let (before, mv) = positions[m.ply];
                let scene = Scene {
                    last_move: Some(LastMove::new(&before, &mv)),
                    black_bottom: m.side == Color::Black,
                    show_must_capture: false,
                    ..Scene::new(before.play_unchecked(&mv))
                };
                let (head, better) = self.judged_move(lang, game, m);
                (scene, vec![head, better])
            })
            .collect();
        Chart {
            title: self.get_with(
                lang,
                "analysis-title",
                &[
                    ("white", a(names[0])),
                    ("black", a(names[1])),
                    ("result", a(result)),
                ],
            ),
            chances: analysis.chances.clone(),
            marks: analysis
                .moves
                .iter()
                .filter_map(|m| Some((m.ply + 1, m.judgement?)))
                .collect(),
            legend: [Color::White, Color::Black]
                .iter()
                .map(|&side| self.accuracy_line(lang, side, names[side.index()], analysis))
                .collect(),
            boards,
        }
    }

    /// A note for each judged move of the game, for [`dama_rules::pdn::write_annotated`].
    pub fn analysis_notes(
        &self,
        lang: Lang,
        game: &Game,
        analysis: &Analysis,
    ) -> Vec<Option<Note>> {
        analysis
            .moves
            .iter()
            .map(|m| {
                let j = m.judgement?;
                let (_, better) = self.judged_move(lang, game, m);
                Some(Note {
                    mark: j.mark(),
                    comment: self.get_with(
                        lang,
                        "analysis-comment",
                        &[
                            ("judgement", a(judgement_key(j))),
                            ("before", a(percent(m.before))),
                            ("after", a(percent(m.after))),
                            ("better", a(better)),
                        ],
                    ),
                })
            })
            .collect()
    }
}
