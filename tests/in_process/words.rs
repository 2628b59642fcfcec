//! The language files: the same messages in every language, every message the code can send
//! formats without a Fluent error with the arguments the code passes, the slash commands'
//! names follow Discord's rules, and plurals and capitals come out right.
use dama_core::host::Refusal;
use dama_core::host::{
    ButtonLabel, Caption, CardText, FindingMsg, HostError, Lang, LanguageScope, Msg, Player,
    PlayerResult, PlayerStats, Players, PuzzleMsg, RatingChange, RecentGame, Record, Reply, Scope,
    StandingsText, StreakLine, ThemeLine, TournamentLine, TournamentMsg, TournamentRefusal,
    TurnClock,
};
use dama_core::words::{Markup, Surface, Words};
use dama_model::{ChallengeStatus, ChannelId, ColorChoice, GameId, TournamentStatus, UserId};
use dama_model::{Millis, TournamentFormat, UnixMs};
use dama_play::ai::{Eval, Level};
use dama_play::clock::{SpeedClass, TimeControl};
use dama_play::puzzle::Theme;
use dama_rules::{
    Color, GameResult, Illegal, MoveError, Outcome, PieceName, Reason, Role, Square, SyntaxError,
    WhyNot,
};

const ALI: UserId = UserId(11);
const AYSE: UserId = UserId(12);

struct Names(Surface);

impl Markup for Names {
    fn user(&self, id: UserId) -> String {
        match id {
            ALI => "ali".into(),
            AYSE => "ayşe".into(),
            other => format!("<@{}>", other.0),
        }
    }
    fn surface(&self) -> Surface {
        self.0
    }
}

const SURFACES: [Surface; 2] = [
    Surface::Discord,
    Surface::Console {
        now: UnixMs::from_secs(1_000),
    },
];

fn sq(s: &str) -> Square {
    Square::parse(s).unwrap()
}

fn outcomes() -> Vec<Outcome> {
    let mut all = Vec::new();
    for reason in [
        Reason::NoMoves,
        Reason::NoPieces,
        Reason::Resignation,
        Reason::Timeout,
        Reason::Repetition,
        Reason::NoProgress,
        Reason::KingAgainstKing,
        Reason::Agreement,
        Reason::Recorded,
    ] {
        for result in [
            GameResult::Win(Color::White),
            GameResult::Win(Color::Black),
            GameResult::Draw,
        ] {
            all.push(Outcome { result, reason });
        }
    }
    all
}

