//! The migrations are embedded by `sqlx::migrate!()`: a new one must rebuild the store.

fn main() {
    println!("cargo:rerun-if-changed=../../migrations");
}
