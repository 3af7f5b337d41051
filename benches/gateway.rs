//! What a move's gateway events cost serenity to read (issue 33 §5): every
//! move brings the bot three dispatches — the press (`INTERACTION_CREATE`,
//! which carries the whole pressed message), and, since Discord tells a bot
//! about its own messages too, the acknowledgement's edit of that message
//! (`MESSAGE_UPDATE`) and the next turn (`MESSAGE_CREATE`). Before the bot's
//! code sees one, serenity 0.12.5's shard parses the frame into its
//! `GatewayEvent` (`serenity::model::event`), as measured here on frames
//! shaped like a running match's (the fake's payloads, a turn's content,
//! seven column buttons and a picture). Run with `cargo bench --bench
//! gateway`; the frames' sizes are printed first. Figures are kept in
//! docs/benchmarks.md ("CPU per move").

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use fourbot_fake_discord::fake::{
    bot_json, button_press_json, message_json, ALICE, CHANNEL_ID, GUILD_ID,
};
use serde_json::{json, Value};
use serenity::model::event::GatewayEvent;

/// A turn message as the bot posts it: its text, two rows of column
/// buttons (a to g) and the board's picture; `buttons`: whether the
/// buttons are still on (the acknowledgement takes them off).
fn turn(id: u64, buttons: bool) -> Value {
    let mut m = message_json(
        id,
        CHANNEL_ID,
        bot_json(),
        "**Classic · game 1 of 2** — Alice (🔴) against Bob (🟡)\n\
         Move 12: Bob to play. Clock: Alice 8:41 · Bob 9:02",
    );
    m["guild_id"] = json!(GUILD_ID.to_string());
    m["webhook_id"] = json!(bot_json()["id"]);
    m["attachments"] = json!([{
        "id": (id + 1).to_string(), "filename": "board.png", "size": 16_439,
        "url": format!("https://cdn.discordapp.com/attachments/{CHANNEL_ID}/{}/board.png", id + 1),
        "proxy_url": format!("https://media.discordapp.net/attachments/{CHANNEL_ID}/{}/board.png", id + 1),
        "content_type": "image/png", "width": 699, "height": 602,
        "description": "The board after 12 plies: columns a to g, discs listed by column."
    }]);
    if buttons {
        let button = |c: char| {
            json!({"type": 2, "style": 2, "label": c.to_string(),
                   "custom_id": format!("m:1234567:12:{c}")})
        };
        m["components"] = json!([
            {"type": 1, "components": (['a', 'b', 'c', 'd'].map(button))},
            {"type": 1, "components": (['e', 'f', 'g'].map(button))},
        ]);
    }
    m
}

fn frame(seq: u64, event: &str, d: Value) -> String {
    json!({"op": 0, "s": seq, "t": event, "d": d}).to_string()
}

fn gateway(c: &mut Criterion) {
    let pressed = turn(1_000_000, true);
    let press = frame(
        1,
        "INTERACTION_CREATE",
        button_press_json(2_000_000, ALICE, &pressed, "m:1234567:12:d", "en-US"),
    );
    let edited = frame(2, "MESSAGE_UPDATE", turn(1_000_000, false));
    let next = frame(3, "MESSAGE_CREATE", turn(1_000_010, true));
    println!(
        "frames: press {} bytes, its edit {} bytes, the next turn {} bytes",
        press.len(),
        edited.len(),
        next.len()
    );
    for (name, text) in [("press", &press), ("edit", &edited), ("next turn", &next)] {
        let parsed: GatewayEvent = serde_json::from_str(text).expect("serenity reads it");
        assert!(matches!(parsed, GatewayEvent::Dispatch(..)), "{name}");
        c.bench_function(&format!("gateway/parse {name}"), |b| {
            b.iter(|| serde_json::from_str::<GatewayEvent>(black_box(text)).unwrap())
        });
    }
}

criterion_group!(benches, gateway);
criterion_main!(benches);