/// One or more values of every message, and the index of its variant (a new variant without
/// an example does not compile: `variant` has no wildcard).
fn messages() -> Vec<Msg> {
    let people = Players {
        white: Player::User(ALI),
        black: Player::User(AYSE),
    };
    let vs_ai = Players {
        white: Player::User(ALI),
        black: Player::Ai(Level::Hard),
    };
    let mut all = vec![
        Msg::ChallengeDeclined {
            challenger: ALI,
            by: AYSE,
        },
        Msg::ChallengeWithdrawn { by: ALI },
        Msg::ChallengeExpired {
            challenger: ALI,
            challenged: Some(AYSE),
        },
        Msg::ChallengeExpired {
            challenger: ALI,
            challenged: None,
        },
        Msg::ChallengeTaken {
            challenger: ALI,
            by: AYSE,
            open: true,
        },
        Msg::ChallengeTaken {
            challenger: ALI,
            by: AYSE,
            open: false,
        },
        Msg::Finding(FindingMsg::Seeking {
            control: TimeControl::live_secs(180, 2),
            rated: true,
            waiting: 1,
            everywhere: None,
            moved_from: None,
            lasts: Millis(600_000),
        }),
        Msg::Finding(FindingMsg::Seeking {
            control: TimeControl::Correspondence { days: 1 },
            rated: false,
            waiting: 3,
            everywhere: Some(1),
            moved_from: Some(TimeControl::live_secs(180, 2)),
            lasts: Millis(60_000),
        }),
        Msg::Finding(FindingMsg::Seeking {
            control: TimeControl::live_secs(60, 0),
            rated: false,
            waiting: 2,
            everywhere: Some(7),
            moved_from: None,
            lasts: Millis(30_000),
        }),
        Msg::Finding(FindingMsg::LeftPool {
            control: TimeControl::live_secs(180, 2),
        }),
        Msg::Finding(FindingMsg::RematchOffered {
            by: ALI,
            to: AYSE,
            color: Color::Black,
            rated: true,
            control: TimeControl::live_secs(180, 2),
            lasts: Millis(120_000),
        }),
        Msg::Finding(FindingMsg::RematchOffered {
            by: AYSE,
            to: ALI,
            color: Color::White,
            rated: false,
            control: TimeControl::default(),
            lasts: Millis(86_400_000),
        }),
        Msg::Finding(FindingMsg::RematchLapsed { by: ALI, to: AYSE }),
        Msg::Finding(FindingMsg::NetworkJoined { servers: 1 }),
        Msg::Finding(FindingMsg::NetworkJoined { servers: 12 }),
        Msg::Finding(FindingMsg::NetworkLeft { ended: vec![] }),
        Msg::Finding(FindingMsg::NetworkLeft { ended: vec![ALI] }),
        Msg::Finding(FindingMsg::NetworkLeft {
            ended: vec![ALI, AYSE],
        }),
        Msg::Finding(FindingMsg::NetworkStatus {
            member: true,
            servers: 3,
        }),
        Msg::Finding(FindingMsg::NetworkStatus {
            member: false,
            servers: 1,
        }),
        Msg::Finding(FindingMsg::Blocked { user: AYSE }),
        Msg::Finding(FindingMsg::Unblocked { user: AYSE }),
        Msg::Finding(FindingMsg::BlockList { users: vec![] }),
        Msg::Finding(FindingMsg::BlockList {
            users: vec![ALI, AYSE],
        }),
        Msg::Finding(FindingMsg::SeekExpired {
            player: ALI,
            control: TimeControl::live_secs(180, 2),
            waited: Millis(600_000),
        }),
        Msg::Finding(FindingMsg::PoolPaired {
            control: TimeControl::live_secs(600, 5),
        }),
        Msg::Finding(FindingMsg::MeetingNowhere {
            white: ALI,
            black: AYSE,
        }),
        Msg::AiGameStarted {
            player: ALI,
            level: Level::Easy,
            color: Color::Black,
            control: TimeControl::live_secs(60, 0),
        },
        Msg::FinalClocks {
            white: Millis(0),
            black: Millis(61_000),
        },
        Msg::NoFirstMove {
            player: Player::User(AYSE),
        },
        Msg::NoFirstMove {
            player: Player::Ai(Level::Hard),
        },
        Msg::Forfeit {
            winner: Player::User(ALI),
            absent: Player::User(AYSE),
            withdrawn: false,
        },
        Msg::Forfeit {
            winner: Player::User(AYSE),
            absent: Player::User(ALI),
            withdrawn: true,
        },
        Msg::MoveTooLate,
        Msg::ActionTooLate,
        Msg::AiThinking {
            level: Level::Master,
        },
        Msg::NotRatedTooShort,
        Msg::RatingChanges(vec![
            RatingChange {
                user: ALI,
                before: 1500.0,
                after: 1662.3,
            },
            RatingChange {
                user: AYSE,
                before: 1500.0,
                after: 1337.7,
            },
        ]),
        Msg::CalledOff { by: Some(ALI) },
        Msg::CalledOff { by: None },
        Msg::ConfirmResign,
        Msg::DrawOffered { by: ALI, to: AYSE },
        Msg::AiDeclinesDraw {
            level: Level::Medium,
        },
        Msg::TakebackAsked { by: AYSE, to: ALI },
        Msg::TakenBack {
            moves: vec!["e3-e4".into()],
        },
        Msg::TakenBack {
            moves: vec!["e3-e4".into(), "f6-f5".into()],
        },
        Msg::PdnFile { game: GameId(7) },
        Msg::WebListed {
            public: true,
            link: Some("https://dama.example/server/77".into()),
        },
        Msg::WebListed {
            public: true,
            link: None,
        },
        Msg::WebListed {
            public: false,
            link: None,
        },
        Msg::AnalysisAsked {
            by: ALI,
            other: AYSE,
        },
        Msg::Analysis {
            game: GameId(7),
            players: Players {
                white: Player::User(ALI),
                black: Player::Ai(Level::Master),
            },
            accuracy: [Some(87), None],
            counts: [[2, 1, 1], [0, 0, 0]],
        },
        Msg::AnalysisProgress { percent: 40 },
        Msg::ReplayFile { game: GameId(7) },
        Msg::Leaderboard {
            scope: Scope::Server,
            speed: SpeedClass::Blitz,
            rows: vec![Record {
                user: ALI,
                rating: 1612.4,
                margin: 290.0,
                games: 1,
                wins: 1,
                draws: 0,
                losses: 0,
            }],
        },
        Msg::NotPlayedYet { user: AYSE },
        Msg::TimeWarning {
            player: ALI,
            deadline: UnixMs::from_secs(1_000 + 86_400),
        },
        Msg::GameBroken {
            game: GameId(3),
            players: vec![ALI, AYSE],
        },
        Msg::Aborted {
            game: GameId(3),
            by: ALI,
        },
        Msg::LanguageSet {
            scope: LanguageScope::Me,
            lang: None,
        },
        Msg::Rules {
            move_time: Millis::from_days(3),
        },
        Msg::Help {
            move_time: Millis::from_days(3),
        },
    ];
    for rated in [true, false] {
        for color in [ColorChoice::White, ColorChoice::Black, ColorChoice::Random] {
            for minutes in [1, 10] {
                for control in controls() {
                    for challenged in [Some(AYSE), None] {
                        all.push(Msg::ChallengeIssued {
                            challenger: ALI,
                            challenged,
                            rated,
                            color,
                            expires_in: Millis::from_minutes(minutes),
                            control,
                        });
                    }
                }
            }
        }
        for control in controls() {
            all.push(Msg::GameStarted {
                players: people,
                rated,
                control,
            });
        }
        all.push(Msg::Played {
            mover: Player::Ai(Level::Easy),
            notation: "h6-h5".into(),
            crowned: rated,
        });
        all.push(Msg::PlayLink {
            link: "https://dama.example/game/k/play?token=1-ab".into(),
        });
        all.push(Msg::PlayedSince {
            earlier: vec!["e3-e4".into(), "f6-f5".into()],
            mover: Player::Ai(Level::Easy),
            notation: "d3-d4".into(),
            crowned: rated,
        });
        for clock in [
            TurnClock::Correspondence,
            TurnClock::FirstMove { forfeit: false },
            TurnClock::FirstMove { forfeit: true },
            TurnClock::Live {
                white: Millis(9_400),
                black: Millis(300_000),
            },
        ] {
            all.push(Msg::ToMove {
                player: AYSE,
                side: Color::Black,
                capture_due: rated,
                deadline: UnixMs::from_secs(1_000 + 72 * 3600),
                clock,
            });
        }
        all.push(Msg::LegalMoves {
            side: Color::White,
            moves: vec!["e3-e4".into()],
            capture_due: rated,
        });
    }
    for outcome in outcomes() {
        for players in [people, vs_ai] {
            all.push(Msg::GameOver { outcome, players });
        }
    }
    for eval in [
        Eval::Equal,
        Eval::SlightlyBetter(Color::White),
        Eval::Better(Color::Black),
        Eval::Winning(Color::White),
        Eval::WinsIn {
            side: Color::Black,
            moves: 1,
        },
        Eval::WinsIn {
            side: Color::White,
            moves: 5,
        },
    ] {
        all.push(Msg::Hint {
            notation: "d1-a1".into(),
            eval,
        });
    }
    for scope in [Scope::Server, Scope::Global] {
        for speed in [None, Some(SpeedClass::Rapid)] {
            all.push(Msg::NoRatedGames { scope, speed });
        }
    }
    for scope in [LanguageScope::Me, LanguageScope::Server] {
        all.push(Msg::LanguageSet {
            scope,
            lang: Some(Lang::ENGLISH),
        });
    }
    all.push(Msg::Stats(PlayerStats {
        speed: Some(SpeedClass::Bullet),
        record: Record {
            user: ALI,
            rating: 1500.0,
            margin: 700.0,
            games: 2,
            wins: 1,
            draws: 0,
            losses: 1,
        },
        others: vec![(
            SpeedClass::Correspondence,
            Record {
                user: ALI,
                rating: 1433.0,
                margin: 200.0,
                games: 1,
                wins: 0,
                draws: 0,
                losses: 1,
            },
        )],
        server_rank: Some(2),
        global_rank: Some(5),
        peak: Some((1640.4, UnixMs::from_secs(1_796_000_000))),
        longest_streak: 3,
        favourite: Some((Player::User(AYSE), 4)),
        recent: vec![
            RecentGame {
                result: PlayerResult::Win,
                opponent: Player::User(AYSE),
            },
            RecentGame {
                result: PlayerResult::Draw,
                opponent: Player::User(AYSE),
            },
            RecentGame {
                result: PlayerResult::Loss,
                opponent: Player::User(AYSE),
            },
        ],
        tournaments: vec![tournament_result(1), tournament_result(4)],
        ai: vec![(dama_play::ai::Level::Hard, [1, 1, 1])],
    }));
    all.extend(puzzle_messages().into_iter().map(Msg::Puzzle));
    all.extend(tournament_messages().into_iter().map(Msg::Tournament));
    all
}

