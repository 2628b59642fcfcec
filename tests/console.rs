//! The terminal front end: its command reader, and a whole session through the same host.
use dama::ai::Level;
use dama::console::{Command, Console, parse, user_id};
use dama::engine::Color;
use dama::host::{Clock, ColorChoice, Host, HostConfig};
use dama::render::Renderer;
use dama::store::Store;
use proptest::prelude::*;
use std::sync::Arc;

#[test]
fn commands_and_bare_moves_are_read() {
    assert_eq!(
        parse("ai hard black"),
        Ok(Command::Ai {
            level: Level::Hard,
            color: Color::Black
        })
    );
    assert_eq!(
        parse("AI"),
        Ok(Command::Ai {
            level: Level::Medium,
            color: Color::White
        })
    );
    assert_eq!(
        parse("challenge mehmet white casual"),
        Ok(Command::Challenge {
            opponent: "mehmet".into(),
            color: ColorChoice::White,
            rated: false
        })
    );
    assert_eq!(parse("e3-e4"), Ok(Command::Move("e3-e4".into())));
    assert_eq!(parse(" d3 d5 f5 "), Ok(Command::Move("d3 d5 f5".into())));
    assert_eq!(parse("move e3 e4"), Ok(Command::Move("e3 e4".into())));
    assert_eq!(parse("stats ayse"), Ok(Command::Stats(Some("ayse".into()))));
    assert!(parse("ai grandmaster").unwrap_err().contains("not a level"));
    assert!(parse("resign now").unwrap_err().contains("takes nothing"));
    assert!(parse("hello").unwrap_err().contains("help"));
    assert!(parse("").is_err());
    assert_eq!(user_id("Ayse"), user_id("ayse"));
}

proptest! {
    #[test]
    fn the_command_reader_never_panics(line in any::<String>()) {
        if let Err(message) = parse(&line) {
            prop_assert!(!message.is_empty());
        }
    }

    #[test]
    fn the_command_reader_never_panics_on_command_like_text(
        line in "(ai|challenge|as|move|stats|resign|e3|d4)?[ a-hA-Z0-9x:\\-]{0,30}"
    ) {
        let _ = parse(&line);
    }
}

#[tokio::test]
async fn a_session_against_the_ai_plays_through_the_host_and_writes_pictures() {
    let dir = std::env::temp_dir().join(format!("dama-console-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let store = Store::open(&format!("sqlite://{}", dir.join("c.db").display()))
        .await
        .unwrap();
    let host = Host::new(
        store,
        Arc::new(Renderer::default()),
        HostConfig::default(),
        Clock::system(),
    );
    let pictures = dir.join("pictures");
    let mut console = Console::new(host, pictures.clone(), "ayse".into());
    let mut out: Vec<u8> = Vec::new();
    for line in ["ai easy", "e3-e4", "e3-e5", "moves", "board", "pdn"] {
        console
            .execute(parse(line).unwrap(), &mut out)
            .await
            .unwrap();
    }
    let text = String::from_utf8(out).unwrap();
    assert!(text.contains("ayse played e3-e4."), "{text}");
    assert!(text.contains("the AI (easy) played"), "{text}");
    assert!(
        text.contains("There is no piece on e3") || text.contains("That move cannot be played"),
        "{text}"
    );
    assert!(text.contains("White to move, "), "{text}");
    assert!(!text.contains("<@"), "mentions are shown as names: {text}");
    let files: Vec<String> = std::fs::read_dir(&pictures)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    assert!(
        files.iter().filter(|f| f.ends_with(".png")).count() >= 3,
        "{files:?}"
    );
    assert!(files.iter().any(|f| f.ends_with(".pdn")), "{files:?}");
}
