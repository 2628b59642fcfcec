//! Today's puzzle in the browser: anonymous, nothing stored. The page carries the right moves
//! so far in its own query (`done`), so every step is a plain link or form: it works without
//! JavaScript, and a reload or a shared link shows the same step.

use std::fmt::Write;

use axum::extract::State;
use axum::response::Response;

use crate::engine::{Color, Game};
use crate::puzzle::Puzzle;
use crate::render::Scene;
use crate::words::Arg;

use super::Web;
use super::game::{Asked, side};
use super::html::{Page, escape, html, not_found};

/// Where a reader stands in a puzzle.
#[derive(Debug, PartialEq)]
pub struct Progress {
    /// The solver's right moves so far, as the reader wrote them.
    pub done: Vec<String>,
    /// The position before the solver's next move, with the line so far.
    pub game: Game,
    pub said: Said,
}

/// What the page says about the last move typed.
#[derive(Debug, PartialEq)]
pub enum Said {
    /// Nothing typed yet.
    Task,
    /// Right: the defence that followed, and how many moves are left.
    Right {
        played: String,
        defence: String,
        left: usize,
    },
    Solved,
    /// Legal, but it does not get there in the moves left.
    Wrong {
        played: String,
        left: usize,
    },
    /// Not a legal move here.
    Unreadable(String),
}

/// Follows the reader's moves through `puzzle`: those in `done` that are right (anything after
/// the first that is not is dropped), then `typed`.
pub fn follow(puzzle: &Puzzle, done: &str, typed: Option<&str>) -> Progress {
    let mut kept = Vec::new();
    for text in done.split_whitespace().take(puzzle.moves()) {
        let game = puzzle.game_at(kept.len());
        match game.position().read_move(text) {
            Ok(mv) if mv == puzzle.line[2 * kept.len()] => kept.push(text.to_string()),
            _ => break,
        }
    }
    let step = kept.len();
    let game = puzzle.game_at(step);
    let Some(text) = typed.map(str::trim).filter(|t| !t.is_empty()) else {
        let said = if step == puzzle.moves() {
            Said::Solved
        } else {
            Said::Task
        };
        return Progress {
            done: kept,
            game,
            said,
        };
    };
    if step == puzzle.moves() {
        return Progress {
            done: kept,
            game,
            said: Said::Solved,
        };
    }
    let mv = match game.position().read_move(text) {
        Ok(mv) => mv,
        Err(_) => {
            return Progress {
                done: kept,
                game,
                said: Said::Unreadable(text.to_string()),
            };
        }
    };
    if mv != puzzle.line[2 * step] {
        let played = game.position().notation(&mv);
        return Progress {
            done: kept,
            game,
            said: Said::Wrong {
                played,
                left: puzzle.moves() - step,
            },
        };
    }
    let played = game.position().notation(&mv);
    kept.push(text.to_string());
    let next = puzzle.game_at(kept.len());
    let said = if kept.len() == puzzle.moves() {
        Said::Solved
    } else {
        let (before, defence) = next.last_move().expect("a defence follows a right move");
        Said::Right {
            played,
            defence: before.notation(&defence),
            left: puzzle.moves() - kept.len(),
        }
    };
    let game = if said == Said::Solved {
        puzzle.solution()
    } else {
        next
    };
    Progress {
        done: kept,
        game,
        said,
    }
}