fn puzzle_messages() -> Vec<PuzzleMsg> {
    let mut all = Vec::new();
    for material in [false, true] {
        for (date, tries_left, moves) in
            [(Some(UnixMs::from_secs(1_796_000_000)), 3, 3), (None, 1, 1)]
        {
            all.push(PuzzleMsg::Shown {
                date,
                solver: Color::White,
                moves,
                material,
                stars: 2,
                tries_left,
            });
        }
        for moves_left in [1, 2] {
            all.push(PuzzleMsg::Right {
                played: "c4-c5".into(),
                defence: "d6-d5".into(),
                moves_left,
                material,
            });
        }
        for (tries_left, moves_left) in [(1, 1), (2, 3)] {
            all.push(PuzzleMsg::Wrong {
                tries_left,
                moves_left,
                material,
            });
        }
        all.push(PuzzleMsg::Daily {
            date: UnixMs::from_secs(1_796_000_000),
            solver: Color::Black,
            moves: 2,
            material,
            stars: 4,
        });
    }
    for yours in [true, false] {
        all.push(PuzzleMsg::FromGame {
            date: UnixMs::from_secs(1_796_000_000),
            yours,
        });
    }
    all.push(PuzzleMsg::SameTry);
    all.push(PuzzleMsg::LeaveFirst);
    all.push(PuzzleMsg::LeftAfterATry {
        rating: (1500.0, 1460.0),
    });
    for daily in [true, false] {
        for (streak, rating) in [(1, None), (4, Some((1500.0, 1581.2)))] {
            for missed in [false, true] {
                all.push(PuzzleMsg::Solved {
                    daily,
                    streak,
                    rating,
                    missed,
                });
            }
            all.push(PuzzleMsg::Failed {
                daily,
                solution: vec!["a3-a4".into(), "b5-b4".into(), "a4xa6".into()],
                rating,
            });
        }
        for solved in [true, false] {
            all.push(PuzzleMsg::AlreadyDone {
                daily,
                solved,
                solution: vec!["a3-a4".into(), "b5-b4".into(), "a4xa6".into()],
            });
        }
    }
    for solved_today in [true, false] {
        all.push(PuzzleMsg::Stats {
            user: ALI,
            streak: 1,
            best_streak: 7,
            solved: 12,
            failed: 2,
            practice: 5,
            rating: 1612.4,
            solved_today,
            themes: if solved_today {
                vec![
                    ThemeLine {
                        theme: Theme::Sacrifice,
                        solved: 3,
                        tried: 4,
                    },
                    ThemeLine {
                        theme: Theme::KingHunt,
                        solved: 0,
                        tried: 1,
                    },
                ]
            } else {
                Vec::new()
            },
        });
    }
    all.push(PuzzleMsg::Leaderboard {
        rows: vec![
            StreakLine {
                user: ALI,
                streak: 4,
                best_streak: 9,
                solved: 30,
            },
            StreakLine {
                user: AYSE,
                streak: 0,
                best_streak: 2,
                solved: 3,
            },
        ],
    });
    all.push(PuzzleMsg::NoSolvers);
    all.push(PuzzleMsg::ChannelSet {
        channel: Some(ChannelId(77)),
    });
    all.push(PuzzleMsg::ChannelSet { channel: None });
    for (theme, mine) in [(None, false), (Some(Theme::Zugzwang), false), (None, true)] {
        all.push(PuzzleMsg::NoPracticeLeft { theme, mine });
    }
    all
}

fn variant(m: &Msg) -> usize {
    match m {
        Msg::ChallengeIssued { .. } => 0,
        Msg::ChallengeDeclined { .. } => 1,
        Msg::ChallengeWithdrawn { .. } => 2,
        Msg::ChallengeExpired { .. } => 3,
        Msg::GameStarted { .. } => 4,
        Msg::AiGameStarted { .. } => 5,
        Msg::Played { .. } => 6,
        Msg::ToMove { .. } => 7,
        Msg::AiThinking { .. } => 8,
        Msg::GameOver { .. } => 9,
        Msg::RatingChanges(_) => 10,
        Msg::CalledOff { .. } => 11,
        Msg::ConfirmResign => 12,
        Msg::DrawOffered { .. } => 13,
        Msg::AiDeclinesDraw { .. } => 14,
        Msg::TakebackAsked { .. } => 15,
        Msg::TakenBack { .. } => 16,
        Msg::Hint { .. } => 17,
        Msg::LegalMoves { .. } => 18,
        Msg::PdnFile { .. } => 19,
        Msg::ReplayFile { .. } => 20,
        Msg::Leaderboard { .. } => 21,
        Msg::NoRatedGames { .. } => 22,
        Msg::Stats(_) => 23,
        Msg::NotPlayedYet { .. } => 24,
        Msg::TimeWarning { .. } => 25,
        Msg::GameBroken { .. } => 26,
        Msg::Aborted { .. } => 27,
        Msg::LanguageSet { .. } => 28,
        Msg::Rules { .. } => 29,
        Msg::Help { .. } => 30,
        Msg::AnalysisAsked { .. } => 31,
        Msg::Analysis { .. } => 32,
        Msg::AnalysisProgress { .. } => 33,
        Msg::NotRatedTooShort => 34,
        Msg::FinalClocks { .. } => 35,
        Msg::NoFirstMove { .. } => 36,
        Msg::MoveTooLate => 37,
        Msg::WebListed { .. } => 38,
        Msg::Forfeit { .. } => 39,
        Msg::PlayedSince { .. } => 68,
        Msg::PlayLink { .. } => 69,
        Msg::ActionTooLate => 70,
        Msg::ChallengeTaken { .. } => 71,
        Msg::Finding(FindingMsg::Seeking { .. }) => 72,
        Msg::Finding(FindingMsg::LeftPool { .. }) => 73,
        Msg::Finding(FindingMsg::SeekExpired { .. }) => 74,
        Msg::Finding(FindingMsg::PoolPaired { .. }) => 75,
        Msg::Finding(FindingMsg::MeetingNowhere { .. }) => 76,
        Msg::Finding(FindingMsg::Blocked { .. }) => 77,
        Msg::Finding(FindingMsg::Unblocked { .. }) => 78,
        Msg::Finding(FindingMsg::BlockList { .. }) => 79,
        Msg::Finding(FindingMsg::RematchOffered { .. }) => 80,
        Msg::Finding(FindingMsg::RematchLapsed { .. }) => 81,
        Msg::Finding(FindingMsg::NetworkJoined { .. }) => 82,
        Msg::Finding(FindingMsg::NetworkLeft { .. }) => 83,
        Msg::Finding(FindingMsg::NetworkStatus { .. }) => 84,
        Msg::Puzzle(p) => {
            40 + match p {
                PuzzleMsg::Shown { .. } => 0,
                PuzzleMsg::Right { .. } => 1,
                PuzzleMsg::Wrong { .. } => 2,
                PuzzleMsg::SameTry => 3,
                PuzzleMsg::Solved { .. } => 4,
                PuzzleMsg::Failed { .. } => 5,
                PuzzleMsg::AlreadyDone { .. } => 6,
                PuzzleMsg::Stats { .. } => 7,
                PuzzleMsg::Leaderboard { .. } => 8,
                PuzzleMsg::NoSolvers => 9,
                PuzzleMsg::ChannelSet { .. } => 10,
                PuzzleMsg::Daily { .. } => 11,
                PuzzleMsg::NoPracticeLeft { .. } => 12,
                PuzzleMsg::LeftAfterATry { .. } => 13,
                PuzzleMsg::FromGame { .. } => 14,
                PuzzleMsg::LeaveFirst => 15,
            }
        }
        Msg::Tournament(t) => {
            56 + match t {
                TournamentMsg::Created { .. } => 0,
                TournamentMsg::Joined { .. } => 1,
                TournamentMsg::Left { .. } => 2,
                TournamentMsg::Started { .. } => 3,
                TournamentMsg::Cancelled { .. } => 4,
                TournamentMsg::Round { .. } => 5,
                TournamentMsg::Paired { .. } => 6,
                TournamentMsg::Standings { .. } => 7,
                TournamentMsg::Finished { .. } => 8,
                TournamentMsg::Berserk { .. } => 9,
                TournamentMsg::Exported { .. } => 10,
                TournamentMsg::OutsideRules { .. } => 11,
            }
        }
    }
}
const MESSAGE_VARIANTS: usize = 40 + 16 + 12 + 17;

fn tournament_result(place: i64) -> dama_core::host::TournamentResult {
    dama_core::host::TournamentResult {
        name: "Kahvehane Kupası".into(),
        place,
        players: 12,
        ended_at: UnixMs::from_secs(1_796_000_000),
    }
}

