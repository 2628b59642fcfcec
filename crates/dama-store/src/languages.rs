//! The languages players and servers chose for the bot's words.

use super::types::{Int, IntColumn};
use super::{GuildId, Result, Store, Tx, UserId};

/// The languages chosen by a player and by a server (`None`: none chosen).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LanguageChoices {
    /// The player's choice.
    pub user: Option<String>,
    /// The server's choice.
    pub guild: Option<String>,
}

impl Store {
    /// The languages chosen by `user` and by `guild`.
    pub async fn languages(
        &self,
        user: Option<UserId>,
        guild: Option<GuildId>,
    ) -> Result<LanguageChoices> {
        let rows: Vec<(String, String)> = sqlx::query_as(
            "SELECT kind, lang FROM languages WHERE (kind = 'user' AND id = $1) OR (kind = 'guild' AND id = $2)",
        )
        .bind(user.map(Int))
        .bind(guild.map(Int))
        .fetch_all(&self.pool)
        .await?;
        let mut choices = LanguageChoices::default();
        for (kind, lang) in rows {
            match kind.as_str() {
                "user" => choices.user = Some(lang),
                _ => choices.guild = Some(lang),
            }
        }
        Ok(choices)
    }
}

/// Whose language a choice sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LanguageOwner {
    /// A player's own language.
    User(UserId),
    /// A server's language.
    Guild(GuildId),
}

/// Stores a language choice; `None` forgets it (back to Discord's locale).
pub async fn set_language(tx: &mut Tx, owner: LanguageOwner, lang: Option<&str>) -> Result<()> {
    let (kind, id) = match owner {
        LanguageOwner::User(u) => ("user", u.int()),
        LanguageOwner::Guild(g) => ("guild", g.int()),
    };
    match lang {
        Some(lang) => {
            sqlx::query(
                "INSERT INTO languages (kind, id, lang) VALUES ($1, $2, $3)
                 ON CONFLICT (kind, id) DO UPDATE SET lang = excluded.lang",
            )
            .bind(kind)
            .bind(id)
            .bind(lang)
            .execute(&mut **tx)
            .await?;
        }
        None => {
            sqlx::query("DELETE FROM languages WHERE kind = $1 AND id = $2")
                .bind(kind)
                .bind(id)
                .execute(&mut **tx)
                .await?;
        }
    }
    Ok(())
}
