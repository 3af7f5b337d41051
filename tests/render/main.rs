//! The pictures: the board PNG and the replay GIF (docs/render.md), the
//! cached tiles behind them, and `fourbot render`.

mod cli;
mod pictures;
mod tiles;