fn tournament_messages() -> Vec<TournamentMsg> {
    use dama_model::TournamentKind::Arena;
    let name = || "Kahvehane Kupası".to_string();
    let line = |rank, user, score, tie_breaks, on_fire, withdrawn| TournamentLine {
        rank,
        user,
        score,
        tie_breaks,
        on_fire,
        games: vec![2, 1, 0],
        withdrawn,
    };
    let mut all = Vec::new();
    for format in [
        TournamentFormat::Swiss { rounds: 5 },
        TournamentFormat::Arena { minutes: 90 },
    ] {
        for starts_at in [None, Some(UnixMs(1_796_003_600_000))] {
            for rated in [true, false] {
                all.push(TournamentMsg::Created {
                    name: name(),
                    format,
                    control: "5+3".parse().unwrap(),
                    starts_at,
                    rated,
                    players: 0,
                    status: TournamentStatus::Open,
                });
            }
        }
        all.push(TournamentMsg::Standings {
            name: name(),
            kind: format.kind(),
            lines: vec![
                line(1, ALI, 5, Some((9, 22)), true, false),
                line(2, AYSE, 2, Some((6, 4)), false, true),
            ],
            finished: format.kind() == Arena,
        });
    }
    for (players, missed_rounds) in [(1, 0), (2, 1), (9, 2)] {
        all.push(TournamentMsg::Joined {
            user: ALI,
            name: name(),
            players,
            missed_rounds,
        });
        all.push(TournamentMsg::Left {
            user: AYSE,
            name: name(),
            players,
        });
    }
    all.push(TournamentMsg::Started {
        name: name(),
        players: 7,
    });
    for too_few in [true, false] {
        all.push(TournamentMsg::Cancelled {
            name: name(),
            too_few,
        });
    }
    for (bye, starts_at) in [
        (None, None),
        (Some(UserId(5)), Some(UnixMs(1_796_003_660_000))),
    ] {
        all.push(TournamentMsg::Round {
            name: name(),
            round: 2,
            rounds: 5,
            games: vec![(ALI, AYSE), (UserId(6), UserId(7))],
            bye,
            starts_at,
        });
    }
    all.push(TournamentMsg::Paired {
        games: vec![(AYSE, ALI)],
    });
    for winners in [vec![ALI], vec![ALI, AYSE]] {
        all.push(TournamentMsg::Finished {
            name: name(),
            winners,
        });
    }
    for (players, status) in [
        (1, TournamentStatus::Open),
        (6, TournamentStatus::Running),
        (6, TournamentStatus::Finished),
        (2, TournamentStatus::Cancelled),
    ] {
        all.push(TournamentMsg::Created {
            name: name(),
            format: TournamentFormat::Swiss { rounds: 5 },
            control: "3d".parse().unwrap(),
            starts_at: None,
            rated: true,
            players,
            status,
        });
    }
    all.push(TournamentMsg::Berserk { user: AYSE });
    all.push(TournamentMsg::Exported { name: name() });
    for (rematches, second_byes) in [
        (vec![(ALI, AYSE)], vec![]),
        (vec![(ALI, AYSE), (UserId(6), UserId(7))], vec![UserId(5)]),
    ] {
        all.push(TournamentMsg::OutsideRules {
            name: name(),
            organiser: UserId(9),
            round: 4,
            rematches,
            second_byes,
        });
    }
    all
}

/// One time control of each kind: a correspondence game, and a live one in each speed class.
fn controls() -> Vec<TimeControl> {
    ["1d", "3d", "1/4+0", "3+2", "10+5", "30+0"]
        .iter()
        .map(|t| t.parse().unwrap())
        .collect()
}

fn move_errors() -> Vec<MoveError> {
    let options = |n: usize| -> Vec<String> {
        (0..n)
            .map(|i| format!("a{}-b{}", i % 8 + 1, i % 8 + 1))
            .collect()
    };
    let mut all: Vec<MoveError> = vec![
        SyntaxError::Empty.into(),
        SyntaxError::NotASquare("z9".into()).into(),
        SyntaxError::OneSquare.into(),
        SyntaxError::TrailingSeparator('-').into(),
        SyntaxError::TooLong.into(),
        MoveError::Ambiguous {
            text: "d4xf6".into(),
            options: options(2),
        },
        Illegal::NoPiece(sq("e5")).into(),
        Illegal::NotYourPiece {
            square: sq("f6"),
            owner: Color::Black,
            side: Color::White,
        }
        .into(),
        Illegal::CaptureCompulsory {
            options: options(1),
        }
        .into(),
        Illegal::MustTakeMore {
            count: 3,
            options: options(12),
        }
        .into(),
        Illegal::Unfinished {
            options: options(3),
        }
        .into(),
        Illegal::WrongCapture {
            piece: PieceName(Role::King),
            square: sq("d4"),
            options: options(2),
        }
        .into(),
        Illegal::NothingToCapture {
            options: options(2),
        }
        .into(),
        Illegal::Blocked {
            piece: PieceName(Role::Man),
            square: sq("a2"),
        }
        .into(),
        Illegal::GameOver.into(),
    ];
    for why in [
        WhyNot::Nowhere,
        WhyNot::Diagonal,
        WhyNot::ManBackwards,
        WhyNot::ManTooFar,
        WhyNot::SquareTaken,
        WhyNot::PathBlocked,
        WhyNot::NotLegal,
    ] {
        all.push(
            Illegal::CannotMoveThere {
                piece: PieceName(Role::Man),
                from: sq("e6"),
                to: sq("d5"),
                why,
                options: options(2),
            }
            .into(),
        );
    }
    all
}

