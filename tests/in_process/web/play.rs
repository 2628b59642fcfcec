//! Playing on a game's page: a player's own link traded once for a session in a cookie bound to
//! that game, moves sent with it going through the host as typed ones (their boards handed to
//! the front end that posts them), and everyone else refused with nothing stored: a stranger,
//! the opponent, a used link, another game's session, a cross-site form.

use axum::body::Body;
use axum::http::{HeaderMap, Request, StatusCode};
use dama_core::host::Msg;
use dama_model::{ColorChoice, GameId};
use dama_web::{Web, router};
use tower::ServiceExt;

use super::pages::{a_game, a_game_at, web_of};
use crate::common::db::TestDb;
use crate::common::hosting::*;
use crate::on_both_databases;

struct Answer {
    status: StatusCode,
    headers: HeaderMap,
    body: String,
}

/// One request: `cookie` as the browser would send it, the page's header only if `from_page`.
async fn send(
    web: &Web,
    method: &str,
    path: &str,
    cookie: Option<&str>,
    from_page: bool,
    body: &str,
) -> Answer {
    let mut request = Request::builder().method(method).uri(path);
    if let Some(c) = cookie {
        request = request.header("cookie", c);
    }
    if from_page {
        request = request.header("x-dama-seat", "1");
    }
    answer(web, request.body(Body::from(body.to_string())).unwrap()).await
}

/// The web's answer to `request`.
async fn answer(web: &Web, request: Request<Body>) -> Answer {
    let response = router(web.clone()).oneshot(request).await.unwrap();
    let (status, headers) = (response.status(), response.headers().clone());
    let bytes = axum::body::to_bytes(response.into_body(), 1 << 20)
        .await
        .unwrap();
    Answer {
        status,
        headers,
        body: String::from_utf8_lossy(&bytes).into_owned(),
    }
}

/// `user`'s new link to the game in `channel`, as the host answers it.
async fn link(web: &Web, user: dama_model::UserId, channel: u64) -> String {
    let reply = web.host.play_link(&at(user, channel)).await.unwrap();
    assert!(reply.ephemeral, "a link is for its player alone");
    match &reply.body[..] {
        [Msg::PlayLink { link }] => link.clone(),
        other => panic!("{other:?}"),
    }
}

/// The cookie the page's sign-in sets from `link` (and the checks on it).
async fn sign_in(web: &Web, link: &str, key: &str) -> String {
    let path = link.strip_prefix("https://dama.example").unwrap();
    let answer = send(web, "GET", path, None, false, "").await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
    let set = answer.headers["set-cookie"].to_str().unwrap().to_string();
    for part in [
        "HttpOnly",
        "SameSite=Strict",
        "Secure",
        &format!("Path=/game/{key}"),
    ] {
        assert!(set.contains(part), "{part} in {set}");
    }
    assert!(
        answer
            .body
            .contains(&format!("content=\"0;url=/game/{key}\"")),
        "the page opens again without the token: {}",
        answer.body
    );
    let token = path.split("token=").nth(1).unwrap();
    assert!(!answer.body.contains(token), "the token is not on the page");
    set.split(';').next().unwrap().to_string()
}

async fn ply(web: &Web, game: GameId) -> i64 {
    web.host.store().game(game).await.unwrap().unwrap().ply
}

