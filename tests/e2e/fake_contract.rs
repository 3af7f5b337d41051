//! scratch
use crate::support::fake::*;
use serde_json::json;
#[tokio::test]
async fn scratch() {
    let fake = FakeDiscord::start(Mode::Normal).await;
    let mut m = message_json(5, CHANNEL_ID, bot_json(), "hi");
    m["webhook_id"] = json!(BOT_ID.to_string());
    m["application_id"] = json!(BOT_ID.to_string());
    m["guild_id"] = json!(GUILD_ID.to_string());
    m["interaction_metadata"] = json!({"id": "1", "type": 2, "user": user_json(ALICE), "authorizing_integration_owners": {"0": GUILD_ID.to_string()}, "original_response_message_id": "5"});
    println!("msg {}", serde_json::from_value::<serenity::all::Message>(m.clone()).map(|_| ()).unwrap_err_or_ok());
    let press = fake.as_dispatched("INTERACTION_CREATE", button_press_json(2, BOB, &m, "x", "en-US")).unwrap();
    println!("press {}", serde_json::from_value::<serenity::all::Interaction>(press.clone()).map(|_| ()).unwrap_err_or_ok());
    let mut p2 = press.clone(); p2.as_object_mut().unwrap().remove("channel");
    println!("press-no-channel {}", serde_json::from_value::<serenity::all::Interaction>(p2).map(|_| ()).unwrap_err_or_ok());
    println!("{}", press["channel"]);
}
trait X { fn unwrap_err_or_ok(self) -> String; }
impl<T, E: std::fmt::Display> X for Result<T, E> { fn unwrap_err_or_ok(self) -> String { match self { Ok(_) => "ok".into(), Err(e) => e.to_string() } } }