fn errors() -> Vec<HostError> {
    let mut all = vec![
        HostError::Refused(Refusal::NoGame),
        HostError::Refused(Refusal::NoGameYet),
        HostError::Refused(Refusal::NotAPlayer),
        HostError::Refused(Refusal::NoPublicUrl),
        HostError::Refused(Refusal::NotSignedIn),
        HostError::Refused(Refusal::NotYourTurn {
            to_move: Player::Ai(Level::Hard),
        }),
        HostError::Refused(Refusal::ChangedMeanwhile),
        HostError::Refused(Refusal::ChannelBusy { players: None }),
        HostError::Refused(Refusal::ChannelBusy {
            players: Some(Players {
                white: Player::User(ALI),
                black: Player::Ai(Level::Easy),
            }),
        }),
        HostError::Refused(Refusal::SelfChallenge),
        HostError::Refused(Refusal::BotOpponent),
        HostError::Refused(Refusal::NoChallenge),
        HostError::Refused(Refusal::ChallengeExpired),
        HostError::Refused(Refusal::NotYourChallenge),
        HostError::Refused(Refusal::NotYourOpenChallenge { challenger: ALI }),
        HostError::Refused(Refusal::OwnChallenge),
        HostError::Refused(Refusal::OpenChallengeNeedsServer),
        HostError::Refused(Refusal::NoOpenChallenge),
        HostError::Refused(Refusal::GameAlreadyOver),
        HostError::Refused(Refusal::DrawAlreadyOffered),
        HostError::Refused(Refusal::TakebackAlreadyAsked),
        HostError::Refused(Refusal::NothingToTakeBack),
        HostError::Refused(Refusal::NoHintsInRatedGames),
        HostError::Refused(Refusal::OldButton),
        HostError::Refused(Refusal::ButtonGameOver),
        HostError::Refused(Refusal::UnknownButton),
        HostError::Refused(Refusal::Broken { game: GameId(1) }),
        HostError::Refused(Refusal::CannotAbort),
        HostError::Refused(Refusal::NeedsManageServer),
        HostError::Refused(Refusal::UnknownLanguage("klingon".into())),
        HostError::Refused(Refusal::TooManyChallenges { limit: 3 }),
        HostError::Refused(Refusal::SeekNeedsServer),
        HostError::Refused(Refusal::NotInNetwork),
        HostError::Refused(Refusal::NetworkNeedsManageServer),
        HostError::Refused(Refusal::RematchAcrossServers),
        HostError::Refused(Refusal::BlockSelf),
        HostError::Refused(Refusal::AlreadyBlocked { user: AYSE }),
        HostError::Refused(Refusal::NotBlocked { user: AYSE }),
        HostError::Refused(Refusal::TooManyBlocks { limit: 500 }),
        HostError::Refused(Refusal::NotAvailable),
        HostError::Refused(Refusal::YouBlocked { user: AYSE }),
        HostError::Refused(Refusal::SeekWhilePlayingLive),
        HostError::Refused(Refusal::NotSeeking),
        HostError::Refused(Refusal::TooManySeeks { limit: 6 }),
        HostError::Refused(Refusal::RematchNotOver),
        HostError::Refused(Refusal::RematchNotPlayer),
        HostError::Refused(Refusal::RematchInTournament),
        HostError::Refused(Refusal::RematchOfferedAlready { to: AYSE }),
        HostError::Refused(Refusal::RematchPlayed),
        HostError::Refused(Refusal::TooManyRematches { limit: 3 }),
        HostError::Refused(Refusal::TooManyAiGames { limit: 3 }),
        HostError::Refused(Refusal::ReplayForPlayersOnly),
        HostError::Refused(Refusal::NoAnalysisDuringRatedGames),
        HostError::Refused(Refusal::AnalysisForPlayersOnly),
        HostError::Refused(Refusal::NothingToAnalyse),
        HostError::Refused(Refusal::NoPuzzles),
        HostError::Refused(Refusal::PuzzleOver),
        HostError::Refused(Refusal::ServerOnly),
        HostError::Refused(Refusal::PuzzleChannelNeedsManageServer),
        HostError::Refused(Refusal::WebNeedsManageServer),
        HostError::internal("reading a game", "disk on fire"),
    ];
    all.extend(
        [
            TournamentRefusal::NoTournament,
            TournamentRefusal::NotOrganiser,
            TournamentRefusal::AlreadyIn,
            TournamentRefusal::NotIn,
            TournamentRefusal::Over(TournamentStatus::Finished),
            TournamentRefusal::Over(TournamentStatus::Cancelled),
            TournamentRefusal::LateJoinOver,
            TournamentRefusal::Rounds { min: 3, max: 15 },
            TournamentRefusal::Minutes { min: 10, max: 720 },
            TournamentRefusal::StartsTooLate {
                latest: Millis::from_days(30),
            },
            TournamentRefusal::StartsInThePast,
            TournamentRefusal::StartUnreadable("yarın".into()),
            TournamentRefusal::Name { max: 60 },
            TournamentRefusal::NotStarted,
            TournamentRefusal::AlreadyStarted,
            TournamentRefusal::ExportSwissOnly,
            TournamentRefusal::NoBerserk,
            TournamentRefusal::AlreadyBerserk,
            TournamentRefusal::BerserkTooLate,
            TournamentRefusal::TooManyUnfinished { max: 20 },
            TournamentRefusal::CreatingTooFast {
                max: 5,
                again_at: UnixMs::from_secs(1_800_000_000),
            },
            TournamentRefusal::Full { max: 1_000 },
        ]
        .map(|e| HostError::Refused(Refusal::Tournament(e))),
    );
    for s in [
        ChallengeStatus::Open,
        ChallengeStatus::Accepted,
        ChallengeStatus::Declined,
        ChallengeStatus::Cancelled,
        ChallengeStatus::Expired,
    ] {
        all.push(HostError::Refused(Refusal::ChallengeClosed(s)));
    }
    all.extend(
        move_errors()
            .into_iter()
            .map(|e| HostError::Refused(Refusal::Move(e))),
    );
    all
}

fn captions() -> Vec<Caption> {
    let mut all = vec![
        Caption::ToMove {
            side: Color::White,
            number: 12,
        },
        Caption::SideToMove(Color::Black),
        Caption::CalledOff,
        Caption::Forfeit(Color::White),
        Caption::Forfeit(Color::Black),
        Caption::ReplayStart,
        Caption::Puzzle {
            solver: Color::Black,
            moves: 3,
            material: false,
        },
        Caption::Puzzle {
            solver: Color::White,
            moves: 2,
            material: true,
        },
        Caption::PuzzleSolved,
        Caption::Standings(StandingsText::Title {
            name: "Kahvehane Kupası".into(),
            finished: true,
        }),
        Caption::Standings(StandingsText::Title {
            name: "Kahvehane Kupası".into(),
            finished: false,
        }),
        Caption::Standings(StandingsText::Score {
            kind: dama_model::TournamentKind::Swiss,
            score: 5,
        }),
        Caption::Standings(StandingsText::Score {
            kind: dama_model::TournamentKind::Arena,
            score: 12,
        }),
        Caption::Standings(StandingsText::TieBreaks {
            buchholz: 9,
            berger: 22,
        }),
        Caption::Standings(StandingsText::OnFire),
        Caption::Standings(StandingsText::More { count: 1 }),
        Caption::Standings(StandingsText::More { count: 12 }),
        Caption::ReplayPly {
            number: 3,
            side: Color::Black,
            notation: "f6-f5".into(),
            outcome: None,
        },
    ];
    for t in [
        CardText::Rating {
            speed: Some(SpeedClass::Classical),
            rating: 1612,
            margin: 290,
        },
        CardText::Rating {
            speed: None,
            rating: 1500,
            margin: 700,
        },
        CardText::OtherRatings(vec![
            (SpeedClass::Blitz, 1488),
            (SpeedClass::Correspondence, 1620),
        ]),
        CardText::Rank {
            server: Some(2),
            global: 5,
        },
        CardText::Rank {
            server: None,
            global: 1,
        },
        CardText::Peak { rating: 1650 },
        CardText::Record {
            wins: 1,
            draws: 0,
            losses: 2,
        },
        CardText::LastResults,
        CardText::Result(PlayerResult::Win),
        CardText::Result(PlayerResult::Draw),
        CardText::Result(PlayerResult::Loss),
        CardText::Favourite {
            name: "ayşe".into(),
            games: 4,
        },
        CardText::Streak { games: 3 },
        CardText::Tournaments {
            played: 2,
            won: 1,
            last: tournament_result(4),
        },
        CardText::Date(UnixMs::from_secs(1_796_000_000)),
        CardText::NoRatedGame,
    ] {
        all.push(Caption::Card(t));
    }
    for o in outcomes() {
        all.push(Caption::Over(o));
        all.push(Caption::ReplayPly {
            number: 40,
            side: Color::White,
            notation: "d4xd6xf6".into(),
            outcome: Some(o),
        });
    }
    all
}

const LABELS: [ButtonLabel; 16] = [
    ButtonLabel::LeavePool,
    ButtonLabel::Rematch,
    ButtonLabel::PlayOnBoard,
    ButtonLabel::SolvePuzzle,
    ButtonLabel::Berserk,
    ButtonLabel::JoinTournament,
    ButtonLabel::LeaveTournament,
    ButtonLabel::Accept,
    ButtonLabel::Decline,
    ButtonLabel::Cancel,
    ButtonLabel::Resign,
    ButtonLabel::ConfirmResign,
    ButtonLabel::OfferDraw,
    ButtonLabel::AcceptDraw,
    ButtonLabel::AllowTakeback,
    ButtonLabel::Hint,
];

