//! Shards: which guilds a process hosts, and the leases that keep two
//! processes on one database from hosting the same ones (docs/store.md,
//! "Two processes").
//!
//! Discord's rule (<https://discord.com/developers/docs/topics/gateway#sharding>):
//! a guild's events go to shard `(guild_id >> 22) % shard_count`. A process
//! runs a contiguous range of shards ([`Shards`]); it claims them with
//! [`Db::claim_shards`] before it restores anything, renews the leases
//! ([`Db::renew_shards`]) well within the lease time, and releases them on
//! a clean exit ([`Db::release_shards`]). A process that dies keeps its
//! leases until they expire; then another may take them over.
//!
//! Leases of different shard counts (resharding) conflict when their
//! guilds overlap: shard `i` of `t` and shard `j` of `u` share guilds
//! exactly when `i ≡ j (mod gcd(t, u))` (the Chinese remainder theorem on
//! `guild_id >> 22`).

use std::fmt;
use std::str::FromStr;

use sqlx::Row;

use super::{Db, Engine, GuildId, StoreError};

/// A contiguous range of Discord shards, `first..=last` of `total`.
/// Text form `<first>-<last>/<total>` (`0-1/4`), or `<n>/<total>` for one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shards {
    first: u32,
    last: u32,
    total: u32,
}

/// Why a shard range is not valid.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ShardsError {
    /// The text is not `<first>-<last>/<total>` or `<n>/<total>`.
    #[error("`{0}` is not a shard range: write <first>-<last>/<total>, e.g. 0-1/4")]
    Syntax(String),
    /// Zero shards in total.
    #[error("the shard count must be at least 1")]
    ZeroTotal,
    /// `first` after `last`.
    #[error("shard range {first}-{last} is empty")]
    Empty {
        /// The first shard.
        first: u32,
        /// The last shard.
        last: u32,
    },
    /// `last` is not below the total (shards are numbered from 0).
    #[error("shard {last} is outside 0-{}/{total} (shards are numbered from 0)", total.saturating_sub(1))]
    OutOfRange {
        /// The last shard asked for.
        last: u32,
        /// The shard count.
        total: u32,
    },
}

impl Shards {
    /// Shards `first..=last` of `total`.
    ///
    /// # Errors
    /// [`ShardsError::ZeroTotal`], [`ShardsError::Empty`],
    /// [`ShardsError::OutOfRange`].
    pub fn new(first: u32, last: u32, total: u32) -> Result<Shards, ShardsError> {
        if total == 0 {
            return Err(ShardsError::ZeroTotal);
        }
        if first > last {
            return Err(ShardsError::Empty { first, last });
        }
        if last >= total {
            return Err(ShardsError::OutOfRange { last, total });
        }
        Ok(Shards { first, last, total })
    }

    /// Every shard of `total` (`0-(total-1)/total`).
    ///
    /// # Errors
    /// [`ShardsError::ZeroTotal`].
    pub fn all(total: u32) -> Result<Shards, ShardsError> {
        Shards::new(0, total.saturating_sub(1), total)
    }

    /// The first shard of the range.
    pub fn first(&self) -> u32 {
        self.first
    }

    /// The last shard of the range.
    pub fn last(&self) -> u32 {
        self.last
    }

    /// The shard count the range is of.
    pub fn total(&self) -> u32 {
        self.total
    }

    /// The shard ids of the range, first first.
    pub fn ids(&self) -> impl Iterator<Item = u32> {
        self.first..=self.last
    }

    /// The shard of `total` that carries `guild`'s events:
    /// `(guild_id >> 22) % total` (Discord's rule; guild 0, the shell's and
    /// imports', is on shard 0).
    pub fn shard_of(guild: GuildId, total: u32) -> u32 {
        ((guild >> 22) % u64::from(total.max(1))) as u32
    }

    /// Whether `guild` is on a shard of this range.
    pub fn hosts(&self, guild: GuildId) -> bool {
        (self.first..=self.last).contains(&Shards::shard_of(guild, self.total))
    }

