//! Whether the tests run against PostgreSQL: `DAMA_TEST_POSTGRES` set when they are built
//! turns on `cfg(dama_postgres)`; without it the PostgreSQL twins are reported ignored (a
//! test cannot ignore itself once running, and one that passes without a server lies).

fn main() {
    println!("cargo::rustc-check-cfg=cfg(dama_postgres)");
    println!("cargo::rerun-if-env-changed=DAMA_TEST_POSTGRES");
    println!("cargo::rerun-if-changed=build.rs");
    if std::env::var_os("DAMA_TEST_POSTGRES").is_some_and(|url| !url.is_empty()) {
        println!("cargo::rustc-cfg=dama_postgres");
    }
}