#[test]
fn every_language_has_exactly_the_same_messages() {
    let words = Words::new();
    let langs = words.languages();
    assert!(langs.len() >= 2, "English and Turkish at least: {langs:?}");
    assert_eq!(langs[0], Lang::ENGLISH);
    let english = words.ids(Lang::ENGLISH);
    assert!(english.len() > 150, "{} ids", english.len());
    for lang in &langs[1..] {
        let other = words.ids(*lang);
        let missing: Vec<_> = english.iter().filter(|i| !other.contains(i)).collect();
        let extra: Vec<_> = other.iter().filter(|i| !english.contains(i)).collect();
        assert!(
            missing.is_empty() && extra.is_empty(),
            "{}: missing {missing:?}, not in English {extra:?}",
            lang.code()
        );
    }
}

#[test]
fn every_message_the_code_sends_formats_in_every_language() {
    let words = Words::new();
    let all = messages();
    let mut seen = [false; MESSAGE_VARIANTS];
    for m in &all {
        seen[variant(m)] = true;
    }
    assert!(seen.iter().all(|&s| s), "a message variant has no example");
    for lang in words.languages() {
        for surface in SURFACES {
            let names = Names(surface);
            let w = words.writer(lang, &names);
            for m in &all {
                let text = w.msg(m);
                assert!(!text.trim().is_empty(), "{m:?}");
                assert!(!text.contains("{"), "{}: {text}", lang.code());
                // Never "Black (the AI (easy))": a parenthesis inside another reads badly.
                let mut depth = 0i32;
                for c in text.chars() {
                    depth += match c {
                        '(' => 1,
                        ')' => -1,
                        _ => 0,
                    };
                    assert!(depth <= 1, "{}: nested parentheses in {text}", lang.code());
                }
            }
            for e in errors() {
                let text = w.error(&e);
                assert!(
                    text.ends_with('.') || text.ends_with('!'),
                    "{}: {text}",
                    lang.code()
                );
            }
            for c in captions() {
                assert!(!w.caption(&c).is_empty());
            }
            for l in LABELS {
                assert!(!w.button(l).is_empty());
            }
            let problems = w.finish();
            assert!(problems.is_empty(), "{problems:#?}");
        }
    }
}

#[test]
fn every_answer_starts_with_a_capital_and_never_changes_a_name() {
    let words = Words::new();
    // Names as the console writes them: lowercase, never to be capitalised.
    let names = Names(Surface::Console {
        now: UnixMs::from_secs(0),
    });
    for lang in words.languages() {
        let w = words.writer(lang, &names);
        let texts: Vec<String> = messages()
            .iter()
            .map(|m| w.msg(m))
            .chain(errors().iter().map(|e| w.error(e)))
            .collect();
        let wrong: Vec<&String> = texts
            .iter()
            .filter(|t| {
                t.chars().next().is_some_and(char::is_lowercase)
                    || t.starts_with("Ali")
                    || t.starts_with("Ayşe")
            })
            .collect();
        assert!(
            wrong.is_empty(),
            "{}: these start with a small letter or a changed name:\n{}",
            lang.code(),
            wrong
                .iter()
                .map(|t| t.as_str())
                .collect::<Vec<_>>()
                .join("\n")
        );
    }
}

#[test]
fn a_standings_line_of_one_point_says_point_in_english_and_puan_in_turkish() {
    let words = Words::new();
    let names = Names(Surface::Console {
        now: UnixMs::from_secs(0),
    });
    let en = words.writer(Lang::ENGLISH, &names);
    let tr = words.writer(words.pick("tr").unwrap(), &names);
    let standings = |kind, score| {
        Msg::Tournament(TournamentMsg::Standings {
            name: "Kahvehane Kupası".into(),
            kind,
            lines: vec![TournamentLine {
                rank: 1,
                user: ALI,
                score,
                tie_breaks: Some((2, 0)),
                on_fire: false,
                games: vec![2],
                withdrawn: false,
            }],
            finished: false,
        })
    };
    use dama_model::TournamentKind::{Arena, Swiss};
    let said = |w: &dama_core::words::Writer<'_>, kind, score| w.msg(&standings(kind, score));
    // A Swiss score is kept in halves.
    assert!(
        said(&en, Swiss, 2).contains(": 1 point (Buchholz"),
        "{}",
        said(&en, Swiss, 2)
    );
    assert!(
        said(&en, Swiss, 1).contains(": ½ points (Buchholz"),
        "{}",
        said(&en, Swiss, 1)
    );
    assert!(
        said(&en, Swiss, 5).contains(": 2½ points (Buchholz"),
        "{}",
        said(&en, Swiss, 5)
    );
    assert!(
        said(&en, Arena, 1).contains(": 1 point 1"),
        "{}",
        said(&en, Arena, 1)
    );
    assert!(
        said(&en, Arena, 4).contains(": 4 points 1"),
        "{}",
        said(&en, Arena, 4)
    );
    // Turkish keeps the noun singular after a number.
    assert!(
        said(&tr, Swiss, 2).contains(": 1 puan (Buchholz"),
        "{}",
        said(&tr, Swiss, 2)
    );
    assert!(
        said(&tr, Arena, 4).contains(": 4 puan 1"),
        "{}",
        said(&tr, Arena, 4)
    );
}

/// Sonneborn–Berger counts in quarters: 15¾ was once said as 15½; and the tie-break is named
/// as it is counted, Buchholz cut 1.
#[test]
fn the_tie_breaks_are_said_whole_and_by_their_names_in_both_languages() {
    let words = Words::new();
    let names = Names(Surface::Console {
        now: UnixMs::from_secs(0),
    });
    let line = |buchholz, berger| {
        Msg::Tournament(TournamentMsg::Standings {
            name: "Kahvehane Kupası".into(),
            kind: dama_model::TournamentKind::Swiss,
            lines: vec![TournamentLine {
                rank: 1,
                user: ALI,
                score: 9,
                tie_breaks: Some((buchholz, berger)),
                on_fire: false,
                games: vec![2, 1, 2],
                withdrawn: false,
            }],
            finished: false,
        })
    };
    let en = words.writer(Lang::ENGLISH, &names).msg(&line(25, 63));
    assert!(
        en.contains("(Buchholz cut 1 12½, Sonneborn–Berger 15¾)"),
        "{en}"
    );
    let tr = words
        .writer(words.pick("tr").unwrap(), &names)
        .msg(&line(4, 1));
    assert!(
        tr.contains("(Buchholz kesik 1 2, Sonneborn–Berger ¼)"),
        "{tr}"
    );
    for (q, said) in [
        (0, "0"),
        (1, "¼"),
        (2, "½"),
        (3, "¾"),
        (4, "1"),
        (63, "15¾"),
    ] {
        assert_eq!(dama_core::words::quarters(q), said);
    }
}