    /// The `(total, first, last)` binds of the scope filter
    /// `(guild_id >> 22) % total BETWEEN first AND last` (SQLite and
    /// PostgreSQL alike); `None`, no scope: `(1, 0, 0)`, always true.
    pub(crate) fn binds(scope: Option<Shards>) -> (i64, i64, i64) {
        scope.map_or((1, 0, 0), |s| {
            (i64::from(s.total), i64::from(s.first), i64::from(s.last))
        })
    }
}

impl fmt::Display for Shards {
    /// `0-1/4`, or `2/4` for a single shard.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.first == self.last {
            write!(f, "{}/{}", self.first, self.total)
        } else {
            write!(f, "{}-{}/{}", self.first, self.last, self.total)
        }
    }
}

impl FromStr for Shards {
    type Err = ShardsError;

    /// `<first>-<last>/<total>` or `<n>/<total>`, e.g. `0-1/4`, `3/4`.
    fn from_str(s: &str) -> Result<Shards, ShardsError> {
        let syntax = || ShardsError::Syntax(s.chars().take(40).collect());
        let (range, total) = s.trim().split_once('/').ok_or_else(syntax)?;
        let number = |t: &str| t.trim().parse::<u32>().map_err(|_| syntax());
        let (first, last) = match range.split_once('-') {
            Some((a, b)) => (number(a)?, number(b)?),
            None => (number(range)?, number(range)?),
        };
        Shards::new(first, last, number(total)?)
    }
}

/// Whether shard `a` of `a_total` and shard `b` of `b_total` carry some
/// guild in common (see the module's documentation).
fn overlap(a: u32, a_total: u32, b: u32, b_total: u32) -> bool {
    let g = gcd(a_total.max(1), b_total.max(1));
    a % g == b % g
}

fn gcd(mut a: u32, mut b: u32) -> u32 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// A lease row ([`Db::shard_leases`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShardLease {
    /// The shard.
    pub shard: u32,
    /// The shard count it is a shard of.
    pub total: u32,
    /// Who holds it: the owner string it was claimed with.
    pub owner: String,
    /// When it ends unless renewed, ms since 1970.
    pub expires_unix_ms: i64,
}

/// The lease time when [`LEASE_ENV`] does not set one: 20 s. A process
/// renews every third of it.
pub const DEFAULT_LEASE_MS: u64 = 20_000;

/// The environment variable that sets the lease time in ms (tests set it
/// short so that a killed process's shards are free soon).
pub const LEASE_ENV: &str = "FOURBOT_SHARD_LEASE_MS";

/// The lease time: [`LEASE_ENV`] if it holds a number of ms (at least 1),
/// else [`DEFAULT_LEASE_MS`].
pub fn lease_ms() -> u64 {
    std::env::var(LEASE_ENV)
        .ok()
        .and_then(|v| v.trim().parse::<u64>().ok())
        .filter(|&ms| ms > 0)
        .unwrap_or(DEFAULT_LEASE_MS)
}

/// A lease owner string for this process, unique among processes:
/// `<host>/<pid>/<nanoseconds of the start, hex>` (the host from
/// `/proc/sys/kernel/hostname` or `$HOSTNAME`). Shown to operators in
/// [`StoreError::ShardOwned`].
pub fn process_owner() -> String {
    let host = host_name();
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    format!(
        "{host}/{}/{:x}",
        std::process::id(),
        nanos & 0xffff_ffff_ffff
    )
}

/// This machine's host name, as [`process_owner`] writes it.
fn host_name() -> String {
    std::fs::read_to_string("/proc/sys/kernel/hostname")
        .ok()
        .or_else(|| std::env::var("HOSTNAME").ok())
        .map(|h| h.trim().to_string())
        .filter(|h| !h.is_empty())
        .unwrap_or_else(|| "host".into())
}

