//! The stand-in's gateway: hello, identify and resume, heartbeats, and the events a test sends
//! to each shard's connection.

use std::sync::{Arc, Mutex};

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::net::TcpStream;
use tokio::sync::{Notify, mpsc};
use tokio_tungstenite::tungstenite::Message as WsMessage;

use super::{APP, FakeDiscord, GUILD};

/// A GUILD_CREATE for the test server, complete enough for serenity's cache (no members and
/// no channels, so the cache checks no permissions).
fn guild_create(guild: u64, locale: &str) -> Value {
    let mut g = json!({
        "id": guild.to_string(), "name": "Dama test", "icon": null, "icon_hash": null,
        "splash": null, "discovery_splash": null, "owner_id": "1", "afk_timeout": 300,
        "widget_enabled": false, "widget_channel_id": null, "verification_level": 0,
        "default_message_notifications": 0, "explicit_content_filter": 0, "roles": [],
        "emojis": [], "features": [], "mfa_level": 0, "application_id": null,
        "system_channel_id": null, "system_channel_flags": 0, "rules_channel_id": null
    });
    let more = json!({
        "max_presences": null, "max_members": 100, "vanity_url_code": null, "description": null,
        "banner": null, "premium_tier": 0, "premium_subscription_count": 0,
        "preferred_locale": locale, "public_updates_channel_id": null,
        "max_video_channel_users": 25, "max_stage_video_channel_users": 50, "nsfw_level": 0,
        "stickers": [], "premium_progress_bar_enabled": false
    });
    let extra = json!({
        "joined_at": "2026-01-01T00:00:00.000000+00:00", "large": false, "member_count": 3,
        "voice_states": [], "members": [], "channels": [], "threads": [], "presences": [],
        "stage_instances": [], "guild_scheduled_events": [], "safety_alerts_channel_id": null,
        "incidents_data": null
    });
    for part in [more, extra] {
        if let (Some(g), Value::Object(part)) = (g.as_object_mut(), part) {
            g.extend(part);
        }
    }
    g
}

/// What every gateway connection shares.
#[derive(Clone)]
pub(super) struct Gateway {
    pub(super) current: Arc<Mutex<std::collections::HashMap<u32, mpsc::UnboundedSender<Value>>>>,
    pub(super) shard_count: Arc<Mutex<u32>>,
    pub(super) guilds: Arc<Mutex<std::collections::HashMap<u64, u64>>>,
    pub(super) connected: Arc<Notify>,
    pub(super) readies: Arc<Mutex<usize>>,
    pub(super) url: String,
    pub(super) locale: Arc<Mutex<String>>,
    pub(super) refuse_content: Arc<std::sync::atomic::AtomicBool>,
    pub(super) identified: Arc<std::sync::atomic::AtomicU64>,
}