#[test]
fn english_plurals_and_turkish_counts() {
    let words = Words::new();
    let names = Names(Surface::Console {
        now: UnixMs::from_secs(0),
    });
    let en = words.writer(Lang::ENGLISH, &names);
    let tr = words.writer(words.pick("tr").unwrap(), &names);
    let stats = |games, wins| {
        Msg::Stats(PlayerStats {
            speed: None,
            others: vec![],
            record: Record {
                user: ALI,
                rating: 1500.0,
                margin: 100.0,
                games,
                wins,
                draws: 0,
                losses: games - wins,
            },
            server_rank: None,
            global_rank: None,
            peak: None,
            recent: vec![],
            longest_streak: 0,
            favourite: None,
            tournaments: vec![],
            ai: vec![],
        })
    };
    assert!(
        en.msg(&stats(1, 1))
            .contains("1 rated game: 1 win, 0 draws, 0 losses")
    );
    assert!(en.msg(&stats(2, 2)).contains("2 rated games: 2 wins"));
    // Turkish keeps the noun singular after a number.
    assert!(tr.msg(&stats(2, 2)).contains("2 puanlı oyun: 2 galibiyet"));
    // Games against the AI are counted apart from the rated ones, in both languages.
    let Msg::Stats(mut with_ai) = stats(0, 0) else {
        unreachable!()
    };
    with_ai.ai = vec![
        (dama_play::ai::Level::Easy, [2, 0, 1]),
        (dama_play::ai::Level::Master, [0, 1, 3]),
    ];
    let with_ai = Msg::Stats(with_ai);
    assert!(
        en.msg(&with_ai).contains(
            "Against the AI (never rated): easy 2 wins, 0 draws, 1 loss; master 0 wins, 1 draw, 3 losses."
        ),
        "{}",
        en.msg(&with_ai)
    );
    assert!(
        tr.msg(&with_ai).contains(
            "Bilgisayara karşı (puansız): kolay: 2 galibiyet, 0 beraberlik, 1 yenilgi; usta: 0 galibiyet, 1 beraberlik, 3 yenilgi."
        ),
        "{}",
        tr.msg(&with_ai)
    );
    let moves = |n: usize| Msg::LegalMoves {
        side: Color::White,
        moves: vec!["a3-a4".into(); n],
        capture_due: false,
    };
    assert!(
        en.msg(&moves(1))
            .starts_with("White to move, one legal move: a3-a4")
    );
    assert!(
        en.msg(&moves(2))
            .starts_with("White to move, 2 legal moves")
    );
    assert!(
        tr.msg(&moves(2))
            .starts_with("Beyaz oynar, 2 geçerli hamle")
    );
}

#[test]
fn the_end_of_a_game_names_winner_and_loser_and_tells_you_against_the_ai() {
    let words = Words::new();
    let names = Names(Surface::Discord);
    let en = words.writer(Lang::ENGLISH, &names);
    let people = Players {
        white: Player::User(ALI),
        black: Player::User(AYSE),
    };
    let resigned = Msg::GameOver {
        outcome: Outcome {
            result: GameResult::Win(Color::White),
            reason: Reason::Resignation,
        },
        players: people,
    };
    // Names are never capitalised, so no sentence opens with one.
    assert_eq!(
        en.msg(&resigned),
        "Game over: ayşe resigned, so ali wins with White."
    );
    let lost = Msg::GameOver {
        outcome: Outcome {
            result: GameResult::Win(Color::Black),
            reason: Reason::NoMoves,
        },
        players: Players {
            white: Player::User(ALI),
            black: Player::Ai(Level::Easy),
        },
    };
    assert_eq!(
        en.msg(&lost),
        "Game over: ali has no move left, so the easy AI wins with Black. Better luck next time, ali!"
    );
    // Every piece captured is said so, not "no move left".
    let no_pieces = Msg::GameOver {
        outcome: Outcome {
            result: GameResult::Win(Color::White),
            reason: Reason::NoPieces,
        },
        players: people,
    };
    assert_eq!(
        en.msg(&no_pieces),
        "Game over: ayşe has no pieces left, so ali wins with White."
    );
    let tr = words.writer(words.pick("tr").unwrap(), &names);
    assert_eq!(
        tr.msg(&no_pieces),
        "Oyun bitti, ayşe için hiç taş kalmadı: ali beyazla kazandı, ayşe kaybetti."
    );
    assert_eq!(
        tr.msg(&resigned),
        "Oyun bitti, ayşe terk etti: ali beyazla kazandı."
    );
    let ai_moved = Msg::Played {
        mover: Player::Ai(Level::Easy),
        notation: "h6-h5".into(),
        crowned: false,
    };
    assert_eq!(en.msg(&ai_moved), "Played by the easy AI: h6-h5.");
    // A puzzle's answer says who played what; a solve after a miss says why the rating fell.
    let right = Msg::Puzzle(PuzzleMsg::Right {
        played: "c4-c5".into(),
        defence: "d6xd4".into(),
        moves_left: 1,
        material: false,
    });
    assert_eq!(
        en.msg(&right),
        "Right: you played c4-c5, and the other side answers d6xd4. Now win in one more move."
    );
    let late = Msg::Puzzle(PuzzleMsg::Solved {
        daily: false,
        streak: 0,
        rating: Some((1500.0, 1480.0)),
        missed: true,
    });
    assert!(
        en.msg(&late)
            .contains("It took more than one try, so your puzzle rating counts it as missed."),
        "{}",
        en.msg(&late)
    );
    assert_eq!(tr.msg(&ai_moved), "Hamle: h6-h5 (kolay bilgisayar).");
}

#[test]
fn a_sentence_opening_with_i_is_capitalised_the_turkish_way() {
    let words = Words::new();
    let names = Names(Surface::Discord);
    let tr = words.writer(words.pick("tr").unwrap(), &names);
    let hint = tr.msg(&Msg::Hint {
        notation: "e3-e4".into(),
        eval: Eval::Equal,
    });
    assert!(hint.starts_with("İpucu: e3-e4."), "{hint}");
}

#[test]
fn deadlines_are_discord_timestamps_on_discord_and_words_in_the_console() {
    let words = Words::new();
    let msg = Msg::TimeWarning {
        player: ALI,
        deadline: UnixMs::from_secs(1_000 + 3 * 86_400),
    };
    let discord = Names(Surface::Discord);
    let text = words.writer(Lang::ENGLISH, &discord).msg(&msg);
    assert!(text.contains("<t:260200:R>"), "{text}");
    let console = Names(Surface::Console {
        now: UnixMs::from_secs(1_000),
    });
    let text = words.writer(Lang::ENGLISH, &console).msg(&msg);
    assert!(text.contains("in 3 days"), "{text}");
    let text = words.writer(words.pick("tr").unwrap(), &console).msg(&msg);
    assert!(text.contains("3 gün içinde"), "{text}");
}

#[test]
fn a_long_typed_text_is_quoted_only_in_part() {
    let words = Words::new();
    let names = Names(Surface::Discord);
    let typed = "x".repeat(4_500);
    let e = HostError::Refused(Refusal::Move(SyntaxError::NotASquare(typed).into()));
    for lang in words.languages() {
        let text = words.writer(lang, &names).error(&e);
        assert!(text.chars().count() < 300, "{} characters", text.len());
    }
}

#[test]
fn locale_codes_find_the_nearest_language() {
    let words = Words::new();
    assert_eq!(words.pick("tr").map(Lang::code), Some("tr"));
    assert_eq!(words.pick("tr_TR.UTF-8").map(Lang::code), Some("tr"));
    assert_eq!(words.pick("en-GB").map(Lang::code), Some("en-US"));
    assert_eq!(words.pick("pt-BR"), None);
    assert_eq!(words.choose([None, Some("pt-BR"), Some("tr")]).code(), "tr");
    assert_eq!(words.choose([Some("ja")]), Lang::ENGLISH);
}

