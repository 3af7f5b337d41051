//! The pictures: the board PNG and the replay GIF (docs/render.md), the
//! cached tiles behind them, and the rating chart and standings table, and
//! that every picture fits Discord's upload limit. (`fourbot render` is
//! tested by the application's `app` binary, `tests/app/render_cli.rs`.)

mod charts;
mod pictures;
mod tiles;
mod uploads;
