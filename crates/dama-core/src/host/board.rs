//! The board message: the picture, whose turn it is (or how the game ended), and its buttons.

use dama_model::GameStatus;
use dama_play::render::{LastMove, Scene};
use dama_rules::{Color, Game};
use dama_store::GameRow;

use super::play::stored_outcome;
use super::{
    Button, ButtonLabel, ButtonStyle, Caption, GameAction, Host, Lang, Msg, Player, Reply, players,
};

impl Host {
    /// The board of a stored game: the picture (caption in `lang`), what the players need to
    /// know, and the buttons of this version.
    pub(super) fn board_reply(&self, row: &GameRow, game: &Game, lang: Lang) -> Reply {
        let pos = game.position();
        let side = pos.side_to_move();
        let outcome = stored_outcome(row).or_else(|| game.outcome());
        let who = players(row);
        let called_off = row.status == GameStatus::Aborted;
        let running = row.status == GameStatus::Running && outcome.is_none();
        let black_bottom = match (row.white_id, row.black_id) {
            (None, Some(_)) => true,
            (Some(_), None) => false,
            _ => side == Color::Black,
        };
        let forfeit = row.forfeited_by();
        let caption = if let Some(absent) = forfeit {
            Caption::Forfeit(absent)
        } else if called_off {
            Caption::CalledOff
        } else if let Some(o) = outcome {
            Caption::Over(o)
        } else {
            Caption::ToMove {
                side,
                number: game.ply_count() / 2 + 1,
            }
        };
        // The picture and the words read the clocks at one moment, so they agree.
        let left_now = self.clocks_now(row, game, self.clock.now());
        let scene = Scene {
            last_move: game.last_move().map(|(p, m)| LastMove::new(p, &m)),
            black_bottom,
            caption: Some(
                self.captions
                    .caption(&Self::clocked(caption, left_now), lang),
            ),
            ..Scene::new(*pos)
        };
        let msg = if let Some(absent) = forfeit {
            Msg::Forfeit {
                winner: who.of(absent.opponent()),
                absent: who.of(absent),
                withdrawn: false,
            }
        } else if called_off {
            Msg::CalledOff { by: None }
        } else if let Some(outcome) = outcome {
            Msg::GameOver {
                outcome,
                players: who,
            }
        } else {
            match who.of(side) {
                Player::User(player) => Msg::ToMove {
                    player,
                    side,
                    capture_due: pos.has_capture(),
                    deadline: super::clocks::due(row).at,
                    clock: super::clocks::turn_clock(row, left_now),
                },
                Player::Ai(level) => Msg::AiThinking { level },
            }
        };
        let button = |action, label, style| Button {
            disabled: !running,
            ..Button::game(row, action, label, style)
        };
        let mut buttons = vec![
            button(GameAction::Resign, ButtonLabel::Resign, ButtonStyle::Danger),
            button(
                GameAction::Draw,
                ButtonLabel::OfferDraw,
                ButtonStyle::Secondary,
            ),
        ];
        if !row.rated {
            buttons.push(button(
                GameAction::Hint,
                ButtonLabel::Hint,
                ButtonStyle::Primary,
            ));
        }
        // Berserk while a side that may still take it has not moved.
        if row.berserk.is_some()
            && running
            && [Color::White, Color::Black]
                .into_iter()
                .any(|c| row.clocks().berserk(game.ply_count(), c).is_some())
        {
            buttons.push(button(
                GameAction::Berserk,
                ButtonLabel::Berserk,
                ButtonStyle::Danger,
            ));
        }
        // Where the web has a public address, each player may play on the game's page; where
        // the Activity is on, anyone in the channel opens the board inside Discord.
        if running && (self.config.public_url.is_some() || self.config.activity) {
            buttons.push(button(
                GameAction::PlayLink,
                ButtonLabel::PlayOnBoard,
                ButtonStyle::Secondary,
            ));
        }
        buttons.extend(super::rematches::rematch_button(row, !running));
        let to_move = who.of(side).user().filter(|_| running);
        Reply {
            board: Some(self.renderer.png(&scene)),
            fen: Some(dama_rules::fen::write(pos)),
            buttons,
            mentions: to_move.into_iter().collect(),
            game: Some(row.id),
            shown: Some(shown(row, 0)),
            game_link: self.game_link(row),
            ai_turn: (running && to_move.is_none()).then_some(row.id),
            ..Reply::say(msg)
        }
    }
}

/// `row` as its channel is shown it `bumps` versions on (a change written since it was read).
pub(super) fn shown(row: &GameRow, bumps: i64) -> dama_store::Shown {
    dama_store::Shown {
        game: row.id,
        version: row.version + bumps,
        ply: row.ply,
    }
}
