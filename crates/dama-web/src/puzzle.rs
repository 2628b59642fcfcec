//! Today's puzzle in the browser: anonymous, nothing stored. The page carries the right moves
//! so far in its own query (`done`), so every step is a plain link or form: it works without
//! JavaScript, and a reload or a shared link shows the same step. Today's solution is never
//! shown (the bot credits solving it), and each reader has the bot's number of misses a day;
//! yesterday's puzzle is there to play freely, with its solution.

use dama_model::{Day, UnixMs};
use std::collections::HashMap;
use std::fmt::Write;
use std::net::IpAddr;
use std::sync::{Mutex, PoisonError};

use axum::extract::State;
use axum::response::Response;

use dama_core::words::Arg;
use dama_play::puzzle::Puzzle;
use dama_play::render::Scene;
use dama_rules::{Color, Game};

use super::error::WebError;
use super::game::side;
use super::html::{Asked, Page, escape, html};
use super::{Reader, Web};

/// Where a reader stands in a puzzle.
#[derive(Debug, PartialEq)]
pub struct Solving {
    /// The solver's right moves so far, as the reader wrote them.
    pub done: Vec<String>,
    /// The position before the solver's next move, with the line so far.
    pub game: Game,
    /// What the page says about the last move typed.
    pub said: Said,
}

/// What the page says about the last move typed.
#[derive(Debug, PartialEq)]
pub enum Said {
    /// Nothing typed yet.
    Task,
    /// Right: the defence that followed, and how many moves are left.
    Right {
        /// The move typed.
        played: String,
        /// The defence's answer.
        defence: String,
        /// The solver's moves left.
        left: usize,
    },
    /// The last move of the line: solved.
    Solved,
    /// Legal, but it does not get there in the moves left.
    Wrong {
        /// The move typed.
        played: String,
        /// The solver's moves left.
        left: usize,
    },
    /// Not a legal move here.
    Unreadable(String),
}