async fn players_play_on_their_pages_and_nobody_else_can(db: TestDb) {
    let (web, _clock) = web_of(&db).await;
    let (game, key) = a_game(&web, &who(ALICE), CHANNEL).await;
    let mut page_moves = web.host.page_moves().expect("taken once");
    let alice_link = link(&web, ALICE, CHANNEL).await;
    assert!(
        alice_link.starts_with(&format!("https://dama.example/game/{key}/play?token=1001-")),
        "{alice_link}"
    );
    let secret = alice_link.rsplit('-').next().unwrap();
    assert!(secret.len() >= 32, "at least 128 bits: {secret}");
    let alice = sign_in(&web, &alice_link, &key).await;
    let bob = sign_in(&web, &link(&web, BOB, CHANNEL).await, &key).await;

    // Her page is hers: her side, the move box; a stranger's is the watchers' page.
    let page = send(
        &web,
        "GET",
        &format!("/game/{key}"),
        Some(&alice),
        false,
        "",
    )
    .await;
    assert!(page.body.contains("data-seat=\"white\""), "{}", page.body);
    assert!(page.body.contains("id=\"play-move\""));
    assert!(page.body.contains("You play White"));
    assert_eq!(page.headers["cache-control"], "private, no-store");
    assert_eq!(page.headers["vary"], "Accept-Language, Cookie");
    let page = send(&web, "GET", &format!("/game/{key}"), Some(&bob), false, "").await;
    assert!(page.body.contains("data-seat=\"black\""));
    assert!(
        page.body.contains("data-flipped=\"true\""),
        "Black at the bottom"
    );
    let page = send(&web, "GET", &format!("/game/{key}"), None, false, "").await;
    assert!(page.body.contains("data-seat=\"\"") && !page.body.contains("id=\"play\""));

    // Alice moves from her page: played as a typed move, its board handed to the front end.
    let path = format!("/game/{key}/move");
    let played = send(&web, "POST", &path, Some(&alice), true, "a3-a4").await;
    assert_eq!(played.status, StatusCode::NO_CONTENT, "{}", played.body);
    assert_eq!(ply(&web, game).await, 3);
    let notice = page_moves
        .try_recv()
        .expect("the board goes to the channel");
    assert_eq!(notice.channel.0, CHANNEL);
    assert!(notice.reply.board.is_some());
    assert!(
        notice
            .reply
            .body
            .iter()
            .any(|m| matches!(m, Msg::Played { notation, .. } if notation == "a3-a4"))
    );

    // Refused, nothing stored: not her turn; a stranger; a form from another site (no
    // header); a move the rules refuse.
    let refusals = [
        (
            Some(alice.as_str()),
            true,
            "b3-b4",
            StatusCode::FORBIDDEN,
            "Wait for your opponent's move.",
        ),
        (None, true, "a6-a5", StatusCode::FORBIDDEN, "not signed in"),
        (
            Some(bob.as_str()),
            false,
            "a6-a5",
            StatusCode::FORBIDDEN,
            "not signed in",
        ),
        (
            Some(bob.as_str()),
            true,
            "a6-a4",
            StatusCode::UNPROCESSABLE_ENTITY,
            "a6",
        ),
    ];
    for (cookie, from_page, mv, status, says) in refusals {
        let answer = send(&web, "POST", &path, cookie, from_page, mv).await;
        assert_eq!(answer.status, status, "{mv}: {}", answer.body);
        assert!(answer.body.contains(says), "{mv}: {}", answer.body);
        assert_eq!(ply(&web, game).await, 3, "{mv} stored nothing");
    }
    assert!(
        page_moves.try_recv().is_err(),
        "no board for a refused move"
    );

    // A link opens the game once: opened again (from a browser's history, a proxy's log) it
    // seats nobody and says how to get a new one.
    let bob_link = link(&web, BOB, CHANNEL).await;
    let new_bob = sign_in(&web, &bob_link, &key).await;
    let again = send(
        &web,
        "GET",
        bob_link.strip_prefix("https://dama.example").unwrap(),
        None,
        false,
        "",
    )
    .await;
    assert_eq!(again.status, StatusCode::FORBIDDEN);
    assert!(again.headers.get("set-cookie").is_none());
    assert!(again.body.contains("opens the game once"), "{}", again.body);
    assert!(again.body.contains("/dama play-link"), "{}", again.body);
    // A new link (another device) signs nobody out: both sessions play.
    let old = send(&web, "POST", &path, Some(&bob), true, "a6-a5").await;
    assert_eq!(old.status, StatusCode::NO_CONTENT, "{}", old.body);
    assert_eq!(ply(&web, game).await, 4);
    let moved = send(&web, "POST", &path, Some(&alice), true, "a4xa6xa8").await;
    assert_eq!(moved.status, StatusCode::NO_CONTENT, "{}", moved.body);
    let act = format!("/game/{key}/act");
    let new = send(&web, "POST", &act, Some(&new_bob), true, "draw").await;
    assert_eq!(new.status, StatusCode::NO_CONTENT, "{}", new.body);
    assert_eq!(state(&web, &key).await["offers"]["draw"], "black");
    assert_eq!(ply(&web, game).await, 5);
    // The link itself is not a session: as a cookie it seats nobody.
    let token = format!("dama_seat={}", bob_link.split("token=").nth(1).unwrap());
    let as_cookie = send(&web, "POST", &path, Some(&token), true, "a5-a4").await;
    assert_eq!(as_cookie.status, StatusCode::FORBIDDEN);
    assert_eq!(ply(&web, game).await, 5);

    // A link to another game signs in for that game only.
    let other_channel = CHANNEL + 1;
    let c = web
        .host
        .challenge(
            &at(CAROL, other_channel),
            BOB,
            ColorChoice::White,
            false,
            false,
        )
        .await
        .unwrap();
    web.host
        .button(
            &at(BOB, other_channel),
            &button(&c, dama_core::host::ButtonLabel::Accept),
        )
        .await
        .unwrap();
    let carol_link = link(&web, CAROL, other_channel).await;
    let other_key = carol_link
        .split("/game/")
        .nth(1)
        .unwrap()
        .split('/')
        .next()
        .unwrap();
    let carol = sign_in(&web, &carol_link, other_key).await;
    let foreign = send(&web, "POST", &path, Some(&carol), true, "a3-a4").await;
    assert_eq!(foreign.status, StatusCode::FORBIDDEN);
    assert_eq!(ply(&web, game).await, 5);

    // Once the game is over the link and its cookie no longer play.
    web.host.resign(&who(ALICE)).await.unwrap();
    web.host.resign(&who(ALICE)).await.ok();
    let over = web.host.store().game(game).await.unwrap().unwrap();
    if over.status == dama_model::GameStatus::Running {
        panic!("the casual game should have ended on resigning");
    }
    let late = send(&web, "POST", &path, Some(&alice), true, "a3-a4").await;
    assert_eq!(late.status, StatusCode::FORBIDDEN);
    // Her link of an ended game opens its page, with the result: no dead end.
    let ended = send(
        &web,
        "GET",
        alice_link.strip_prefix("https://dama.example").unwrap(),
        None,
        false,
        "",
    )
    .await;
    assert_eq!(ended.status, StatusCode::SEE_OTHER);
    assert_eq!(ended.headers["location"], format!("/game/{key}"));
    // Bob's board keeps Black at the bottom after the end; a stranger's has White there.
    let after = send(&web, "GET", &format!("/game/{key}"), Some(&bob), false, "").await;
    assert!(
        after.body.contains("data-flipped=\"true\""),
        "{}",
        after.body
    );
    assert!(
        after.body.contains("data-seat=\"\""),
        "no moves after the end"
    );
    let stranger = send(&web, "GET", &format!("/game/{key}"), None, false, "").await;
    assert!(stranger.body.contains("data-flipped=\"false\""));
    // And so does each board fetched while stepping back.
    let board = format!("/game/{key}/board/1");
    let bobs = send(&web, "GET", &board, Some(&bob), false, "").await.body;
    let flipped = send(&web, "GET", &format!("{board}?flip=1"), None, false, "")
        .await
        .body;
    let plain = send(&web, "GET", &board, None, false, "").await.body;
    assert_eq!(bobs, flipped, "Bob's step back keeps Black at the bottom");
    assert_ne!(bobs, plain);
}

