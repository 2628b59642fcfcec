//! Which language a player, or a server, wants the bot to speak.

use crate::host::Refusal;
use dama_store::{self as store, LanguageChoices, LanguageOwner};

use super::{Host, HostError, HostResult, Lang, LanguageScope, Msg, Reply, Who};

impl Host {
    /// Sets the asker's language, or the server's (Manage Server only); `None` goes back to
    /// automatic (Discord's locale).
    pub async fn set_language(
        &self,
        who: &Who,
        scope: LanguageScope,
        lang: Option<Lang>,
    ) -> HostResult {
        let owner = match (scope, who.guild) {
            (LanguageScope::Me, _) => LanguageOwner::User(who.user),
            (LanguageScope::Server, Some(guild)) if who.admin => LanguageOwner::Guild(guild),
            (LanguageScope::Server, _) => {
                return Err(HostError::Refused(Refusal::NeedsManageServer));
            }
        };
        let mut tx = self.store.write().await?;
        store::set_language(&mut tx, owner, lang.map(Lang::code)).await?;
        tx.commit().await?;
        Ok(Reply::private(Msg::LanguageSet { scope, lang }))
    }

    /// The languages chosen by this player and this server (either may be left out).
    pub async fn languages(
        &self,
        user: Option<dama_model::UserId>,
        guild: Option<dama_model::GuildId>,
    ) -> Result<LanguageChoices, HostError> {
        Ok(self.store.languages(user, guild).await?)
    }
}
