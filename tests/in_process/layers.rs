//! The layers are crates, and the arrows between them point down only: read from
//! `cargo metadata`, so a `use` that reaches up or sideways cannot even be written.

use std::collections::BTreeMap;
use std::process::Command;

/// The workspace's layers, lowest first, with what no crate of the layer may depend on. A crate
/// depends only on crates of the layers below its own, never on one beside it: so the three
/// front ends cannot reach each other.
const LAYERS: &[(&[&str], &[&str])] = &[
    (
        &["dama-rules", "dama-model", "dama-telemetry"],
        &["tokio", "sqlx", "poise", "serenity", "axum", "image"],
    ),
    (
        &["dama-play"],
        &["tokio", "sqlx", "poise", "serenity", "axum"],
    ),
    (&["dama-store"], &["poise", "serenity", "axum"]),
    (&["dama-core"], &["sqlx", "poise", "serenity", "axum"]),
    (&["dama-discord", "dama-web", "dama-console"], &["sqlx"]),
    (&["dama"], &[]),
];

/// The front ends: they ask the host, and never reach the store.
const FRONT_ENDS: [&str; 3] = ["dama-discord", "dama-web", "dama-console"];

/// What `cargo metadata` says of the workspace's own packages.
fn metadata() -> serde_json::Value {
    let out = Command::new(env!("CARGO"))
        .args([
            "metadata",
            "--format-version",
            "1",
            "--no-deps",
            "--offline",
        ])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo metadata runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

/// Each package of the workspace with its normal (not dev, not build) dependencies, and
/// whether each is optional.
fn workspace() -> BTreeMap<String, Vec<(String, bool)>> {
    let meta = metadata();
    meta["packages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|package| {
            let deps = package["dependencies"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|d| d["kind"].is_null())
                .map(|d| {
                    let name = d["name"].as_str().unwrap().to_string();
                    (name, d["optional"].as_bool().unwrap_or(false))
                })
                .collect();
            (package["name"].as_str().unwrap().to_string(), deps)
        })
        .collect()
}

/// The layer a crate of the workspace sits in.
fn level(name: &str) -> Option<usize> {
    LAYERS.iter().position(|(crates, _)| crates.contains(&name))
}

#[test]
fn every_layer_depends_only_on_the_layers_below_it() {
    let packages = workspace();
    for name in packages.keys().filter(|name| *name != "dama-testkit") {
        assert!(
            level(name).is_some(),
            "{name} is in no layer: place it in LAYERS"
        );
    }
    for (i, (crates, _)) in LAYERS.iter().enumerate() {
        for krate in *crates {
            let deps = packages
                .get(*krate)
                .unwrap_or_else(|| panic!("the workspace has no {krate} crate"));
            for (dep, _) in deps {
                if let Some(j) = level(dep) {
                    assert!(j < i, "{krate} depends on {dep}, which is not below it");
                }
            }
        }
    }
    // The test kit is above everything and nothing but tests use it.
    for (name, deps) in &packages {
        assert!(
            deps.iter().all(|(dep, _)| dep != "dama-testkit"),
            "{name} depends on the test kit"
        );
    }
}

#[test]
fn front_ends_ask_the_host_and_never_reach_the_store() {
    let packages = workspace();
    for front_end in FRONT_ENDS {
        assert!(
            packages[front_end]
                .iter()
                .all(|(dep, _)| dep != "dama-store"),
            "{front_end} depends on the store"
        );
        // `Host::store` is there for the command line's tools and for tests.
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("crates")
            .join(front_end)
            .join("src");
        for file in std::fs::read_dir(&dir).unwrap() {
            let path = file.unwrap().path();
            let text = std::fs::read_to_string(&path).unwrap();
            assert!(
                !text.contains(".store()"),
                "{} reaches the store through the host",
                path.display()
            );
        }
    }
}

/// The `.rs` files under `dir`, at any depth.
fn sources(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            found.extend(sources(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            found.push(path);
        }
    }
    found
}

#[test]
fn the_host_answers_in_its_own_views_and_re_exports_nothing_of_the_store() {
    let crates = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("crates");
    // The store's row types, by name.
    let rows: Vec<String> = sources(&crates.join("dama-store").join("src"))
        .iter()
        .flat_map(|path| {
            let text = std::fs::read_to_string(path).unwrap();
            text.lines()
                .filter_map(|l| l.trim().strip_prefix("pub struct "))
                .map(|rest| rest.split([' ', '<', '{', '(']).next().unwrap().to_string())
                .filter(|name| name.ends_with("Row"))
                .collect::<Vec<_>>()
        })
        .collect();
    assert!(rows.iter().any(|r| r == "GameRow"), "{rows:?}");
    let mut shown = Vec::new();
    for path in sources(&crates.join("dama-core").join("src")) {
        let text = std::fs::read_to_string(&path).unwrap();
        for line in text.lines().map(str::trim) {
            // What the crate shows: a public item or field, not one private to it.
            if !line.starts_with("pub ") {
                continue;
            }
            // A tuple struct's field is its own unless marked `pub`.
            let seen = match line.split_once('(') {
                Some((head, fields)) if head.starts_with("pub struct ") => {
                    if !fields.contains("pub ") {
                        continue;
                    }
                    fields
                }
                _ => line,
            };
            let shows = seen.contains("dama_store")
                || seen.contains("store::")
                || rows.iter().any(|row| {
                    seen.split(|c: char| !c.is_alphanumeric() && c != '_')
                        .any(|w| w == row)
                });
            if shows {
                shown.push(format!("{}: {line}", path.display()));
            }
        }
    }
    assert!(shown.is_empty(), "the host shows the store: {shown:#?}");
}

#[test]
fn the_root_crate_is_only_the_command_line() {
    let meta = metadata();
    let root = meta["packages"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == "dama")
        .unwrap();
    let kinds: Vec<&str> = root["targets"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|t| t["kind"].as_array().unwrap())
        .filter_map(|k| k.as_str())
        .filter(|k| *k == "lib" || *k == "bin")
        .collect();
    assert_eq!(kinds, ["bin"], "the root crate is the `dama` command alone");
}

#[test]
fn the_pure_layers_have_no_runtime_no_database_and_no_discord() {
    let packages = workspace();
    for (crates, never) in LAYERS {
        for krate in *crates {
            for (dep, _) in &packages[*krate] {
                assert!(!never.contains(&dep.as_str()), "{krate} depends on {dep}");
            }
        }
    }
    // Each front end brings its own framework, and only its own.
    let uses = |krate: &str, dep: &str| packages[krate].iter().any(|(d, _)| d == dep);
    for (front_end, others) in [
        ("dama-discord", ["axum"].as_slice()),
        ("dama-web", ["poise", "serenity"].as_slice()),
        ("dama-console", ["poise", "serenity", "axum"].as_slice()),
    ] {
        for other in others {
            assert!(!uses(front_end, other), "{front_end} depends on {other}");
        }
    }
    assert!(
        packages["dama-telemetry"]
            .iter()
            .all(|(d, _)| !d.starts_with("dama")),
        "telemetry depends on nothing of dama's"
    );
    let rules: Vec<&str> = packages["dama-rules"]
        .iter()
        .map(|(d, _)| d.as_str())
        .collect();
    assert_eq!(rules, ["thiserror"], "the rule book needs thiserror only");
    // Its columns are the store's to write (`store/types.rs`), not the model's.
    assert!(
        packages["dama-model"].is_empty(),
        "the model depends on nothing, yet has {:?}",
        packages["dama-model"]
    );
}
