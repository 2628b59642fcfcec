//! What the host's duties find, handed to the session ([`Heard`]), which shows it between
//! lines: the duties run on the host's schedule beside the session, the screen is the
//! session's alone.

use tokio::sync::mpsc;

use dama_core::host::{AiTurn, Audience, GameChannel, Meeting, Notice, TournamentNews};
use dama_model::{ChannelId, GuildId};

/// One thing the duties found.
#[derive(Debug)]
pub(crate) enum Heard {
    Notices(Vec<Notice>),
    TournamentNews(Box<TournamentNews>),
    OwedPost(GameChannel),
    Meeting(Meeting),
    StalledAiTurn(AiTurn),
    DailyPuzzle,
}

/// The duties' audience: a line to the session. What the session no longer hears (it ended)
/// is dropped.
pub(crate) struct Listener(pub(crate) mpsc::UnboundedSender<Heard>);

impl Listener {
    fn hand_over(&self, heard: Heard) {
        let _ = self.0.send(heard);
    }
}

impl Audience for Listener {
    async fn notices(&self, notices: Vec<Notice>) {
        self.hand_over(Heard::Notices(notices));
    }

    async fn tournament_news(&self, news: TournamentNews) {
        self.hand_over(Heard::TournamentNews(Box::new(news)));
    }

    async fn owed_post(&self, owed: GameChannel) {
        self.hand_over(Heard::OwedPost(owed));
    }

    async fn meeting(&self, meeting: Meeting) {
        self.hand_over(Heard::Meeting(meeting));
    }

    async fn stalled_ai_turn(&self, turn: AiTurn) {
        self.hand_over(Heard::StalledAiTurn(turn));
    }

    async fn daily_puzzle(&self, _guild: GuildId, _channel: ChannelId) {
        // The console is one server with one puzzle: its session shows it.
        self.hand_over(Heard::DailyPuzzle);
    }
}
