//! Signed tickets: what a seated player's "Open the table" link carries
//! ([`Purpose::Link`]: short-lived, bound to the user and the match), and
//! the session cookie it is exchanged for ([`Purpose::Session`]: the user
//! for some hours). Both are stateless: the bot keeps nothing per ticket,
//! and a ticket is valid while its signature checks and its time has not
//! run out.
//!
//! A ticket reads `<match>.<user>.<expires>.<mac>`: the match id (0 in a
//! session), the Discord user id, the Unix second it expires at, and
//! HMAC-SHA-256 (RFC 2104) of the purpose's label and those three fields
//! under the web's secret ([`WebSecret`]), in unpadded base64url.
//! The label keeps a link from serving as a session and the other way
//! round. The MAC is compared in constant time (the `hmac` crate's
//! `verify_slice`).

use base64::prelude::{Engine as _, BASE64_URL_SAFE_NO_PAD as URL_SAFE_NO_PAD};
use hmac::{KeyInit, Mac};
use sha2::Sha256;

use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

use fourbot_host::{MatchId, UserId};

/// The least number of bytes of [`WebSecret`]: 256 bits.
pub const MIN_SECRET_BYTES: usize = 32;

/// The environment variable that holds the web's signing secret (never a
/// flag: a flag shows in the process list).
pub const SECRET_ENV: &str = "FOURBOT_WEB_SECRET";

/// The secret that signs the web's links and sessions (this module): at least [`MIN_SECRET_BYTES`] bytes, from the
/// environment only ([`SECRET_ENV`]). Its `Debug` shows no byte of it,
/// and nothing logs it.
#[derive(Clone)]
pub struct WebSecret(Arc<[u8]>);

impl std::fmt::Debug for WebSecret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("WebSecret(***)")
    }
}

/// Why there is no usable [`WebSecret`]. Its text names the variable and
/// never shows the value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SecretError {
    /// [`SECRET_ENV`] is not set (or not valid Unicode).
    #[error("--web needs a signing secret: set FOURBOT_WEB_SECRET to at least 32 random bytes (e.g. `openssl rand -base64 48`)")]
    Missing,
    /// It is shorter than [`MIN_SECRET_BYTES`].
    #[error("FOURBOT_WEB_SECRET is too short ({0} bytes): it must have at least 32 bytes (e.g. `openssl rand -base64 48`)")]
    TooShort(usize),
}

impl WebSecret {
    /// `secret` as the signing secret.
    ///
    /// # Errors
    /// [`SecretError::TooShort`] below [`MIN_SECRET_BYTES`] bytes.
    pub fn new(secret: &str) -> Result<WebSecret, SecretError> {
        let bytes = secret.trim().as_bytes();
        if bytes.len() < MIN_SECRET_BYTES {
            return Err(SecretError::TooShort(bytes.len()));
        }
        Ok(WebSecret(bytes.into()))
    }

    /// The secret of [`SECRET_ENV`].
    ///
    /// # Errors
    /// [`SecretError::Missing`], [`SecretError::TooShort`].
    pub fn from_env() -> Result<WebSecret, SecretError> {
        match std::env::var(SECRET_ENV) {
            Ok(v) if !v.trim().is_empty() => WebSecret::new(&v),
            _ => Err(SecretError::Missing),
        }
    }

    /// Its length in bytes (for a check; never the bytes).
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// The key for [`ticket`]'s MACs.
    pub(crate) fn bytes(&self) -> &[u8] {
        &self.0
    }

    /// Never true: a secret has at least [`MIN_SECRET_BYTES`] bytes.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// The Unix second now (what tickets' expiries are compared with).
pub fn unix_now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// How long an "Open the table" link works: it is shown privately and
/// opened at once; a link copied into a chat is useless soon after.
pub const LINK_SECS: u64 = 10 * 60;

/// How long a session lasts: an evening of matches.
pub const SESSION_SECS: u64 = 12 * 60 * 60;

/// What a ticket is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// An "Open the table" link, for one match.
    Link,
    /// A session cookie.
    Session,
    /// The CSRF token of a session's forms (the session's own ticket
    /// under this label: [`crate::state::Web::csrf_token`]).
    Csrf,
}

impl Purpose {
    fn label(self) -> &'static [u8] {
        match self {
            Purpose::Link => b"fourbot table link\0",
            Purpose::Session => b"fourbot session\0",
            Purpose::Csrf => b"fourbot csrf\0",
        }
    }
}

/// What a valid ticket says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ticket {
    /// The match (a link's; [`MatchId`] 0 in a session).
    pub match_id: MatchId,
    /// The Discord user it was given to.
    pub user: UserId,
    /// The Unix second it expires at.
    pub expires: u64,
}

/// Why a ticket is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TicketError {
    /// Not of the ticket's shape.
    #[error("not a ticket")]
    Malformed,
    /// The signature does not check (forged, altered, another purpose, or
    /// signed with another secret).
    #[error("the signature does not check")]
    Forged,
    /// Its time ran out.
    #[error("expired")]
    Expired,
}

