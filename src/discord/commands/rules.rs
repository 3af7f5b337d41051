//! `/rules [variant]`: the rules in the reader's language, with this
//! server's abort window and grace period, split into Discord messages.

use std::time::Duration;

use super::super::choices::VariantChoice;
use super::super::data::{Context, Error};
use super::super::messages::MAX_CONTENT;
use super::super::reply::{host_guild, pack, private, user_locale};

/// The rules, in your language.
#[poise::command(slash_command)]
pub(super) async fn rules(ctx: Context<'_>, variant: Option<VariantChoice>) -> Result<(), Error> {
    let data = ctx.data().clone();
    let l = user_locale(ctx);
    let clock = match ctx.guild_id() {
        Some(g) => data.settings.guild(host_guild(g)).await.clock,
        None => Default::default(),
    };
    let sections: Vec<String> = data
        .catalog()
        .rules(
            l,
            variant.map(|v| v.0),
            Duration::from_millis(clock.abort_ms),
            Duration::from_millis(clock.grace_ms),
        )
        .into_iter()
        .map(|s| format!("**{}**\n{}", s.title, s.body))
        .collect();
    for message in pack(&sections, MAX_CONTENT) {
        private(ctx, message).await?;
    }
    Ok(())
}
