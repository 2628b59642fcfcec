//! Post-game analysis for the players: the channel's last finished game for anyone, a running
//! casual game once both its players asked (a game against the AI: its player alone), never a
//! rated game while it runs. It runs apart from the AI's turns, one at a time, so moves never
//! wait on it.

use crate::host::Refusal;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use dama_model::GameStatus;
use dama_play::ai::Limits;
use dama_rules::pdn;

use super::play::with_stored_result;
use super::{File, Host, HostError, HostResult, Msg, Reply, Who, color_of, player_of, players};

/// Hears the analysis's progress, in percent, from the thread doing it.
pub type AnalysisProgress = Arc<dyn Fn(u32) + Send + Sync>;

/// How deep the analysis looks at every position: a few seconds for a long game here.
pub const ANALYSIS_DEPTH: u32 = 6;

impl Host {
    /// Analyses the channel's running or last game: the chart with the turning points as a
    /// picture, the annotated PDN as a file, the accuracy figures as words.
    pub async fn analyze(&self, who: &Who, progress: AnalysisProgress) -> HostResult {
        let row = self.latest(who).await?;
        if row.ply == 0 {
            return Err(HostError::Refused(Refusal::NothingToAnalyse));
        }
        if row.status == GameStatus::Running {
            let color = color_of(&row, who.user)
                .ok_or(HostError::Refused(Refusal::AnalysisForPlayersOnly))?;
            if row.rated {
                return Err(HostError::Refused(Refusal::NoAnalysisDuringRatedGames));
            }
            if let Some(other) = player_of(&row, color.opponent()) {
                // Both players must want it: it shows each of them every move's worth.
                let mut asks = self
                    .analysis_asks
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner);
                match asks.get(&row.id) {
                    Some(&(version, by)) if by == other && version == row.version => {
                        asks.remove(&row.id);
                    }
                    _ => {
                        asks.insert(row.id, (row.version, who.user));
                        return Ok(Reply {
                            mentions: vec![other],
                            ..Reply::say(Msg::AnalysisAsked {
                                by: who.user,
                                other,
                            })
                        });
                    }
                }
            }
        }
        let game = with_stored_result(&row, self.load(&row).await?);
        let tags = self.pdn_tags(&row).await?;
        let tables = self.tables();
        let thinking = game.clone();
        // One analysis at a time, and its worker only when no move or hint waits.
        let _one = Arc::clone(&self.analysis_slots)
            .acquire_owned()
            .await
            .map_err(|e| HostError::internal("the analysis queue is closed", e))?;
        let _slot = self.scheduler.slot(super::Priority::Analysis).await;
        let analysis = tokio::task::spawn_blocking(move || {
            let stop = AtomicBool::new(false);
            dama_play::ai::analysis::analyse(
                &thinking,
                Limits::depth(ANALYSIS_DEPTH),
                tables,
                &stop,
                &mut |done, total| progress((done * 100 / total) as u32),
            )
        })
        .await
        .map_err(|e| HostError::internal("the analysis failed", e))?
        .ok_or_else(|| HostError::internal("the analysis stopped", format!("game {}", row.id)))?;
        let names = [
            tags.get("White").unwrap_or("?"),
            tags.get("Black").unwrap_or("?"),
        ];
        let result = pdn::result_token(&game);
        let chart = self
            .captions
            .analysis_chart(who.lang, &game, names, result, &analysis);
        let mut notes = self.captions.analysis_notes(who.lang, &game, &analysis);
        // The clocks stay in the annotated record, before each note's words.
        for (i, clock) in self.clock_notes(&row).await?.into_iter().enumerate() {
            let Some(clock) = clock else { continue };
            if notes.len() <= i {
                notes.resize(i + 1, None);
            }
            let note = notes[i].get_or_insert_with(Default::default);
            note.comment = format!("{} {}", clock.comment, note.comment)
                .trim()
                .to_string();
        }
        let renderer = Arc::clone(&self.renderer);
        let png = tokio::task::spawn_blocking(move || renderer.chart_png(&chart))
            .await
            .map_err(|e| HostError::internal("the analysis picture failed", e))?;
        // Kept for the game's web page.
        let mut tx = self.store.write().await?;
        dama_store::save_analysis(&mut tx, row.id, row.version, &analysis.to_text(&game)).await?;
        tx.commit().await?;
        let accuracy = analysis
            .accuracy
            .map(|a| a.map(|x| x.round().clamp(0.0, 100.0) as u32));
        Ok(Reply {
            file: Some(File {
                name: format!("dama-{}-analysis.png", row.id),
                bytes: png,
            }),
            attachment: Some(File {
                name: format!("dama-{}-analysis.pdn", row.id),
                bytes: pdn::write_annotated(&game, &tags, &notes).into_bytes(),
            }),
            ..Reply::say(Msg::Analysis {
                game: row.id,
                players: players(&row),
                accuracy,
                counts: [
                    analysis.counts(dama_rules::Color::White),
                    analysis.counts(dama_rules::Color::Black),
                ],
            })
        })
    }
}