/// The page for `puzzle` of the day `date` (Unix seconds).
pub fn page_html(
    page: &Page<'_>,
    renderer: &crate::render::Renderer,
    puzzle: &Puzzle,
    date: i64,
) -> String {
    let (y, m, d) = crate::host::civil_date(date);
    let title = page.words.get_with(
        page.lang,
        "web-puzzle-title",
        &[("date", Arg::from(format!("{y:04}-{m:02}-{d:02}")))],
    );
    let goal = || {
        let material = puzzle.kind == crate::puzzle::Kind::Material;
        ("goal", Arg::from(if material { "material" } else { "win" }))
    };
    let task = page.t_with(
        "web-puzzle-task",
        &[
            ("side", Arg::from(side(puzzle.solver()))),
            ("moves", Arg::from(puzzle.moves() as i64)),
            goal(),
            ("stars", Arg::from("★".repeat(puzzle.stars() as usize))),
        ],
    );
    let progress = if page.query.show {
        Progress {
            done: Vec::new(),
            game: puzzle.solution(),
            said: Said::Solved,
        }
    } else {
        follow(
            puzzle,
            page.query.done.as_deref().unwrap_or(""),
            page.query.line.as_deref(),
        )
    };
    let said = match &progress.said {
        Said::Task => String::new(),
        Said::Right {
            played,
            defence,
            left,
        } => page.t_with(
            "web-puzzle-right",
            &[
                ("played", Arg::from(played.as_str())),
                ("defence", Arg::from(defence.as_str())),
                ("moves", Arg::from(*left as i64)),
                goal(),
            ],
        ),
        Said::Solved if page.query.show => page.t("web-puzzle-shown"),
        Said::Solved => page.t("web-puzzle-solved"),
        Said::Wrong { played, left } => page.t_with(
            "web-puzzle-wrong",
            &[
                ("move", Arg::from(played.as_str())),
                ("moves", Arg::from(*left as i64)),
                goal(),
            ],
        ),
        Said::Unreadable(m) => {
            page.t_with("web-puzzle-unreadable", &[("move", Arg::from(m.as_str()))])
        }
    };
    let flip = puzzle.solver() == Color::Black;
    let ply = progress.game.ply_count();
    let scene = Scene {
        last_move: progress
            .game
            .last_move()
            .map(|(p, m)| crate::render::LastMove::new(p, &m)),
        black_bottom: flip,
        ..Scene::new(*progress.game.position())
    };
    let svg = renderer.svg(
        &scene,
        &super::game::board_title(
            page.words,
            page.lang,
            &progress.game,
            ply,
            progress.game.position(),
        ),
    );
    let moves: Vec<String> = progress
        .game
        .history()
        .map(|(before, mv)| escape(&before.notation(&mv)))
        .collect();
    let mut body = String::with_capacity(8000);
    let _ = write!(
        body,
        "<article class=\"puzzle\"><h1>{}</h1><p class=\"meta\">{task}</p>\
         <div class=\"table\"><div class=\"side\"><div class=\"board-box\">{svg}</div></div>\
         <div class=\"record\"><p class=\"status\" role=\"status\">{said}</p>",
        escape(&title)
    );
    if !moves.is_empty() {
        let _ = write!(
            body,
            "<h2>{}</h2><p class=\"line\">{}</p>",
            page.t("web-moves"),
            moves.join(" ")
        );
    }
    if progress.said != Said::Solved {
        let _ = write!(
            body,
            "<form method=\"get\" action=\"/puzzle\" class=\"try\">\
             <input type=\"hidden\" name=\"done\" value=\"{done}\">{lang}\
             <label for=\"line\">{label}</label> \
             <input id=\"line\" name=\"line\" autocomplete=\"off\" autocapitalize=\"off\" spellcheck=\"false\" \
             maxlength=\"40\" required placeholder=\"e3-e4\" autofocus> \
             <button type=\"submit\">{play}</button></form>\
             <p><a href=\"{show}\">{show_label}</a></p>",
            done = escape(&progress.done.join(" ")),
            lang = page
                .query
                .lang
                .as_deref()
                .map_or(String::new(), |l| format!(
                    "<input type=\"hidden\" name=\"lang\" value=\"{}\">",
                    escape(l)
                )),
            label = page.t("web-puzzle-your-move"),
            play = page.t("web-puzzle-play"),
            show = page.link("/puzzle", "show=1"),
            show_label = page.t("web-puzzle-show"),
        );
    } else {
        let _ = write!(
            body,
            "<p><a href=\"{}\">{}</a></p>",
            page.link("/puzzle", ""),
            page.t("web-puzzle-again")
        );
    }
    body.push_str("</div></div></article>");
    page.document(&title, &body, None)
}

pub(super) async fn today(State(web): State<Web>, asked: Asked) -> Response {
    let page = asked.page(&web);
    match web.host.todays_puzzle() {
        Some((puzzle, date)) => html(page_html(&page, &web.host.renderer(), &puzzle, date)),
        None => not_found(&page),
    }
}