#[test]
fn slash_command_names_follow_discords_rules_in_every_language() {
    let words = Words::new();
    for lang in words.languages() {
        for id in words.ids(lang) {
            let name_like = (id.starts_with("cmd-") && !id.contains("description"))
                && (!id.contains('.') || !id.ends_with("-description"));
            if id.starts_with("cmd-") && id.ends_with("description") || id.starts_with("choice-") {
                let text = words.get(lang, &id);
                let n = text.chars().count();
                assert!(
                    (1..=100).contains(&n),
                    "{}: {id} has {n} characters",
                    lang.code()
                );
            }
            if !name_like || id.ends_with(".description") {
                continue;
            }
            let name = words.get(lang, &id);
            if id.ends_with("-description") {
                // Discord refuses the whole command list over one description beyond 100.
                let n = name.chars().count();
                assert!(
                    (1..=100).contains(&n),
                    "{}: {id} has {n} characters",
                    lang.code()
                );
                continue;
            }
            let ok = !name.is_empty()
                && name.chars().count() <= 32
                && name == name.to_lowercase()
                && name
                    .chars()
                    .all(|c| c.is_alphanumeric() || c == '-' || c == '_');
            assert!(
                ok,
                "{}: {id} = {name:?} is not a valid command name",
                lang.code()
            );
        }
        // English names are the names the code registers.
        if lang == Lang::ENGLISH {
            assert_eq!(words.get(lang, "cmd-move"), "move");
            assert_eq!(words.get(lang, "cmd-challenge.opponent"), "opponent");
        }
    }
}

#[test]
fn a_reply_joins_its_sentences_and_keeps_tables_on_lines() {
    let words = Words::new();
    let names = Names(Surface::Discord);
    let w = words.writer(Lang::ENGLISH, &names);
    let reply = Reply {
        body: vec![
            Msg::Played {
                mover: Player::User(ALI),
                notation: "e3-e4".into(),
                crowned: false,
            },
            Msg::AiThinking { level: Level::Hard },
        ],
        ..Reply::default()
    };
    assert_eq!(
        w.reply(&reply),
        "Played by ali: e3-e4. The AI (hard) is thinking…"
    );
}

#[test]
fn dates_and_ranks_are_written_each_languages_way() {
    let words = Words::new();
    let names = Names(Surface::Discord);
    let en = words.writer(Lang::ENGLISH, &names);
    let tr = words.writer(words.pick("tr").unwrap(), &names);
    // 2026-11-30 (UTC).
    let day = Caption::Card(CardText::Date(UnixMs::from_secs(1_796_000_000)));
    // English dates name the month: "11/30" and "30/11" are both read somewhere.
    assert_eq!(en.caption(&day), "30 Nov 2026");
    assert_eq!(tr.caption(&day), "30.11.2026");
    let rank = Caption::Card(CardText::Rank {
        server: None,
        global: 3,
    });
    assert_eq!(en.caption(&rank), "#3 of all players");
    assert_eq!(tr.caption(&rank), "Genelde 3.");
}

#[test]
fn a_tournament_exported_and_an_arena_refused_say_so_in_both_languages() {
    let words = Words::new();
    let names = Names(Surface::Console {
        now: UnixMs::from_secs(0),
    });
    let en = words.writer(Lang::ENGLISH, &names);
    let tr = words.writer(words.pick("tr").unwrap(), &names);
    let exported = Msg::Tournament(TournamentMsg::Exported {
        name: "Kahvehane Kupası".into(),
    });
    assert!(
        en.msg(&exported)
            .starts_with("Kahvehane Kupası as FIDE's tournament report file (TRF-16)"),
        "{}",
        en.msg(&exported)
    );
    assert!(
        tr.msg(&exported)
            .starts_with("Kahvehane Kupası, FIDE turnuva rapor dosyası (TRF-16)"),
        "{}",
        tr.msg(&exported)
    );
    let refused = HostError::Refused(Refusal::Tournament(TournamentRefusal::ExportSwissOnly));
    assert!(
        en.error(&refused)
            .starts_with("Only a Swiss tournament has a report file"),
        "{}",
        en.error(&refused)
    );
    assert!(
        tr.error(&refused)
            .starts_with("Rapor dosyası yalnızca İsviçre sistemi"),
        "{}",
        tr.error(&refused)
    );
}

#[test]
fn a_round_outside_the_rules_is_told_to_the_organiser_in_both_languages() {
    let words = Words::new();
    let names = Names(Surface::Console {
        now: UnixMs::from_secs(0),
    });
    let en = words.writer(Lang::ENGLISH, &names);
    let tr = words.writer(words.pick("tr").unwrap(), &names);
    let outside = Msg::Tournament(TournamentMsg::OutsideRules {
        name: "Kupa".into(),
        organiser: ALI,
        round: 4,
        rematches: vec![(ALI, AYSE)],
        second_byes: vec![UserId(5)],
    });
    let (en_outside, tr_outside) = (en.msg(&outside), tr.msg(&outside));
    assert_eq!(
        en_outside.lines().collect::<Vec<_>>(),
        [
            "ali, round 4 of Kupa had no pairing within FIDE's absolute rules (C.04.3), so it was paired breaking them as little as it could:",
            "Played each other before: ali and ayşe",
            "A second point without playing: <@5>",
        ],
        "{en_outside}"
    );
    assert!(
        tr_outside.contains("Daha önce karşılaşmışlardı: ali ve ayşe")
            && tr_outside
                .contains("4. turu FIDE'nin kesin kurallarına (C.04.3) uyarak eşleştirilemedi"),
        "{tr_outside}"
    );
}

#[test]
fn a_forfeit_and_a_rounds_start_say_so_in_both_languages() {
    let words = Words::new();
    let names = Names(Surface::Console {
        now: UnixMs::from_secs(0),
    });
    let en = words.writer(Lang::ENGLISH, &names);
    let tr = words.writer(words.pick("tr").unwrap(), &names);
    let forfeit = |withdrawn| Msg::Forfeit {
        winner: Player::User(ALI),
        absent: Player::User(AYSE),
        withdrawn,
    };
    assert_eq!(
        en.msg(&forfeit(false)),
        "Won by forfeit: ali; ayşe did not start."
    );
    assert_eq!(
        tr.msg(&forfeit(false)),
        "Hükmen galibiyet: ali; ayşe oyuna başlamadı."
    );
    assert!(
        en.msg(&forfeit(true))
            .ends_with("Absent two games in a row, ayşe is withdrawn from the tournament; joining again brings them back."),
        "{}",
        en.msg(&forfeit(true))
    );
    assert!(
        tr.msg(&forfeit(true)).ends_with(
            "Üst üste iki oyuna gelmeyen ayşe turnuvadan çekildi; yeniden katılarak dönebilir."
        ),
        "{}",
        tr.msg(&forfeit(true))
    );
    let round = Msg::Tournament(TournamentMsg::Round {
        name: "Kupa".into(),
        round: 2,
        rounds: 5,
        games: vec![(ALI, AYSE)],
        bye: None,
        starts_at: Some(UnixMs::from_secs(60)),
    });
    let (en_round, tr_round) = (en.msg(&round), tr.msg(&round));
    assert!(
        en_round.contains("The games start in 60 seconds, White moving first."),
        "{en_round}"
    );
    assert!(
        tr_round.contains("Oyunlar 60 saniye içinde başlar, ilk hamle Beyazın."),
        "{tr_round}"
    );
    assert_eq!(
        en.caption(&Caption::Forfeit(Color::White)),
        "Black wins by forfeit"
    );
    assert_eq!(
        tr.caption(&Caption::Forfeit(Color::Black)),
        "Beyaz hükmen kazandı"
    );
}
