//! The commands that study games and positions with the AI's help: the endgame tables
//! (`dama tables build`, and the folder every command reads them from) and `dama analyze`.

use std::io::{self, Write};
use std::sync::Arc;

use super::{at_most, picture_language};
use dama_core::words::Words;
use dama_play::ai::Limits;
use dama_play::render::Renderer;

/// The endgame tables' folder: `DAMA_TABLES`, by default `dama-tables`; `off` for none.
pub fn tables_dir() -> Option<std::path::PathBuf> {
    match std::env::var("DAMA_TABLES") {
        Ok(v) if v.trim() == "off" => None,
        Ok(v) if !v.trim().is_empty() => Some(v.trim().into()),
        _ => Some("dama-tables".into()),
    }
}

/// The endgame tables for a command, if they have been built (commands never build them; a
/// damaged table is named on stderr and the command goes on without).
pub(super) fn load_tables() -> Option<Arc<dama_play::tables::Tables>> {
    let dir = tables_dir()?;
    if !dir.is_dir() {
        return None;
    }
    match dama_play::tables::Tables::load(&dir) {
        Ok(t) => Some(Arc::new(t)),
        Err(e) => {
            eprintln!("dama: endgame tables not used: {e}");
            None
        }
    }
}

pub(super) fn build_tables(
    pieces: u32,
    threads: Option<usize>,
    dir: &std::path::Path,
    out: &mut impl Write,
) -> Result<io::Result<()>, String> {
    if !(2..=4).contains(&pieces) {
        return Err(format!(
            "--pieces {pieces}: the tables hold 2 to 4 pieces (5 would need about 4 GB)"
        ));
    }
    let threads = super::threads(threads)?;
    let start = std::time::Instant::now();
    let mut written = Ok(());
    let stats = dama_play::tables::build(dir, pieces, threads, &mut |s| {
        if written.is_ok() {
            written = writeln!(
                out,
                "{:<9} {:>10} positions  {:>9} wins {:>9} draws {:>9} losses  longest {:>3} plies  {:>9} bytes  {:.1} s{}",
                s.material.to_string(),
                s.entries,
                s.wins,
                s.draws,
                s.losses,
                s.longest,
                s.bytes,
                s.time.as_secs_f64(),
                if s.reused { " (already built)" } else { "" },
            )
            .and_then(|()| out.flush());
        }
    })
    .map_err(|e| e.to_string())?;
    let entries: usize = stats.iter().map(|s| s.entries).sum();
    let bytes: u64 = stats.iter().map(|s| s.bytes).sum();
    let longest = stats.iter().map(|s| s.longest).max().unwrap_or(0);
    Ok(written.and_then(|()| {
        writeln!(
            out,
            "{} tables, {entries} positions, longest {longest} plies, {bytes} bytes written, {:.1} s",
            stats.len(),
            start.elapsed().as_secs_f64()
        )
    }))
}

pub(super) fn analyze(
    pdn: &std::path::Path,
    output: &std::path::Path,
    depth: u32,
    lang: Option<&str>,
    out: &mut impl Write,
) -> Result<io::Result<()>, String> {
    let limits = Limits::checked_depth(depth.into()).map_err(|e| e.to_string())?;
    // Every position of the game is searched: 12 plies each is already minutes.
    at_most("--depth", depth.into(), 12)?;
    let words = Words::new();
    let lang = picture_language(&words, lang)?;
    let text = dama_play::files::read_to_string(pdn, super::MAX_TEXT_FILE)
        .map_err(|e| format!("could not read {}: {e}", pdn.display()))?;
    let (tags, game) = dama_rules::pdn::read(&text)
        .map_err(|e| format!("{} is not a game this tool can read: {e}", pdn.display()))?;
    if game.ply_count() == 0 {
        return Err(format!("{} holds no moves to analyse", pdn.display()));
    }
    let stop = std::sync::atomic::AtomicBool::new(false);
    let mut shown = 0;
    let analysis = dama_play::ai::analysis::analyse(
        &game,
        limits,
        load_tables(),
        &stop,
        &mut |done, total| {
            let percent = done * 100 / total;
            if percent >= shown + 10 || done == total {
                shown = percent;
                let said = words.get_with(
                    lang,
                    "analysis-progress",
                    &[("percent", dama_core::words::Arg::from(percent as i64))],
                );
                eprintln!("{said}");
            }
        },
    )
    .ok_or("the analysis stopped")?;
    let name = |tag: &str, fallback: &str| {
        tags.get(tag)
            .filter(|n| !n.is_empty() && *n != "?")
            .unwrap_or(fallback)
            .to_string()
    };
    let names = [name("White", "White"), name("Black", "Black")];
    let names = [names[0].as_str(), names[1].as_str()];
    let result = dama_rules::pdn::result_token(&game);
    let chart = words.analysis_chart(lang, &game, names, result, &analysis);
    std::fs::write(output, Renderer::default().chart_png(&chart))
        .map_err(|e| format!("could not write {}: {e}", output.display()))?;
    let notes = words.analysis_notes(lang, &game, &analysis);
    let report = words.analysis_report(lang, &game, names, &analysis);
    Ok((|| {
        for line in report {
            writeln!(out, "{line}")?;
        }
        writeln!(out)?;
        write!(
            out,
            "{}",
            dama_rules::pdn::write_annotated(&game, &tags, &notes)
        )
    })())
}