pub(super) async fn serve_gateway(
    stream: TcpStream,
    mut events: mpsc::UnboundedReceiver<Value>,
    sender: mpsc::UnboundedSender<Value>,
    gw: Gateway,
) {
    let Gateway {
        current,
        connected,
        readies,
        url,
        ..
    } = gw.clone();
    // The shard this connection serves, once identified (or resumed: its session names it).
    let mut shard: u32;
    let Ok(mut ws) = tokio_tungstenite::accept_async(stream).await else {
        return;
    };
    let hello = json!({ "op": 10, "d": { "heartbeat_interval": 41250 } });
    if ws.send(WsMessage::Text(hello.to_string())).await.is_err() {
        return;
    }
    let mut seq = 0u64;
    loop {
        tokio::select! {
            incoming = ws.next() => {
                let Some(Ok(msg)) = incoming else { return };
                let text = match msg {
                    WsMessage::Text(t) => t,
                    WsMessage::Binary(b) => String::from_utf8_lossy(&b).into_owned(),
                    WsMessage::Close(_) => return,
                    _ => continue,
                };
                let Ok(v) = serde_json::from_str::<Value>(&text) else { continue };
                match v["op"].as_u64() {
                    Some(1) => { let _ = ws.send(WsMessage::Text(json!({"op": 11}).to_string())).await; }
                    Some(6) => {
                        // A resumed session: the events go on.
                        shard = v["d"]["session_id"].as_str()
                            .and_then(|s| s.strip_prefix("session-"))
                            .and_then(|n| n.parse().ok())
                            .unwrap_or(0);
                        seq += 1;
                        let resumed = json!({ "op": 0, "t": "RESUMED", "s": seq, "d": {} });
                        let _ = ws.send(WsMessage::Text(resumed.to_string())).await;
                        current.lock().unwrap().insert(shard, sender.clone());
                        *readies.lock().unwrap() += 1;
                        connected.notify_waiters();
                    }
                    Some(2) => {
                        const PRIVILEGED: u64 = (1 << 15) | (1 << 1) | (1 << 8);
                        let intents = v["d"]["intents"].as_u64().unwrap_or(0);
                        gw.identified.store(intents, std::sync::atomic::Ordering::Relaxed);
                        if intents & PRIVILEGED != 0
                            && gw.refuse_content.load(std::sync::atomic::Ordering::Relaxed)
                        {
                            let close = tokio_tungstenite::tungstenite::protocol::CloseFrame {
                                code: 4014.into(),
                                reason: "Disallowed intent(s).".into(),
                            };
                            let _ = ws.send(WsMessage::Close(Some(close))).await;
                            return;
                        }
                        let (id, count) = match v["d"]["shard"].as_array().map(Vec::as_slice) {
                            Some([id, count]) => (
                                id.as_u64().unwrap_or(0) as u32,
                                count.as_u64().unwrap_or(1).max(1) as u32,
                            ),
                            _ => (0, 1),
                        };
                        shard = id;
                        *gw.shard_count.lock().unwrap() = count;
                        seq += 1;
                        let ready = json!({ "op": 0, "t": "READY", "s": seq, "d": {
                            "v": 10, "user": FakeDiscord::bot_user(), "guilds": [],
                            "session_id": format!("session-{shard}"), "resume_gateway_url": url,
                            "shard": [shard, count],
                            "application": { "id": APP.to_string(), "flags": 0 } } });
                        let _ = ws.send(WsMessage::Text(ready.to_string())).await;
                        let mut guilds: Vec<u64> = gw.guilds.lock().unwrap().values().copied().collect();
                        guilds.push(GUILD);
                        guilds.sort_unstable();
                        guilds.dedup();
                        let locale = gw.locale.lock().unwrap().clone();
                        for g in guilds.into_iter().filter(|g| (g >> 22) % u64::from(count) == u64::from(shard)) {
                            seq += 1;
                            let guild = json!({ "op": 0, "t": "GUILD_CREATE", "s": seq,
                                "d": guild_create(g, &locale) });
                            let _ = ws.send(WsMessage::Text(guild.to_string())).await;
                        }
                        // Events now go to this connection.
                        current.lock().unwrap().insert(shard, sender.clone());
                        *readies.lock().unwrap() += 1;
                        connected.notify_waiters();
                    }
                    _ => {}
                }
            }
            event = events.recv() => {
                let Some(mut e) = event else { return };
                match e.get("control").and_then(Value::as_str) {
                    Some("drop") => return,
                    Some("reconnect") => {
                        let _ = ws.send(WsMessage::Text(json!({ "op": 7, "d": null }).to_string())).await;
                        continue;
                    }
                    Some("invalid-session") => {
                        let _ = ws.send(WsMessage::Text(json!({ "op": 9, "d": false }).to_string())).await;
                        continue;
                    }
                    _ => {}
                }
                seq += 1;
                e["op"] = json!(0);
                e["s"] = json!(seq);
                if ws.send(WsMessage::Text(e.to_string())).await.is_err() { return; }
            }
        }
    }
}
