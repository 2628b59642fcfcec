//! The languages are the `.ftl` files of assets/locales/: each one found is embedded, so a new
//! language is one file.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "a build script stops on what it cannot read"
)]
use std::fmt::Write;

fn main() {
    println!("cargo:rerun-if-changed=../../assets/locales");
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/locales");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("assets/locales exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "ftl"))
        .collect();
    files.sort();
    let mut code = String::from("pub const LOCALES: &[(&str, &str)] = &[\n");
    for path in files {
        println!("cargo:rerun-if-changed={}", path.display());
        let code_name = path.file_stem().unwrap().to_string_lossy().into_owned();
        writeln!(
            code,
            "    ({code_name:?}, include_str!({:?})),",
            path.display().to_string()
        )
        .unwrap();
    }
    code.push_str("];\n");
    let out = std::path::Path::new(&std::env::var("OUT_DIR").unwrap()).join("locales.rs");
    std::fs::write(out, code).unwrap();
}
