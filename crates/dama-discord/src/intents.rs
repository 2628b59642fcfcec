//! The gateway intents the bot asks for, and what to do when Discord refuses a privileged one.

use poise::serenity_prelude as serenity;

use super::Config;

/// The privileged intents asked for, as the configuration says.
#[derive(Clone, Copy, Debug)]
pub(super) struct Asked {
    message_content: bool,
    member_events: bool,
}

impl Asked {
    pub(super) fn of(config: &Config) -> Asked {
        Asked {
            message_content: config.message_content,
            member_events: config.member_events,
        }
    }

    /// Servers, their messages and direct messages; typed moves' text, and who leaves a server
    /// (to take them out of its pools at once), where asked for.
    pub(super) fn intents(self) -> serenity::GatewayIntents {
        let mut intents = serenity::GatewayIntents::GUILDS
            | serenity::GatewayIntents::GUILD_MESSAGES
            | serenity::GatewayIntents::DIRECT_MESSAGES;
        if self.message_content {
            intents |= serenity::GatewayIntents::MESSAGE_CONTENT;
        }
        if self.member_events {
            intents |= serenity::GatewayIntents::GUILD_MEMBERS;
        }
        intents
    }

    /// What to do about refused privileged intents: each one asked for, enabled or not asked.
    pub(super) fn to_enable(self) -> String {
        let mut what = Vec::new();
        if self.message_content {
            what.push("enable Message Content Intent for the bot in the Developer Portal (Bot, Privileged Gateway Intents), or set DAMA_MESSAGE_CONTENT=false to read only moves that mention the bot or reply to its board");
        }
        if self.member_events {
            what.push("enable Server Members Intent for the bot in the Developer Portal (Bot, Privileged Gateway Intents), or set DAMA_MEMBER_EVENTS=false (a player who leaves a server then stays in its pool until the seek ends)");
        }
        what.join("; ")
    }
}
