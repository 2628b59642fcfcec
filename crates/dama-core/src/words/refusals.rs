//! Refusals in words: what was wrong and what to do, the engine's move explanations included.

use crate::host::Refusal;
use crate::host::{CommandName, HostError};
use dama_model::ChallengeStatus;
use dama_rules::{Illegal, MoveError, SyntaxError, WhyNot};

use super::Writer;
use super::keys::{a, color_key, piece_key};
use super::messages::clip;

impl Writer<'_> {
    /// Why a text is not a time control, with what to write instead.
    pub fn time_control_error(&self, e: &dama_play::clock::TimeControlError) -> String {
        use dama_play::clock::TimeControlError as E;
        let usual = dama_play::clock::USUAL.join(", ");
        let (why, args) = match e {
            E::Syntax(t) => ("clock-syntax", vec![("text", a(clip(t)))]),
            E::Minutes(t) => ("clock-minutes", vec![("text", a(clip(t)))]),
            E::Increment(t) => ("clock-increment", vec![("seconds", a(clip(t)))]),
            E::NoTime => ("clock-no-time", vec![]),
            E::Days(n) => ("clock-days", vec![("days", a(i64::from(*n)))]),
        };
        let why = self.part(why, &args);
        self.text("clock-refused", &[("why", a(why)), ("usual", a(usual))])
    }

    /// A refusal, said so the player knows what to do; an internal failure as an apology.
    pub fn error(&self, e: &HostError) -> String {
        let cmds = |list: &[(&'static str, CommandName)]| self.commands(list);
        match e {
            HostError::Refused(Refusal::NoGame) => self.text(
                "error-no-game",
                &cmds(&[
                    ("challenge", CommandName::Challenge),
                    ("ai", CommandName::Ai),
                ]),
            ),
            HostError::Refused(Refusal::NoGameYet) => self.text(
                "error-no-game-yet",
                &cmds(&[
                    ("challenge", CommandName::Challenge),
                    ("ai", CommandName::Ai),
                ]),
            ),
            HostError::Refused(Refusal::NotAPlayer) => self.text("error-not-a-player", &[]),
            HostError::Refused(Refusal::NoPublicUrl) => self.text("error-no-public-url", &[]),
            HostError::Refused(Refusal::NotSignedIn) => self.text("error-not-signed-in", &[]),
            HostError::Refused(Refusal::NotYourTurn { to_move }) => self.text(
                "error-not-your-turn",
                &[("player", a(self.player(*to_move)))],
            ),
            HostError::Refused(Refusal::Move(m)) => {
                self.text("error-move", &[("why", a(self.move_error(m)))])
            }
            HostError::Refused(Refusal::ChangedMeanwhile) => {
                self.text("error-changed-meanwhile", &[])
            }
            HostError::Refused(Refusal::ChannelBusy { players }) => {
                let mut args = cmds(&[
                    ("challenge", CommandName::Challenge),
                    ("abort", CommandName::Abort),
                ]);
                let between = players.map_or("none".to_string(), |p| {
                    format!("{} – {}", self.player(p.white), self.player(p.black))
                });
                args.push(("players", a(between)));
                args.push(("channel", a(self.console_command("channel"))));
                self.text("error-channel-busy", &args)
            }
            HostError::Refused(Refusal::SelfChallenge) => {
                self.text("error-self-challenge", &cmds(&[("ai", CommandName::Ai)]))
            }
            HostError::Refused(Refusal::BotOpponent) => {
                self.text("error-bot-opponent", &cmds(&[("ai", CommandName::Ai)]))
            }
            HostError::Refused(Refusal::NoChallenge) => self.text("error-no-challenge", &[]),
            HostError::Refused(Refusal::ChallengeClosed(status)) => self.text(
                "error-challenge-closed",
                &[(
                    "status",
                    a(match status {
                        ChallengeStatus::Open => "open",
                        ChallengeStatus::Accepted => "accepted",
                        ChallengeStatus::Declined => "declined",
                        ChallengeStatus::Cancelled => "cancelled",
                        ChallengeStatus::Expired => "expired",
                    }),
                )],
            ),
            HostError::Refused(Refusal::ChallengeExpired) => {
                self.text("error-challenge-expired", &[])
            }
            HostError::Refused(Refusal::NotYourChallenge) => {
                self.text("error-not-your-challenge", &[])
            }
            HostError::Refused(Refusal::NotYourOpenChallenge { challenger }) => self.text(
                "error-not-your-open-challenge",
                &[("challenger", self.user(*challenger))],
            ),
            HostError::Refused(Refusal::OwnChallenge) => self.text("error-own-challenge", &[]),
            HostError::Refused(Refusal::OpenChallengeNeedsServer) => self.text(
                "error-open-challenge-needs-server",
                &cmds(&[("challenge", CommandName::Challenge)]),
            ),
            HostError::Refused(Refusal::NoOpenChallenge) => {
                self.text("error-no-open-challenge", &[])
            }
            HostError::Refused(Refusal::GameAlreadyOver) => {
                self.text("error-game-already-over", &[])
            }
            HostError::Refused(Refusal::DrawAlreadyOffered) => self.text(
                "error-draw-already-offered",
                &cmds(&[("draw", CommandName::Draw)]),
            ),
            HostError::Refused(Refusal::TakebackAlreadyAsked) => {
                self.text("error-takeback-already-asked", &[])
            }
            HostError::Refused(Refusal::NothingToTakeBack) => {
                self.text("error-nothing-to-take-back", &[])
            }
            HostError::Refused(Refusal::NoHintsInRatedGames) => {
                self.text("error-no-hints-in-rated", &[])
            }
            HostError::Refused(Refusal::NoAnalysisDuringRatedGames) => {
                self.text("error-no-analysis-in-rated", &[])
            }
            HostError::Refused(Refusal::AnalysisForPlayersOnly) => {
                self.text("error-analysis-players-only", &[])
            }
            HostError::Refused(Refusal::NothingToAnalyse) => {
                self.text("error-nothing-to-analyse", &[])
            }
            HostError::Refused(Refusal::OldButton) => self.text("error-old-button", &[]),
            HostError::Refused(Refusal::ButtonGameOver) => self.text("error-button-game-over", &[]),
            HostError::Refused(Refusal::UnknownButton) => self.text("error-unknown-button", &[]),
            HostError::Refused(Refusal::Broken { .. }) => {
                self.text("error-broken", &cmds(&[("abort", CommandName::Abort)]))
            }
            HostError::Refused(Refusal::CannotAbort) => self.text(
                "error-cannot-abort",
                &cmds(&[("resign", CommandName::Resign)]),
            ),
            HostError::Refused(Refusal::NeedsManageServer) => {
                self.text("error-needs-manage-server", &[])
            }
            HostError::Refused(Refusal::NoPuzzles) => self.text("error-no-puzzles", &[]),
            HostError::Refused(Refusal::PuzzleOver) => self.text(
                "error-puzzle-over",
                &cmds(&[("puzzle", CommandName::Puzzle)]),
            ),
            HostError::Refused(Refusal::ServerOnly) => self.text("error-server-only", &[]),
            HostError::Refused(Refusal::PuzzleChannelNeedsManageServer) => {
                self.text("error-puzzle-channel-needs-manage-server", &[])
            }
            HostError::Refused(Refusal::WebNeedsManageServer) => {
                self.text("error-web-needs-manage-server", &[])
            }
            HostError::Refused(Refusal::UnknownLanguage(text)) => {
                let names: Vec<String> = self
                    .words
                    .languages()
                    .into_iter()
                    .map(|l| l.code().to_string())
                    .collect();
                self.text(
                    "error-unknown-language",
                    &[
                        ("text", a(clip(text))),
                        ("options", a(self.or_list(&names))),
                    ],
                )
            }
            HostError::Refused(Refusal::BlockSelf) => self.text("error-block-self", &[]),
            HostError::Refused(Refusal::AlreadyBlocked { user }) => {
                self.text("error-already-blocked", &[("user", self.user(*user))])
            }
            HostError::Refused(Refusal::NotBlocked { user }) => {
                self.text("error-not-blocked", &[("user", self.user(*user))])
            }
            HostError::Refused(Refusal::TooManyBlocks { limit }) => {
                self.text("error-too-many-blocks", &[("limit", a(*limit as i64))])
            }
            HostError::Refused(Refusal::NotAvailable) => self.text("error-not-available", &[]),
            HostError::Refused(Refusal::YouBlocked { user }) => {
                let mut args = cmds(&[("unblock", CommandName::Unblock)]);
                args.push(("user", self.user(*user)));
                self.text("error-you-blocked", &args)
            }
            HostError::Refused(Refusal::SeekNeedsServer) => self.text(
                "error-seek-needs-server",
                &cmds(&[("seek", CommandName::Seek)]),
            ),
            HostError::Refused(Refusal::NotInNetwork) => self.text(
                "error-not-in-network",
                &cmds(&[
                    ("network", CommandName::Network),
                    ("seek", CommandName::Seek),
                ]),
            ),
            HostError::Refused(Refusal::NetworkNeedsManageServer) => {
                self.text("error-network-needs-manage-server", &[])
            }
            HostError::Refused(Refusal::RematchAcrossServers) => self.text(
                "error-rematch-across-servers",
                &cmds(&[("seek", CommandName::Seek)]),
            ),
            HostError::Refused(Refusal::SeekWhilePlayingLive) => {
                self.text("error-seek-while-playing-live", &[])
            }
            HostError::Refused(Refusal::NotSeeking) => {
                self.text("error-not-seeking", &cmds(&[("seek", CommandName::Seek)]))
            }
            HostError::Refused(Refusal::TooManySeeks { limit }) => {
                self.text("error-too-many-seeks", &[("limit", a(*limit))])
            }
            HostError::Refused(Refusal::RematchNotOver) => self.text("error-rematch-not-over", &[]),
            HostError::Refused(Refusal::RematchNotPlayer) => {
                self.text("error-rematch-not-player", &[])
            }
            HostError::Refused(Refusal::RematchInTournament) => {
                self.text("error-rematch-in-tournament", &[])
            }
            HostError::Refused(Refusal::RematchOfferedAlready { to }) => {
                self.text("error-rematch-offered-already", &[("to", self.user(*to))])
            }
            HostError::Refused(Refusal::RematchPlayed) => self.text("error-rematch-played", &[]),
            HostError::Refused(Refusal::TooManyRematches { limit }) => {
                self.text("error-too-many-rematches", &[("limit", a(*limit))])
            }
            HostError::Refused(Refusal::TooManyChallenges { limit }) => {
                self.text("error-too-many-challenges", &[("limit", a(*limit))])
            }
            HostError::Refused(Refusal::TimeControl(e)) => self.time_control_error(e),
            HostError::Refused(Refusal::TooManyAiGames { limit }) => {
                self.text("error-too-many-ai-games", &[("limit", a(*limit))])
            }
            HostError::Refused(Refusal::ReplayForPlayersOnly) => {
                self.text("error-replay-players-only", &[])
            }
            HostError::Refused(Refusal::Tournament(r)) => self.tournament_refusal(r),
            HostError::Internal(_) => self.text("error-internal", &[]),
        }
    }

    /// Why a typed move was not played (part of a sentence).
    pub fn move_error(&self, e: &MoveError) -> String {
        match e {
            MoveError::Syntax(s) => match s {
                SyntaxError::Empty => self.part("syntax-empty", &[]),
                SyntaxError::NotASquare(t) => {
                    self.part("syntax-not-a-square", &[("text", a(clip(t)))])
                }
                SyntaxError::OneSquare => self.part("syntax-one-square", &[]),
                SyntaxError::TrailingSeparator(c) => {
                    self.part("syntax-trailing", &[("sep", a(c.to_string()))])
                }
                SyntaxError::TooLong => self.part("syntax-too-long", &[]),
            },
            MoveError::Ambiguous { text, options } => self.part(
                "move-ambiguous",
                &[
                    ("text", a(clip(text))),
                    ("options", a(self.or_list(options))),
                ],
            ),
            MoveError::Illegal(i) => self.illegal(i),
        }
    }

    fn illegal(&self, i: &Illegal) -> String {
        let opts = |o: &[String]| a(self.or_list(o));
        match i {
            Illegal::NoPiece(sq) => self.part("illegal-no-piece", &[("square", a(sq.to_string()))]),
            Illegal::NotYourPiece {
                square,
                owner,
                side,
            } => self.part(
                "illegal-not-your-piece",
                &[
                    ("square", a(square.to_string())),
                    ("owner", a(color_key(*owner))),
                    ("side", a(color_key(*side))),
                ],
            ),
            Illegal::CaptureCompulsory { options } => {
                self.part("illegal-capture-compulsory", &[("options", opts(options))])
            }
            Illegal::MustTakeMore { count, options } => self.part(
                "illegal-must-take-more",
                &[("count", a(i64::from(*count))), ("options", opts(options))],
            ),
            Illegal::Unfinished { options } => {
                self.part("illegal-unfinished", &[("options", opts(options))])
            }
            Illegal::WrongCapture {
                piece,
                square,
                options,
            } => self.part(
                "illegal-wrong-capture",
                &[
                    ("piece", a(piece_key(piece.0))),
                    ("square", a(square.to_string())),
                    ("options", opts(options)),
                ],
            ),
            Illegal::NothingToCapture { options } => {
                self.part("illegal-nothing-to-capture", &[("options", opts(options))])
            }
            Illegal::Blocked { piece, square } => self.part(
                "illegal-blocked",
                &[
                    ("piece", a(piece_key(piece.0))),
                    ("square", a(square.to_string())),
                ],
            ),
            Illegal::CannotMoveThere {
                piece,
                from,
                to,
                why,
                options,
            } => self.part(
                "illegal-cannot-move-there",
                &[
                    ("piece", a(piece_key(piece.0))),
                    ("from", a(from.to_string())),
                    ("to", a(to.to_string())),
                    (
                        "why",
                        a(self.part(
                            match why {
                                WhyNot::Nowhere => "why-nowhere",
                                WhyNot::Diagonal => "why-diagonal",
                                WhyNot::ManBackwards => "why-man-backwards",
                                WhyNot::ManTooFar => "why-man-too-far",
                                WhyNot::SquareTaken => "why-square-taken",
                                WhyNot::PathBlocked => "why-path-blocked",
                                WhyNot::NotLegal => "why-not-legal",
                            },
                            &[],
                        )),
                    ),
                    ("options", opts(options)),
                ],
            ),
            Illegal::GameOver => self.part("illegal-game-over", &[]),
        }
    }
}
