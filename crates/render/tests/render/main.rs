//! The pictures: the board PNG and the replay GIF (docs/render.md), the
//! cached tiles behind them, `fourbot render`, and the rating chart and
//! standings table, and that every picture fits Discord's upload limit.

mod charts;
mod cli;
mod pictures;
mod tiles;
mod uploads;