/// Without `DAMA_PUBLIC_URL` there is no button and the link is refused in one sentence.
#[tokio::test]
async fn without_a_public_address_there_is_no_link() {
    let db = TestDb::sqlite();
    let (host, _clock, _) = host(&db).await;
    let c = host
        .challenge(&who(ALICE), BOB, ColorChoice::White, false, false)
        .await
        .unwrap();
    let board = host
        .button(&who(BOB), &button(&c, dama_core::host::ButtonLabel::Accept))
        .await
        .unwrap();
    assert!(
        !board
            .buttons
            .iter()
            .any(|b| b.label == dama_core::host::ButtonLabel::PlayOnBoard),
        "no Play on the board button"
    );
    let refused = host.play_link(&who(ALICE)).await;
    assert!(matches!(
        refused,
        Err(dama_core::host::HostError::Refused(
            dama_core::host::Refusal::NoPublicUrl
        ))
    ));
}

/// The game's state as its live pages read it.
async fn state(web: &Web, key: &str) -> serde_json::Value {
    let answer = send(web, "GET", &format!("/game/{key}/state"), None, false, "").await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
    serde_json::from_str(&answer.body).unwrap()
}

/// A draw offered on one page and accepted on the other; a takeback asked on one page and
/// agreed to on the other; a rated game's resignation confirmed on the page: each as its
/// button in Discord does, the channel told of each, the offers on both pages; what a page may
/// not ask refused with nothing changed.
async fn offers_takebacks_and_resignations_are_made_on_the_page(db: TestDb) {
    let (web, _clock) = web_of(&db).await;
    let (game, key) = a_game(&web, &who(ALICE), CHANNEL).await;
    let mut page_moves = web.host.page_moves().expect("taken once");
    let alice = sign_in(&web, &link(&web, ALICE, CHANNEL).await, &key).await;
    let bob = sign_in(&web, &link(&web, BOB, CHANNEL).await, &key).await;
    // The controls, in both languages.
    let controls = [
        (
            "",
            [
                "data-act=\"draw\"",
                "data-act=\"takeback\"",
                "data-act=\"resign\"",
                "id=\"sound\"",
            ],
        ),
        (
            "?lang=tr",
            [
                "Beraberlik teklif et",
                "Geri almayı iste",
                "Terk et",
                "Ön hamle %s",
            ],
        ),
    ];
    for (query, parts) in controls {
        let path = format!("/game/{key}{query}");
        let page = send(&web, "GET", &path, Some(&alice), false, "").await;
        for part in parts {
            assert!(page.body.contains(part), "{path} has {part}");
        }
    }
    let act = format!("/game/{key}/act");
    let moved = format!("/game/{key}/move");

    // A takeback: Alice moves, asks for it on her page; Bob's page shows the request, he agrees.
    let played = send(&web, "POST", &moved, Some(&alice), true, "a3-a4").await;
    assert_eq!(played.status, StatusCode::NO_CONTENT, "{}", played.body);
    page_moves.try_recv().expect("the move's board");
    let asked = send(&web, "POST", &act, Some(&alice), true, "takeback").await;
    assert_eq!(asked.status, StatusCode::NO_CONTENT, "{}", asked.body);
    assert_eq!(state(&web, &key).await["offers"]["takeback"], "white");
    page_moves
        .try_recv()
        .expect("the channel hears the request");
    let agreed = send(&web, "POST", &act, Some(&bob), true, "takeback").await;
    assert_eq!(agreed.status, StatusCode::NO_CONTENT, "{}", agreed.body);
    assert_eq!(ply(&web, game).await, 2, "a3-a4 taken back");
    let now = state(&web, &key).await;
    assert_eq!(now["offers"]["takeback"], serde_json::Value::Null);
    assert_eq!(now["toMove"], "white");
    page_moves
        .try_recv()
        .expect("the channel gets the board taken back");

    // A draw: offered by Alice, shown on the pages, accepted by Bob.
    let offered = send(&web, "POST", &act, Some(&alice), true, "draw").await;
    assert_eq!(offered.status, StatusCode::NO_CONTENT, "{}", offered.body);
    assert_eq!(state(&web, &key).await["offers"]["draw"], "white");
    let again = send(&web, "POST", &act, Some(&alice), true, "draw").await;
    assert_eq!(
        again.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "offered twice"
    );
    assert!(!again.body.is_empty());
    // Refused, nothing changed: an action a page does not have, no header, a stranger.
    for (cookie, from_page, action, status) in [
        (
            Some(alice.as_str()),
            true,
            "hint",
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        (Some(bob.as_str()), false, "draw", StatusCode::FORBIDDEN),
        (None, true, "draw", StatusCode::FORBIDDEN),
    ] {
        let answer = send(&web, "POST", &act, cookie, from_page, action).await;
        assert_eq!(answer.status, status, "{action}: {}", answer.body);
        assert!(!answer.body.trim().is_empty(), "{action}: says why");
    }
    let row = web.host.store().game(game).await.unwrap().unwrap();
    assert_eq!(row.status, dama_model::GameStatus::Running, "still running");
    let accepted = send(&web, "POST", &act, Some(&bob), true, "draw").await;
    assert_eq!(accepted.status, StatusCode::NO_CONTENT, "{}", accepted.body);
    let row = web.host.store().game(game).await.unwrap().unwrap();
    assert_eq!(row.result, Some(dama_rules::GameResult::Draw));
    assert_eq!(state(&web, &key).await["running"], false);

    // A rated game: resigning asks first, on the page as in Discord.
    let key = a_game_at(&web, "3d", true).await;
    let rated = web.host.web_game(&key).await.unwrap().unwrap().facts;
    let bob = sign_in(&web, &link(&web, BOB, CHANNEL).await, &key).await;
    let act = format!("/game/{key}/act");
    let sure = send(&web, "POST", &act, Some(&bob), true, "resign").await;
    assert_eq!(sure.status, StatusCode::OK, "{}", sure.body);
    assert_eq!(sure.headers["x-dama-confirm"], "resign!");
    assert!(sure.body.contains("rated"), "{}", sure.body);
    assert_eq!(
        web.host
            .store()
            .game(rated.id)
            .await
            .unwrap()
            .unwrap()
            .status,
        dama_model::GameStatus::Running,
        "not before it is confirmed"
    );
    let done = send(&web, "POST", &act, Some(&bob), true, "resign!").await;
    assert_eq!(done.status, StatusCode::NO_CONTENT, "{}", done.body);
    let row = web.host.store().game(rated.id).await.unwrap().unwrap();
    assert_eq!(
        row.result,
        Some(dama_rules::GameResult::Win(dama_rules::Color::White))
    );
    // The ratings the game left, with what it changed, on the live pages and the page itself.
    let ratings = state(&web, &key).await["ratings"].clone();
    let (white, black) = (
        ratings["white"].as_str().unwrap(),
        ratings["black"].as_str().unwrap(),
    );
    // Their first rated game: from the starting 1500, up for the winner, down for the loser.
    let read = |text: &str| -> (i64, i64) {
        let (rating, change) = text.split_once(" (").unwrap();
        let change = change.trim_end_matches(')').replace('−', "-");
        (rating.parse().unwrap(), change.parse().unwrap())
    };
    let (w, dw) = read(white);
    let (b, db) = read(black);
    assert!(dw > 0 && db < 0, "{white} {black}");
    assert_eq!((w - dw, b - db), (1500, 1500), "{white} {black}");
    let page = send(&web, "GET", &format!("/game/{key}"), None, false, "").await;
    let shown = format!("<span class=\"rating\">{white}</span>");
    assert!(page.body.contains(&shown), "{}", page.body);
}

/// In an Arena a player goes berserk from the page before their first move, as with the
/// board's button: the live state says who still may, and a second time is refused.
async fn a_player_goes_berserk_from_the_page(db: TestDb) {
    use crate::tournament::hosting::{an_arena_game, channel_of};
    let (web, _clock) = web_of(&db).await;
    let host = &web.host;
    let g = an_arena_game(host).await;
    let channel = channel_of(&g);
    host.start_pairing(&g, channel, dama_core::host::Lang::ENGLISH)
        .await
        .unwrap()
        .expect("a new game");
    let row = host.store().running_game(channel).await.unwrap().unwrap();
    let key = row.web_key.unwrap();
    assert_eq!(
        state(&web, &key).await["berserk"],
        serde_json::json!(["white", "black"])
    );
    let white = sign_in(&web, &link(&web, g.white, channel.0).await, &key).await;
    let act = format!("/game/{key}/act");
    let went = send(&web, "POST", &act, Some(&white), true, "berserk").await;
    assert_eq!(went.status, StatusCode::NO_CONTENT, "{}", went.body);
    assert_eq!(
        state(&web, &key).await["berserk"],
        serde_json::json!(["black"])
    );
    let again = send(&web, "POST", &act, Some(&white), true, "berserk").await;
    assert_eq!(again.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(again.body.contains("berserk"), "{}", again.body);
}

/// A page (or a script behind it) that sends more than a player could is slowed down: a
/// sentence saying so, nothing played.
#[tokio::test]
async fn a_player_sending_too_fast_is_told_to_wait() {
    let db = TestDb::sqlite();
    let (web, _clock) = web_of(&db).await;
    let (game, key) = a_game(&web, &who(ALICE), CHANNEL).await;
    let bob = sign_in(&web, &link(&web, BOB, CHANNEL).await, &key).await;
    let path = format!("/game/{key}/move");
    let mut slowed = None;
    for _ in 0..40 {
        let answer = send(&web, "POST", &path, Some(&bob), true, "b6-b5").await;
        if answer.status == StatusCode::TOO_MANY_REQUESTS {
            slowed = Some(answer.body);
            break;
        }
        assert_eq!(answer.status, StatusCode::FORBIDDEN, "not Bob's turn");
    }
    let said = slowed.expect("slowed down within 40 requests");
    assert!(said.contains("wait a moment"), "{said}");
    assert_eq!(ply(&web, game).await, 2);
}

/// A form posted by a browser without JavaScript: no page header, a form's content type.
async fn post_form(web: &Web, path: &str, cookie: &str, body: &str) -> Answer {
    let request = Request::builder()
        .method("POST")
        .uri(path)
        .header("cookie", cookie)
        .header("content-type", "application/x-www-form-urlencoded")
        .body(Body::from(body.to_string()))
        .unwrap();
    answer(web, request).await
}

/// The token a seated page's form carries.
fn form_token_on(page: &str) -> String {
    let mark = "name=\"form\" value=\"";
    let at = page.find(mark).expect("the form's token") + mark.len();
    page[at..].split('"').next().unwrap().to_string()
}

/// With JavaScript off, the page's form plays a move (its token and the seat's cookie) and
/// answers with the game's page; a refusal is a page saying why with the way back, in the
/// reader's language; the buttons that need the script are not shown without it.
async fn with_javascript_off_the_form_plays_a_move_and_answers_with_a_page(db: TestDb) {
    let (web, _clock) = web_of(&db).await;
    let (game, key) = a_game(&web, &who(ALICE), CHANNEL).await;
    let alice = sign_in(&web, &link(&web, ALICE, CHANNEL).await, &key).await;
    let bob = sign_in(&web, &link(&web, BOB, CHANNEL).await, &key).await;
    let page = send(
        &web,
        "GET",
        &format!("/game/{key}"),
        Some(&alice),
        false,
        "",
    )
    .await;
    let token = form_token_on(&page.body);
    assert!(token.len() >= 32, "{token}");
    assert!(page.body.contains(
        "<noscript><p class=\"play-said\">Without JavaScript, type your move and press Play"
    ));
    assert!(
        page.body.contains("<div class=\"acts\" hidden>"),
        "{}",
        page.body
    );
    let bobs_page = send(&web, "GET", &format!("/game/{key}"), Some(&bob), false, "").await;
    let bobs_token = form_token_on(&bobs_page.body);
    assert_ne!(token, bobs_token, "a token per session");
    let path = format!("/game/{key}/move");
    let before = ply(&web, game).await;
    // Refused, nothing stored: no token, another session's token, a move the rules refuse.
    for (body, status, said) in [
        (
            "move=a3-a4".to_string(),
            StatusCode::FORBIDDEN,
            "not signed in",
        ),
        (
            format!("move=a3-a4&form={bobs_token}"),
            StatusCode::FORBIDDEN,
            "not signed in",
        ),
        (
            format!("move=a3-a5&form={token}"),
            StatusCode::UNPROCESSABLE_ENTITY,
            "a3",
        ),
    ] {
        let answer = post_form(&web, &path, &alice, &body).await;
        assert_eq!(answer.status, status, "{body}: {}", answer.body);
        assert!(answer.body.contains(said), "{body}: {}", answer.body);
        assert!(
            answer
                .body
                .contains(&format!("<a href=\"/game/{key}\">Back to the game</a>")),
            "the way back: {}",
            answer.body
        );
        assert_eq!(ply(&web, game).await, before, "{body}: nothing stored");
    }
    // In Turkish, the way back keeps the language.
    let answer = post_form(
        &web,
        &format!("{path}?lang=tr"),
        &alice,
        &format!("move=a3-a5&form={token}"),
    )
    .await;
    assert_eq!(answer.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        answer
            .body
            .contains(&format!("<a href=\"/game/{key}?lang=tr\">Oyuna dön</a>")),
        "{}",
        answer.body
    );
    // The buttons' actions are the script's: a form cannot resign.
    let act = post_form(
        &web,
        &format!("/game/{key}/act"),
        &alice,
        &format!("act=resign&form={token}"),
    )
    .await;
    assert_eq!(act.status, StatusCode::FORBIDDEN, "{}", act.body);
    // Played: the answer sends the browser back to the game's page, which shows the move.
    let played = post_form(
        &web,
        &format!("{path}?lang=tr"),
        &alice,
        &format!("move=a3-a4&form={token}"),
    )
    .await;
    assert_eq!(played.status, StatusCode::SEE_OTHER, "{}", played.body);
    assert_eq!(played.headers["location"], format!("/game/{key}?lang=tr"));
    assert_eq!(ply(&web, game).await, before + 1);
    let page = send(
        &web,
        "GET",
        &format!("/game/{key}"),
        Some(&alice),
        false,
        "",
    )
    .await;
    assert!(page.body.contains("a3-a4"), "{}", page.body);
}

on_both_databases!(
    with_javascript_off_the_form_plays_a_move_and_answers_with_a_page,
    players_play_on_their_pages_and_nobody_else_can,
    offers_takebacks_and_resignations_are_made_on_the_page,
    a_player_goes_berserk_from_the_page,
);
