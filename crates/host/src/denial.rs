//! The host's answer when it does not do what a user asked: a message (id
//! and arguments) that the front end renders in the reader's language
//! (docs/architecture.md, style rule 1).

use fourbot_i18n::{id, Id, Message, Value};

/// Why the host refused a user's request, for that user to read: a message
/// of the catalogue with its arguments, not yet in any language. Failures
/// inside the host (the store) are logged where they happen and come back
/// as the short apology [`Denial::internal`].
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[error("refused: {}", .0.id)]
pub struct Denial(pub Message);

impl Denial {
    /// A refusal with message `id` and no arguments.
    pub fn new(id: Id) -> Denial {
        Denial(Message::new(id))
    }

    /// Adds an argument.
    pub fn with(self, name: &'static str, value: impl Into<Value>) -> Denial {
        Denial(self.0.with(name, value))
    }

    /// The short apology for a failure inside the host (already logged).
    pub fn internal() -> Denial {
        Denial::new(id::ERROR_INTERNAL)
    }

    /// The message to render.
    pub fn message(&self) -> &Message {
        &self.0
    }

    /// The message's id.
    pub fn id(&self) -> Id {
        self.0.id
    }
}

impl From<Id> for Denial {
    fn from(id: Id) -> Denial {
        Denial::new(id)
    }
}