/// Follows the reader's moves through `puzzle`: those in `done` that are right, then `typed`.
/// A legal move in `done` that is not right is judged like a typed one ([`Said::Wrong`], so it
/// costs a try and `typed` is not read): a forged `done` asks nothing for free. Anything after
/// a move that is not legal is dropped.
#[expect(clippy::expect_used, reason = "a defence follows a right move")]
pub fn follow(puzzle: &Puzzle, done: &str, typed: Option<&str>) -> Solving {
    let mut kept = Vec::new();
    for text in done.split_whitespace().take(puzzle.moves()) {
        let game = puzzle.game_at(kept.len());
        match game.position().read_move(text) {
            Ok(mv) if mv == puzzle.line[2 * kept.len()] => kept.push(text.to_string()),
            Ok(mv) => {
                let played = game.position().notation(&mv);
                let left = puzzle.moves() - kept.len();
                return Solving {
                    done: kept,
                    game,
                    said: Said::Wrong { played, left },
                };
            }
            Err(_) => break,
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
        return Solving {
            done: kept,
            game,
            said,
        };
    };
    if step == puzzle.moves() {
        return Solving {
            done: kept,
            game,
            said: Said::Solved,
        };
    }
    let mv = match game.position().read_move(text) {
        Ok(mv) => mv,
        Err(_) => {
            return Solving {
                done: kept,
                game,
                said: Said::Unreadable(text.to_string()),
            };
        }
    };
    if mv != puzzle.line[2 * step] {
        let played = game.position().notation(&mv);
        return Solving {
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
    Solving {
        done: kept,
        game,
        said,
    }
}

/// Which day's puzzle a page shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PuzzleDay {
    /// Today's: its solution is not shown, and the reader has `tries_left` misses.
    Today {
        /// Wrong tries left before the solution is kept from the reader.
        tries_left: u32,
    },
    /// Yesterday's: played freely, its solution shown when asked.
    Yesterday,
}

/// The page for `puzzle` of the day `date` (noon of its day in Türkiye), the reader at
/// `progress`.
pub fn page_html(
    page: &Page<'_>,
    renderer: &dama_play::render::Renderer,
    puzzle: &Puzzle,
    date: UnixMs,
    day: PuzzleDay,
    progress: &Solving,
) -> String {
    let date = Day::utc(date).date().to_string();
    let title_key = match day {
        PuzzleDay::Today { .. } => "web-puzzle-title",
        PuzzleDay::Yesterday => "web-puzzle-yesterday-title",
    };
    let title = page
        .words
        .get_with(page.lang, title_key, &[("date", Arg::from(date.as_str()))]);
    // The date never breaks across lines on a phone: its hyphens do not break.
    let heading = escape(&title).replace(&date, &date.replace('-', "\u{2011}"));
    let goal = || {
        let material = puzzle.kind == dama_play::puzzle::Kind::Material;
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
    let shown = day == PuzzleDay::Yesterday && page.query.show;
    let out_of_tries = day == (PuzzleDay::Today { tries_left: 0 }) && progress.said != Said::Solved;
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
        Said::Solved if shown => page.t("web-puzzle-shown"),
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
            .map(|(p, m)| dama_play::render::LastMove::new(p, &m)),
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
        heading
    );
    if !moves.is_empty() {
        let _ = write!(
            body,
            "<h2>{}</h2><p class=\"line\">{}</p>",
            page.t("web-moves"),
            moves.join(" ")
        );
    }
    let tries = match day {
        PuzzleDay::Today { tries_left } if progress.said != Said::Solved => {
            format!(
                "<p class=\"meta\">{}</p>",
                page.t_with(
                    "web-puzzle-tries",
                    &[("tries", Arg::from(i64::from(tries_left)))]
                )
            )
        }
        _ => String::new(),
    };
    let other_day = match day {
        PuzzleDay::Today { .. } => format!(
            "<p><a href=\"{}\">{}</a></p>",
            page.link("/puzzle/yesterday", ""),
            page.t("web-puzzle-yesterday-link")
        ),
        PuzzleDay::Yesterday => format!(
            "<p><a href=\"{}\">{}</a></p>",
            page.link("/puzzle", ""),
            page.t("web-puzzle-link")
        ),
    };
    let here = match day {
        PuzzleDay::Today { .. } => "/puzzle",
        PuzzleDay::Yesterday => "/puzzle/yesterday",
    };
    if out_of_tries {
        let _ = write!(
            body,
            "<p class=\"status\">{}</p>",
            page.t("web-puzzle-out-of-tries")
        );
    } else if progress.said != Said::Solved {
        let _ = write!(
            body,
            "{tries}<form method=\"get\" action=\"{here}\" class=\"try\">\
             <input type=\"hidden\" name=\"done\" value=\"{done}\">{lang}\
             <label for=\"line\">{label}</label> \
             <input id=\"line\" name=\"line\" autocomplete=\"off\" autocapitalize=\"off\" spellcheck=\"false\" \
             maxlength=\"40\" required placeholder=\"e3-e4\" autofocus> \
             <button type=\"submit\">{play}</button></form>{show}",
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
            show = if day == PuzzleDay::Yesterday {
                format!(
                    "<p><a href=\"{}\">{}</a></p>",
                    page.link(here, "show=1"),
                    page.t("web-puzzle-show")
                )
            } else {
                String::new()
            },
        );
    } else {
        let _ = write!(
            body,
            "<p><a href=\"{}\">{}</a></p>",
            page.link(here, ""),
            page.t("web-puzzle-again")
        );
    }
    body.push_str(&other_day);
    body.push_str("</div></div></article>");
    page.document(&title, &body, None)
}

/// The misses each reader has made at today's puzzle (an IPv6 reader is its /64, as
/// [`super::Reader`] gives it). Forgotten when the day turns; a full book takes no new readers' misses
/// but refuses their tries, so rotating addresses never buys more.
pub struct Tries {
    book: Mutex<(Day, HashMap<IpAddr, u32>)>,
}

/// Readers remembered in one day.
const READERS: usize = 200_000;

impl Default for Tries {
    fn default() -> Self {
        Tries {
            book: Mutex::new((Day(i64::MIN), HashMap::new())),
        }
    }
}

impl Tries {
    /// The misses `reader` has left on `day`.
    fn left(&self, day: Day, reader: IpAddr) -> u32 {
        let mut book = self.book.lock().unwrap_or_else(PoisonError::into_inner);
        if book.0 != day {
            *book = (day, HashMap::new());
        }
        let full = book.1.len() >= READERS;
        match book.1.get(&reader) {
            Some(&misses) => allowed().saturating_sub(misses),
            None if full => 0,
            None => allowed(),
        }
    }

    /// Counts a miss of `reader` on `day`.
    fn miss(&self, day: Day, reader: IpAddr) {
        let mut book = self.book.lock().unwrap_or_else(PoisonError::into_inner);
        if book.0 != day {
            *book = (day, HashMap::new());
        }
        if book.1.len() < READERS || book.1.contains_key(&reader) {
            *book.1.entry(reader).or_insert(0) += 1;
        }
    }
}

/// The misses a day's puzzle allows, as in the bot.
fn allowed() -> u32 {
    u32::try_from(dama_core::host::PUZZLE_TRIES).unwrap_or(3)
}

/// `GET /puzzle`: today's puzzle, within the reader's tries; never its solution.
pub(super) async fn today(
    State(web): State<Web>,
    Reader(reader): Reader,
    asked: Asked,
) -> Result<Response, WebError> {
    let page = asked.page(&web);
    let (puzzle, date) = web
        .host
        .todays_puzzle()
        .ok_or_else(|| asked.not_found(&web))?;
    let day = Day::in_turkiye(date);
    let before = web.puzzle_tries.left(day, reader);
    // Out of tries, nothing is judged, not even the moves carried in `done`: right or wrong,
    // the answer would tell.
    let typed = page.query.line.as_deref().filter(|_| before > 0);
    let done = page.query.done.as_deref().filter(|_| before > 0);
    let progress = follow(&puzzle, done.unwrap_or(""), typed);
    let left = if matches!(progress.said, Said::Wrong { .. }) {
        web.puzzle_tries.miss(day, reader);
        before - 1
    } else {
        before
    };
    let day = PuzzleDay::Today { tries_left: left };
    Ok(html(page_html(
        &page,
        &web.host.renderer(),
        &puzzle,
        date,
        day,
        &progress,
    )))
}

/// `GET /puzzle/yesterday`: yesterday's puzzle, to play freely or see solved.
pub(super) async fn yesterday(State(web): State<Web>, asked: Asked) -> Result<Response, WebError> {
    let page = asked.page(&web);
    let (puzzle, date) = web
        .host
        .yesterdays_puzzle()
        .ok_or_else(|| asked.not_found(&web))?;
    let progress = if page.query.show {
        Solving {
            done: Vec::new(),
            game: puzzle.solution(),
            said: Said::Solved,
        }
    } else {
        follow(
            &puzzle,
            page.query.done.as_deref().unwrap_or(""),
            page.query.line.as_deref(),
        )
    };
    let renderer = web.host.renderer();
    Ok(html(page_html(
        &page,
        &renderer,
        &puzzle,
        date,
        PuzzleDay::Yesterday,
        &progress,
    )))
}
