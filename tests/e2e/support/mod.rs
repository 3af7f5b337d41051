//! What the end-to-end tests share: the fake Discord ([`fake`]) and the
//! harness that runs the real bot against it ([`harness`]).

pub mod fake;
pub mod harness;
