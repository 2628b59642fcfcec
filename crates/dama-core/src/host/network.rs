//! The network across servers: a server joins it (Manage Server) so its players may seek a
//! game everywhere; one that leaves keeps its running games, and its waiting seeks for a game
//! everywhere end, their players told.

use super::{FindingMsg, Host, HostError, HostResult, Msg, Refusal, Reply, Who};
use dama_store as store;

impl Host {
    /// Joins this server to the network (`Some(true)`), takes it out (`Some(false)`), or says
    /// whether it is in (`None`).
    pub async fn network(&self, who: &Who, join: Option<bool>) -> HostResult {
        let guild = who.guild.ok_or(HostError::Refused(Refusal::ServerOnly))?;
        let Some(join) = join else {
            let member = self.store.in_network(guild).await?;
            let servers = self.store.network_size().await?;
            return Ok(Reply::private(Msg::Finding(FindingMsg::NetworkStatus {
                member,
                servers,
            })));
        };
        if !who.admin {
            return Err(HostError::Refused(Refusal::NetworkNeedsManageServer));
        }
        let mut tx = self.store.write().await?;
        if join {
            store::join_network(&mut tx, guild, who.user, self.clock.now()).await?;
            tx.commit().await?;
            let servers = self.store.network_size().await?;
            return Ok(Reply::say(Msg::Finding(FindingMsg::NetworkJoined {
                servers,
            })));
        }
        let ended = store::leave_network(&mut tx, guild)
            .await?
            .unwrap_or_default();
        tx.commit().await?;
        let players: Vec<_> = ended.iter().map(|s| s.user_id).collect();
        Ok(Reply {
            mentions: players.clone(),
            ..Reply::say(Msg::Finding(FindingMsg::NetworkLeft { ended: players }))
        })
    }
}
