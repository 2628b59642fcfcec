//! The book in `docs/` and the README: every page the summary names is there, and every
//! relative link between pages (and to the repository's files) leads somewhere.

use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The targets of the Markdown links in `text`: `[words](target)`.
fn links(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(i) = rest.find("](") {
        rest = &rest[i + 2..];
        if let Some(end) = rest.find(')') {
            out.push(rest[..end].to_string());
            rest = &rest[end..];
        }
    }
    out
}

/// Links out of the repository, or to a place on the same page, are not files.
fn is_relative(target: &str) -> bool {
    !(target.starts_with("http://")
        || target.starts_with("https://")
        || target.starts_with('#')
        || target.starts_with("mailto:"))
}

fn check_links(page: &Path, problems: &mut Vec<String>) {
    let text = std::fs::read_to_string(page).unwrap();
    for target in links(&text).into_iter().filter(|t| is_relative(t)) {
        let file = target.split('#').next().unwrap_or("");
        let resolved = page.parent().unwrap().join(file);
        if !resolved.exists() {
            problems.push(format!("{}: {target}", page.display()));
        }
    }
}

#[test]
fn every_page_of_the_summary_exists_and_every_relative_link_resolves() {
    let docs = root().join("docs");
    let summary = std::fs::read_to_string(docs.join("SUMMARY.md")).unwrap();
    let pages = links(&summary);
    assert!(pages.len() >= 20, "{pages:?}");
    let mut problems = Vec::new();
    for page in &pages {
        let path = docs.join(page);
        if !path.is_file() {
            problems.push(format!("SUMMARY.md names {page}, which is not there"));
        }
    }
    // Every page in the book is in the summary: none is left unreachable.
    let mut files = Vec::new();
    let mut dirs = vec![docs.clone()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "md") {
                files.push(path);
            }
        }
    }
    for file in &files {
        let name = file
            .strip_prefix(&docs)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        if name != "SUMMARY.md" && !pages.contains(&name) {
            problems.push(format!("{name} is not in SUMMARY.md"));
        }
        check_links(file, &mut problems);
    }
    check_links(&root().join("README.md"), &mut problems);
    assert!(problems.is_empty(), "{problems:#?}");
}

#[test]
fn the_readme_is_short_and_nothing_points_outside_the_repository() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    assert!(
        readme.lines().count() < 200,
        "{} lines",
        readme.lines().count()
    );
    // Its first lines are the two commands a newcomer needs.
    let head: Vec<&str> = readme.lines().take(6).collect();
    assert!(
        head.iter()
            .any(|l| l.starts_with("DISCORD_TOKEN=") && l.contains("cargo run --release"))
    );
    assert!(head.iter().any(|l| l.starts_with("cargo test --release")));
    // The rule book and the design are the project's own pages now.
    let mut cited = Vec::new();
    let mut dirs = vec![
        root().join("src"),
        root().join("tests"),
        root().join("docs"),
    ];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs" || e == "md")
                && !path.ends_with("tests/in_process/docs.rs")
            {
                let text = std::fs::read_to_string(&path).unwrap_or_default();
                if text.contains("RULES.md")
                    || text.contains("DESIGN.md")
                    || text.contains("../shared")
                {
                    cited.push(path.display().to_string());
                }
            }
        }
    }
    assert!(
        cited.is_empty(),
        "files outside the repository cited in {cited:#?}"
    );
}