/// Whether the process that wrote `owner` ([`process_owner`]) is known to
/// be gone: it ran on this machine and no process with its id runs now
/// (Linux's `/proc/<pid>`), or one does but it started later (its id was
/// reused: `/proc/<pid>/stat`'s start time is after the owner's). A
/// process on another machine, or one that cannot be checked, is not
/// known to be gone.
pub fn owner_gone(owner: &str) -> bool {
    let mut parts = owner.split('/');
    let (Some(host), Some(pid), Some(started)) = (parts.next(), parts.next(), parts.next()) else {
        return false;
    };
    if host != host_name() || !std::path::Path::new("/proc/self").exists() {
        return false;
    }
    let Ok(pid) = pid.parse::<u32>() else {
        return false;
    };
    if pid == std::process::id() {
        return false;
    }
    let stat = std::path::PathBuf::from(format!("/proc/{pid}"));
    if !stat.exists() {
        return true;
    }
    // A live process with that id: the owner only if it is not younger
    // than the lease's start (its start time in seconds since boot, field
    // 22 of /proc/<pid>/stat, against the owner's wall clock).
    started_after(pid, started).unwrap_or(false)
}

/// Whether process `pid` started after the owner's start time
/// `started_hex` (ns since 1970, the low 48 bits, hex), by more than a
/// second.
fn started_after(pid: u32, started_hex: &str) -> Option<bool> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The fields after the command name (which may hold spaces) in
    // parentheses; start time is field 22, the 20th after it.
    let after = stat.rsplit_once(')')?.1;
    let ticks: u64 = after.split_whitespace().nth(19)?.parse().ok()?;
    let boot: u64 = std::fs::read_to_string("/proc/stat")
        .ok()?
        .lines()
        .find_map(|l| l.strip_prefix("btime "))?
        .trim()
        .parse()
        .ok()?;
    // USER_HZ is 100 on Linux.
    let started_ns = (boot * 1_000_000_000 + ticks * 10_000_000) & 0xffff_ffff_ffff;
    let owner_ns = u64::from_str_radix(started_hex, 16).ok()?;
    // Modulo 2^48 ns (about 3.3 days): compare forward distance.
    let ahead = started_ns.wrapping_sub(owner_ns) & 0xffff_ffff_ffff;
    Some(ahead > 1_000_000_000 && ahead < (1 << 47))
}

impl Db {
    /// This store restricted to the guilds of `shards` (the shards this
    /// process hosts): [`Db::running_match_ids`] (so
    /// [`Db::resume_running`]), [`Db::open_challenges`],
    /// [`Db::expire_challenges`], [`Db::match_threads`] and
    /// [`Db::configured_guilds`] then see only those guilds. Everything
    /// else (one match, one guild, one player) is unchanged. The pool and
    /// group commit are shared with `self`.
    pub fn scoped(&self, shards: Shards) -> Db {
        Db {
            scope: Some(shards),
            ..self.clone()
        }
    }

    /// [`Db::scoped`] to `shards`, and every write to a match — creating
    /// it ([`Db::create_match`]), recording its events
    /// ([`Db::record_events`]), ending it ([`Db::finish_match`]) — checks in
    /// its own transaction that `owner` still holds the lease of the
    /// match's guild's shard (of `shards`' count), holding that lease row
    /// until the commit (PostgreSQL: `FOR UPDATE`), so that a takeover
    /// waits for the write. A process that stalled past its lease and was
    /// taken over then gets [`StoreError::LeaseLost`] and writes nothing:
    /// two processes never both commit (and announce) a move of one match.
    /// Call it after [`Db::claim_shards`].
    pub fn hosting(&self, shards: Shards, owner: &str) -> Db {
        Db {
            scope: Some(shards),
            fence: Some(owner.into()),
            ..self.clone()
        }
    }

    /// The guard of a write to a match in `guild` ([`Db::hosting`]), on the
    /// write's transaction: `Ok` when the store is not hosting, or when its
    /// owner holds the lease of the guild's shard.
    ///
    /// # Errors
    /// [`StoreError::LeaseLost`], [`StoreError::Database`].
    pub(crate) async fn check_lease(
        &self,
        conn: &mut sqlx::AnyConnection,
        guild: GuildId,
    ) -> Result<(), StoreError> {
        let (Some(_), Some(scope)) = (&self.fence, self.scope) else {
            return Ok(());
        };
        let shard = Shards::shard_of(guild, scope.total);
        // PostgreSQL: `FOR KEY SHARE`, a fencing read rather than a lock
        // of the shard. Writes of one shard take it together; a takeover
        // (`claim_shards` deletes the row) waits until they commit, and a
        // write after it reads the new owner; the renewal changes no key
        // column (`FOR NO KEY UPDATE`), which `FOR KEY SHARE` lets through.
        // (It was `FOR UPDATE`: every write of a shard waited for the one
        // before, and the renewal behind them — issue 33.) SQLite has one
        // writer at a time.
        let holder: Option<String> = sqlx::query_scalar(self.engine.pick([
            "SELECT owner FROM shard_leases WHERE shard_total = $1 AND shard_id = $2",
            "SELECT owner FROM shard_leases WHERE shard_total = $1 AND shard_id = $2 FOR KEY SHARE",
        ]))
        .bind(i64::from(scope.total))
        .bind(i64::from(shard))
        .fetch_optional(&mut *conn)
        .await?;
        self.lease_held(guild, holder.as_deref())
    }