fn mac(secret: &WebSecret, purpose: Purpose, fields: &str) -> hmac::Hmac<Sha256> {
    let mut mac =
        hmac::Hmac::<Sha256>::new_from_slice(secret.bytes()).expect("HMAC takes a key of any size");
    mac.update(purpose.label());
    mac.update(fields.as_bytes());
    mac
}

/// Signs `ticket` for `purpose`.
pub fn sign(secret: &WebSecret, purpose: Purpose, ticket: Ticket) -> String {
    let fields = format!("{}.{}.{}", ticket.match_id.0, ticket.user.0, ticket.expires);
    let tag = mac(secret, purpose, &fields).finalize().into_bytes();
    format!("{fields}.{}", URL_SAFE_NO_PAD.encode(tag))
}

/// Reads and checks `text` as a ticket for `purpose` at Unix second
/// `now`.
///
/// # Errors
/// [`TicketError`]: malformed, forged or expired.
pub fn verify(
    secret: &WebSecret,
    purpose: Purpose,
    text: &str,
    now: u64,
) -> Result<Ticket, TicketError> {
    // At most 3 × 20 digits, 3 dots and 43 characters of MAC.
    if text.len() > 120 {
        return Err(TicketError::Malformed);
    }
    let (fields, tag) = text.rsplit_once('.').ok_or(TicketError::Malformed)?;
    let mut parts = fields.split('.');
    let mut number = || -> Result<u64, TicketError> {
        let p = parts.next().ok_or(TicketError::Malformed)?;
        if p.is_empty() || !p.bytes().all(|b| b.is_ascii_digit()) {
            return Err(TicketError::Malformed);
        }
        p.parse().map_err(|_| TicketError::Malformed)
    };
    let (match_id, user, expires) = (number()?, number()?, number()?);
    if parts.next().is_some() {
        return Err(TicketError::Malformed);
    }
    let tag = URL_SAFE_NO_PAD
        .decode(tag)
        .map_err(|_| TicketError::Malformed)?;
    mac(secret, purpose, fields)
        .verify_slice(&tag)
        .map_err(|_| TicketError::Forged)?;
    if now >= expires {
        return Err(TicketError::Expired);
    }
    Ok(Ticket {
        match_id: MatchId(i64::try_from(match_id).map_err(|_| TicketError::Malformed)?),
        user: UserId(user),
        expires,
    })
}

/// An "Open the table" link's path for `user` in match `id`, valid for
/// [`LINK_SECS`] from Unix second `now` (the bot prefixes its public URL).
pub fn link_path(secret: &WebSecret, id: MatchId, user: UserId, now: u64) -> String {
    let ticket = Ticket {
        match_id: id,
        user,
        expires: now + LINK_SECS,
    };
    format!("/t/{}", sign(secret, Purpose::Link, ticket))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn secret(c: char) -> WebSecret {
        WebSecret::new(&c.to_string().repeat(40)).unwrap()
    }

    const T: Ticket = Ticket {
        match_id: MatchId(42),
        user: UserId(1234),
        expires: 1_000,
    };

    #[test]
    fn a_ticket_checks_until_it_expires_and_only_for_its_purpose() {
        let s = secret('k');
        let text = sign(&s, Purpose::Link, T);
        assert!(text.starts_with("42.1234.1000."), "{text}");
        assert_eq!(verify(&s, Purpose::Link, &text, 999), Ok(T));
        assert_eq!(
            verify(&s, Purpose::Link, &text, 1_000),
            Err(TicketError::Expired)
        );
        assert_eq!(
            verify(&s, Purpose::Session, &text, 999),
            Err(TicketError::Forged),
            "a link is no session"
        );
        assert_eq!(
            verify(&secret('x'), Purpose::Link, &text, 999),
            Err(TicketError::Forged),
            "another secret"
        );
    }

    #[test]
    fn an_altered_or_malformed_ticket_is_refused() {
        let s = secret('k');
        let text = sign(&s, Purpose::Link, T);
        // Another user, another match, a later expiry: the MAC no longer
        // checks.
        for altered in [
            text.replacen("1234", "1235", 1),
            text.replacen("42.", "43.", 1),
            text.replacen(".1000.", ".9000.", 1),
        ] {
            assert_eq!(
                verify(&s, Purpose::Link, &altered, 999),
                Err(TicketError::Forged),
                "{altered}"
            );
        }
        for bad in [
            "",
            "42.1234.1000",
            "42.1234.1000.!!",
            "-1.1234.1000.AAAA",
            "42.1234.1000.5.AAAA",
            &"9".repeat(200),
        ] {
            assert_eq!(
                verify(&s, Purpose::Link, bad, 999),
                Err(TicketError::Malformed),
                "{bad}"
            );
        }
    }
}
