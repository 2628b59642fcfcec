//! A database outage: while PostgreSQL cannot be reached the host answers every player with
//! the apology ("please try again"), loses no acknowledged move, and works again by itself once
//! the database is back. The outage is a cut in a TCP relay between the host and the server.
//! Skipped with one line when no PostgreSQL server answers.
use dama_model::UnixMs;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use crate::common::db::TestDb;

use dama_core::host::{ButtonLabel, Clock, Host, HostConfig, HostError, Lang, Who};
use dama_core::words::{Markup, Surface, Words};
use dama_model::{ChannelId, ColorChoice, GuildId, UserId};
use dama_play::render::Renderer;
use dama_store::Store;
use tokio::net::{TcpListener, TcpStream};

/// Relays TCP to the PostgreSQL server until cut; refuses new connections while cut.
struct Relay {
    port: u16,
    up: Arc<AtomicBool>,
    links: Arc<Mutex<Vec<tokio::task::JoinHandle<()>>>>,
}

impl Relay {
    async fn start(target: String) -> Relay {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let port = listener.local_addr().unwrap().port();
        let up = Arc::new(AtomicBool::new(true));
        let links: Arc<Mutex<Vec<tokio::task::JoinHandle<()>>>> = Arc::default();
        let (up2, links2) = (Arc::clone(&up), Arc::clone(&links));
        tokio::spawn(async move {
            while let Ok((mut client, _)) = listener.accept().await {
                if !up2.load(Ordering::SeqCst) {
                    drop(client);
                    continue;
                }
                let target = target.clone();
                links2.lock().unwrap().push(tokio::spawn(async move {
                    if let Ok(mut server) = TcpStream::connect(&target).await {
                        let _ = tokio::io::copy_bidirectional(&mut client, &mut server).await;
                    }
                }));
            }
        });
        Relay { port, up, links }
    }

    /// The database goes away: open connections break, new ones are refused.
    fn cut(&self) {
        self.up.store(false, Ordering::SeqCst);
        for link in self.links.lock().unwrap().drain(..) {
            link.abort();
        }
    }

    fn restore(&self) {
        self.up.store(true, Ordering::SeqCst);
    }
}

fn who(user: u64) -> Who {
    Who {
        user: UserId(user),
        name: format!("p{user}"),
        channel: ChannelId(77),
        guild: Some(GuildId(7)),
        lang: Lang::ENGLISH,
        admin: false,
        game: None,
    }
}

struct Plain;
impl Markup for Plain {
    fn user(&self, id: UserId) -> String {
        format!("@{}", id.0)
    }
    fn surface(&self) -> Surface {
        Surface::Discord
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    not(dama_postgres),
    ignore = "needs PostgreSQL: build the tests with DAMA_TEST_POSTGRES set"
)]
async fn while_the_database_is_away_players_are_asked_to_try_again_and_nothing_is_lost() {
    let db = TestDb::postgres().await;
    let url = db.url();
    let (server, name) = {
        let rest = url.strip_prefix("postgres://").unwrap();
        let (auth_host, name) = rest.split_once('/').unwrap();
        let host = auth_host.rsplit_once('@').map_or(auth_host, |(_, h)| h);
        (host.to_string(), name.to_string())
    };
    let relay = Relay::start(server).await;
    let relayed = format!("postgres://postgres@127.0.0.1:{}/{name}", relay.port);
    let words = Arc::new(Words::new());
    let host = Host::new(
        Store::open(&relayed).await.unwrap(),
        Arc::new(Renderer::default()),
        Arc::clone(&words) as Arc<dyn dama_core::host::Captions>,
        HostConfig::default(),
        Clock::manual(UnixMs::from_secs(1_800_000_000)),
    );
    let c = host
        .challenge(&who(1), UserId(2), ColorChoice::White, false, false)
        .await
        .unwrap();
    let accept = c
        .buttons
        .iter()
        .find(|b| b.label == ButtonLabel::Accept)
        .unwrap()
        .action;
    host.press(&who(2), accept).await.unwrap();
    host.play(&who(1), "e3-e4").await.unwrap();

    relay.cut();
    for (user, mv) in [(2, "f6-f5"), (2, "f6-f5"), (1, "d3-d4")] {
        let refused = tokio::time::timeout(Duration::from_secs(30), host.play(&who(user), mv))
            .await
            .expect("an answer, not a hang");
        let err = refused.expect_err("no database, no move");
        assert!(matches!(err, HostError::Internal(_)), "{err:?}");
        let said = words.writer(Lang::ENGLISH, &Plain).error(&err);
        assert!(said.contains("try again"), "{said}");
        assert!(
            !said.contains("database") && !said.contains("connection"),
            "{said}"
        );
    }

    relay.restore();
    // Back by itself: the pool reconnects on the next request.
    host.play(&who(2), "f6-f5").await.unwrap();
    host.play(&who(1), "d3-d4").await.unwrap();
    let game = host
        .store()
        .running_game(ChannelId(77))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        host.store().moves(game.id).await.unwrap(),
        ["e3-e4", "f6-f5", "d3-d4"]
    );
}
