//! A local demo of the web table (docs/web.md): a host on a temporary
//! SQLite file, one server with the web on, a classic match between two
//! players whose moves the demo plays every two seconds (first legal
//! column from the centre out), served on 127.0.0.1:8080 (or the address
//! given). Open the printed address in a browser to watch it live.
//!
//! `cargo run -p fourbot-web --example demo [-- 127.0.0.1:8080]`

use std::sync::Arc;
use std::time::Duration;

use fourbot_core::game::{column_letter, Variant};
use fourbot_core::play::{ClockSettings, PhaseKind};
use fourbot_host::moderation::Moderator;
use fourbot_host::terms::ConfigChange;
use fourbot_host::{
    GuildId, HeuristicBot, HostConfig, MatchSpec, NameSource, Request, Seated, Services, TimeStyle,
    UserId,
};
use fourbot_i18n::{Catalog, Locale};

fn seated(id: u64, name: &str) -> Seated {
    Seated {
        id: UserId(id),
        name: name.into(),
        ai_level: None,
        source: NameSource::Stored,
    }
}

#[tokio::main]
async fn main() {
    let addr = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "127.0.0.1:8080".into());
    let dir = std::env::temp_dir().join(format!("fourbot-web-demo-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let url = format!("sqlite://{}", dir.join("demo.db").display());
    let (services, _views) = Services::open(
        &url,
        Arc::new(Catalog::new().unwrap()),
        Arc::new(HeuristicBot),
        HostConfig {
            time_style: TimeStyle::Countdown,
            images: false,
        },
        None,
    )
    .await
    .unwrap();
    let guild = GuildId(1);
    let on = ConfigChange {
        web: Some(true),
        ..ConfigChange::default()
    };
    services
        .settings
        .configure(guild, &on, &Moderator::new(seated(1, "mod"), None))
        .await
        .unwrap();
    let players = [seated(10, "alice"), seated(20, "<b>bob</b> \u{202E}evil")];
    let id = services
        .host
        .create_match(MatchSpec {
            variant: Variant::Classic,
            clock: ClockSettings::default(),
            players: players.to_vec(),
            guild,
            locale: Locale::EnUs,
            seed: 1,
            tournament: None,
        })
        .await
        .unwrap();
    let listener = tokio::net::TcpListener::bind(&addr).await.unwrap();
    println!("http://{addr}/m/{}", id.0);
    let web = fourbot_web::Web::new(&services);
    tokio::spawn(fourbot_web::serve(listener, web, std::future::pending()));
    let host = services.host.clone();
    loop {
        tokio::time::sleep(Duration::from_secs(2)).await;
        let Some(table) = host.table(id).await else {
            break;
        };
        let m = &table.game;
        match m.phase() {
            PhaseKind::Finished => break,
            PhaseKind::BetweenGames => {
                for p in &players {
                    let _ = host.act(id, p.id, Request::Ready(None)).await;
                }
            }
            PhaseKind::Playing => {
                let Some(seat) = m.to_move() else { continue };
                let position = m.current_game().game().position();
                let width = position.rules().geometry.width();
                let centre = width / 2;
                let column = (0..width)
                    .map(|i| {
                        let step = i.div_ceil(2);
                        if i % 2 == 1 {
                            centre.saturating_sub(step)
                        } else {
                            (centre + step).min(width - 1)
                        }
                    })
                    .find(|c| position.landing_row(*c).is_some());
                if let Some(c) = column {
                    let _ = host
                        .typed(id, players[seat.index()].id, &column_letter(c).to_string())
                        .await;
                }
            }
        }
    }
    println!("the match is over; the page still shows it (Ctrl-C to stop)");
    std::future::pending::<()>().await;
}
