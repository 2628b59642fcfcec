//! The rule book (`docs/inside/rules.md`), one file per section, one named test per rule.

mod board;
mod captures;
mod end;
mod fen;
mod kings;
mod men;
mod notation;
mod pdn;
