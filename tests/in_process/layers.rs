//! The layers are crates, and the arrows between them point down only: read from
//! `cargo metadata`, so a `use` that reaches up or sideways cannot even be written.

use std::collections::BTreeMap;
use std::process::Command;

/// The workspace's layers, lowest first, with what each may never depend on.
const LAYERS: &[(&str, &[&str])] = &[
    (
        "dama-rules",
        &["tokio", "sqlx", "poise", "serenity", "axum", "image"],
    ),
    (
        "dama-model",
        &["tokio", "sqlx", "poise", "serenity", "axum", "image"],
    ),
    ("dama-play", &["tokio", "sqlx", "poise", "serenity", "axum"]),
    ("dama-core", &["poise", "serenity", "axum"]),
    ("dama", &[]),
];

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

#[test]
fn every_layer_depends_only_on_the_layers_below_it() {
    let packages = workspace();
    let level = |name: &str| LAYERS.iter().position(|(layer, _)| *layer == name);
    for (i, (layer, _)) in LAYERS.iter().enumerate() {
        let deps = packages
            .get(*layer)
            .unwrap_or_else(|| panic!("the workspace has no {layer} crate"));
        for (dep, _) in deps {
            if let Some(j) = level(dep) {
                assert!(j < i, "{layer} depends on {dep}, which is not below it");
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
fn the_pure_layers_have_no_runtime_no_database_and_no_discord() {
    let packages = workspace();
    for (layer, never) in LAYERS {
        for (dep, _) in &packages[*layer] {
            assert!(!never.contains(&dep.as_str()), "{layer} depends on {dep}");
        }
    }
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