    /// The shard count whose lease guards every write to a match when this
    /// store is [`Db::hosting`]; `None`: no check.
    pub(crate) fn fenced_total(&self) -> Option<u32> {
        self.fence.as_ref().and(self.scope).map(|s| s.total)
    }

    /// [`Db::check_lease`] given the owner of the lease of `guild`'s shard
    /// as read in the write's transaction (`None`: no lease row), e.g.
    /// together with the match's row ([`Db::fenced_total`]).
    ///
    /// # Errors
    /// [`StoreError::LeaseLost`].
    pub(crate) fn lease_held(
        &self,
        guild: GuildId,
        holder: Option<&str>,
    ) -> Result<(), StoreError> {
        let (Some(owner), Some(scope)) = (&self.fence, self.scope) else {
            return Ok(());
        };
        if holder == Some(&**owner) {
            Ok(())
        } else {
            Err(StoreError::LeaseLost {
                shard: Shards::shard_of(guild, scope.total),
                total: scope.total,
            })
        }
    }

    /// The shards this store is restricted to ([`Db::scoped`]); `None`:
    /// every guild.
    pub fn scope(&self) -> Option<Shards> {
        self.scope
    }

    /// Claims the leases of `shards` for `owner` (a string naming this
    /// process, e.g. `host/pid/random`; unique per process) until
    /// `now_unix_ms + lease_ms`: all of them or none, in one transaction.
    /// A lease of a shard that shares guilds with one asked for, held by
    /// another owner and not expired at `now_unix_ms`, refuses the claim;
    /// expired leases (a process that died) and this owner's own are taken
    /// over.
    ///
    /// # Errors
    /// [`StoreError::ShardOwned`] naming the first shard refused and its
    /// owner (nothing is written), [`StoreError::Database`].
    pub async fn claim_shards(
        &self,
        shards: Shards,
        owner: &str,
        now_unix_ms: i64,
        lease_ms: u64,
    ) -> Result<(), StoreError> {
        let mut tx = self.write().await?;
        if self.engine == Engine::Postgres {
            // Two claims at once must not both see the table free: this
            // mode conflicts with itself, not with plain reads. (SQLite's
            // BEGIN IMMEDIATE already holds the only write lock.)
            sqlx::query("LOCK TABLE shard_leases IN SHARE ROW EXCLUSIVE MODE")
                .execute(&mut *tx)
                .await?;
        }
        let held = leases(&mut tx).await?;
        // A lease of a process on this machine that is gone (killed, and
        // restarted now) is as good as expired.
        let live = |l: &ShardLease| l.expires_unix_ms > now_unix_ms && !owner_gone(&l.owner);
        let overlapping = |l: &ShardLease| {
            shards
                .ids()
                .find(|&s| overlap(s, shards.total, l.shard, l.total))
        };
        for l in &held {
            if l.owner != owner && live(l) {
                if let Some(shard) = overlapping(l) {
                    return Err(StoreError::ShardOwned {
                        shard,
                        total: shards.total,
                        owner: l.owner.clone(),
                        expires_unix_ms: l.expires_unix_ms,
                    });
                }
            }
        }
        for l in held.iter().filter(|l| overlapping(l).is_some()) {
            sqlx::query("DELETE FROM shard_leases WHERE shard_id = $1 AND shard_total = $2")
                .bind(i64::from(l.shard))
                .bind(i64::from(l.total))
                .execute(&mut *tx)
                .await?;
        }
        for shard in shards.ids() {
            sqlx::query(
                "INSERT INTO shard_leases (shard_id, shard_total, owner, expires_unix_ms)
                 VALUES ($1, $2, $3, $4)",
            )
            .bind(i64::from(shard))
            .bind(i64::from(shards.total))
            .bind(owner)
            .bind(expires(now_unix_ms, lease_ms))
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// Renews `owner`'s leases of `shards` until `now_unix_ms + lease_ms`,
    /// all or none. A lease that expired but that nobody took over is
    /// still this owner's and is renewed.
    ///
    /// # Errors
    /// [`StoreError::LeaseLost`] for the first shard whose lease another
    /// process took over (or that was released): the caller must stop
    /// hosting it. [`StoreError::Database`].
    pub async fn renew_shards(
        &self,
        shards: Shards,
        owner: &str,
        now_unix_ms: i64,
        lease_ms: u64,
    ) -> Result<(), StoreError> {
        let mut tx = self.write().await?;
        for shard in shards.ids() {
            let done = sqlx::query(
                "UPDATE shard_leases SET expires_unix_ms = $1
                 WHERE shard_id = $2 AND shard_total = $3 AND owner = $4",
            )
            .bind(expires(now_unix_ms, lease_ms))
            .bind(i64::from(shard))
            .bind(i64::from(shards.total))
            .bind(owner)
            .execute(&mut *tx)
            .await?;
            if done.rows_affected() != 1 {
                return Err(StoreError::LeaseLost {
                    shard,
                    total: shards.total,
                });
            }
        }
        tx.commit().await?;
        Ok(())
    }

    /// Releases `owner`'s leases of `shards` (a clean exit): another
    /// process may claim them at once. Leases of other owners are left
    /// alone.
    ///
    /// # Errors
    /// [`StoreError::Database`].
    pub async fn release_shards(&self, shards: Shards, owner: &str) -> Result<(), StoreError> {
        sqlx::query(
            "DELETE FROM shard_leases
             WHERE owner = $1 AND shard_total = $2 AND shard_id BETWEEN $3 AND $4",
        )
        .bind(owner)
        .bind(i64::from(shards.total))
        .bind(i64::from(shards.first))
        .bind(i64::from(shards.last))
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Every lease row, expired ones too, by shard count then shard.
    ///
    /// # Errors
    /// [`StoreError::Database`].
    pub async fn shard_leases(&self) -> Result<Vec<ShardLease>, StoreError> {
        let mut conn = self.pool.acquire().await?;
        leases(&mut conn).await
    }

    /// The guilds with stored settings (`/config`) that this store's scope
    /// hosts ([`Db::scoped`]), in id order; guilds never configured have
    /// the defaults ([`Db::guild_settings`]).
    ///
    /// # Errors
    /// [`StoreError::Database`].
    pub async fn configured_guilds(&self) -> Result<Vec<GuildId>, StoreError> {
        let (total, first, last) = Shards::binds(self.scope);
        let ids: Vec<i64> = sqlx::query_scalar(
            "SELECT id FROM guilds WHERE (id >> 22) % $1 BETWEEN $2 AND $3 ORDER BY id",
        )
        .bind(total)
        .bind(first)
        .bind(last)
        .fetch_all(&self.pool)
        .await?;
        Ok(ids.into_iter().map(|g| g as GuildId).collect())
    }
}

/// `now + lease`, saturating.
fn expires(now_unix_ms: i64, lease_ms: u64) -> i64 {
    now_unix_ms.saturating_add(i64::try_from(lease_ms).unwrap_or(i64::MAX))
}

async fn leases(conn: &mut sqlx::AnyConnection) -> Result<Vec<ShardLease>, StoreError> {
    let rows = sqlx::query(
        "SELECT shard_id, shard_total, owner, expires_unix_ms FROM shard_leases
         ORDER BY shard_total, shard_id",
    )
    .fetch_all(&mut *conn)
    .await?;
    Ok(rows
        .iter()
        .map(|r| ShardLease {
            shard: r.get::<i64, _>("shard_id") as u32,
            total: r.get::<i64, _>("shard_total") as u32,
            owner: r.get("owner"),
            expires_unix_ms: r.get("expires_unix_ms"),
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_guild_is_on_the_shard_of_discords_formula() {
        // A guild id of Discord's documentation, shifted by hand.
        let g: GuildId = 197_038_439_483_310_086;
        assert_eq!(g >> 22, 46_977_624_770);
        assert_eq!(Shards::shard_of(g, 2), 0);
        assert_eq!(Shards::shard_of(g, 1000), 770);
        assert_eq!(Shards::shard_of(0, 4), 0, "the shell's guild");
        let s: Shards = "1-2/4".parse().unwrap();
        assert!(s.hosts(1 << 22) && s.hosts(2 << 22) && s.hosts(6 << 22));
        assert!(!s.hosts(0) && !s.hosts(3 << 22));
    }

    #[test]
    fn a_shard_range_is_read_and_checked() {
        assert_eq!("0-1/4".parse(), Shards::new(0, 1, 4));
        assert_eq!("3/4".parse::<Shards>().unwrap().to_string(), "3/4");
        assert_eq!("0-1/4".parse::<Shards>().unwrap().to_string(), "0-1/4");
        assert_eq!(Shards::all(2).unwrap().ids().collect::<Vec<_>>(), [0, 1]);
        assert_eq!(
            "2-5/4".parse::<Shards>(),
            Err(ShardsError::OutOfRange { last: 5, total: 4 })
        );
        assert_eq!(
            "2-1/4".parse::<Shards>(),
            Err(ShardsError::Empty { first: 2, last: 1 })
        );
        assert_eq!("0/0".parse::<Shards>(), Err(ShardsError::ZeroTotal));
        assert!(matches!(
            "a-b/c".parse::<Shards>(),
            Err(ShardsError::Syntax(_))
        ));
        assert!(matches!("4".parse::<Shards>(), Err(ShardsError::Syntax(_))));
    }

    #[test]
    fn owners_of_two_calls_differ_and_name_the_process() {
        let a = process_owner();
        let b = process_owner();
        assert_ne!(a, b);
        assert!(a.contains(&format!("/{}/", std::process::id())), "{a}");
    }

    #[test]
    fn shards_of_two_counts_overlap_when_they_share_a_guild() {
        // Brute force over guild keys against the gcd rule.
        for (t, u) in [(2, 4), (4, 6), (3, 5), (1, 7), (6, 6)] {
            for a in 0..t {
                for b in 0..u {
                    let shared = (0u64..(t * u) as u64)
                        .any(|k| k % t as u64 == a as u64 && k % u as u64 == b as u64);
                    assert_eq!(overlap(a, t, b, u), shared, "{a}/{t} and {b}/{u}");
                }
            }
        }
    }
}

#[cfg(test)]
mod owner_tests {
    use super::*;

    /// The owner string of process `pid` started at `ns` (since 1970).
    fn owner(host: &str, pid: u32, ns: u128) -> String {
        format!("{host}/{pid}/{:x}", ns & 0xffff_ffff_ffff)
    }

    fn now_ns() -> u128 {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_nanos()
    }

    #[test]
    fn a_process_of_this_machine_that_ended_is_gone_and_a_live_one_is_not() {
        assert!(!owner_gone(&process_owner()), "this process");
        let started = now_ns();
        let mut child = std::process::Command::new("sleep")
            .arg("30")
            .spawn()
            .unwrap();
        let pid = child.id();
        // Started just now: the owner is that process, alive.
        assert!(!owner_gone(&owner(&host_name(), pid, started)));
        // An owner that started a minute before the process with its id:
        // the id was reused, the owner is gone.
        let earlier = started - 60_000_000_000;
        assert!(owner_gone(&owner(&host_name(), pid, earlier)));
        child.kill().unwrap();
        child.wait().unwrap();
        assert!(owner_gone(&owner(&host_name(), pid, started)), "ended");
        // Another machine's process cannot be checked: not known gone.
        assert!(!owner_gone(&owner("elsewhere", pid, started)));
        assert!(!owner_gone("not an owner"));
    }
}
