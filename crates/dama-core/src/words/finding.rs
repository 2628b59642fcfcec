//! The messages about finding a game (pools, blocks, rematches) as Fluent ids and arguments.

use crate::host::{CommandName, FindingMsg};

use super::Writer;
use super::keys::{a, color_key, yes};

impl Writer<'_> {
    pub(super) fn finding_msg(&self, m: &FindingMsg) -> String {
        match m {
            FindingMsg::RematchOffered {
                by,
                to,
                color,
                rated,
                control,
                lasts,
            } => self.text(
                "rematch-offered",
                &[
                    ("by", self.user(*by)),
                    ("to", self.user(*to)),
                    ("color", a(color_key(*color))),
                    ("rated", a(yes(*rated))),
                    ("clock", a(self.time_control(*control))),
                    ("hours", a(lasts.whole_minutes() / 60)),
                    ("minutes", a(lasts.whole_minutes())),
                ],
            ),
            FindingMsg::RematchLapsed { by, to } => self.text(
                "rematch-lapsed",
                &[("by", self.user(*by)), ("to", self.user(*to))],
            ),
            FindingMsg::Blocked { user } => {
                let mut args = self.commands(&[("unblock", CommandName::Unblock)]);
                args.push(("user", self.user(*user)));
                self.text("blocked", &args)
            }
            FindingMsg::Unblocked { user } => self.text("unblocked", &[("user", self.user(*user))]),
            FindingMsg::BlockList { users } => {
                let names: Vec<String> = users.iter().map(|u| self.markup.user(*u)).collect();
                self.text(
                    "block-list",
                    &[
                        ("count", a(users.len() as i64)),
                        ("users", a(names.join(", "))),
                    ],
                )
            }
            FindingMsg::Seeking {
                control,
                rated,
                waiting,
                everywhere,
                moved_from,
                lasts,
            } => {
                let mut text = self.text(
                    "seeking",
                    &[
                        ("clock", a(self.time_control(*control))),
                        ("rated", a(yes(*rated))),
                        ("others", a((*waiting - 1).max(0))),
                        ("minutes", a(lasts.whole_minutes().max(1))),
                    ],
                );
                if let Some(network) = everywhere {
                    text.push(' ');
                    let others = a((*network - 1).max(0));
                    text.push_str(&self.text("seeking-everywhere", &[("others", others)]));
                }
                if let Some(from) = moved_from {
                    text.push(' ');
                    text.push_str(
                        &self.text("seeking-moved", &[("from", a(self.time_control(*from)))]),
                    );
                }
                text
            }
            FindingMsg::NetworkJoined { servers } => {
                let mut args = self.commands(&[("seek", CommandName::Seek)]);
                args.push(("servers", a(*servers)));
                self.text("network-joined", &args)
            }
            FindingMsg::NetworkLeft { ended } => {
                let names: Vec<String> = ended.iter().map(|u| self.markup.user(*u)).collect();
                self.text(
                    "network-left",
                    &[
                        ("count", a(ended.len() as i64)),
                        ("users", a(names.join(", "))),
                    ],
                )
            }
            FindingMsg::NetworkStatus { member, servers } => {
                let mut args = self.commands(&[
                    ("network", CommandName::Network),
                    ("seek", CommandName::Seek),
                ]);
                args.push(("member", a(yes(*member))));
                args.push(("servers", a(*servers)));
                self.text("network-status", &args)
            }
            FindingMsg::LeftPool { control } => {
                self.text("left-pool", &[("clock", a(self.time_control(*control)))])
            }
            FindingMsg::SeekExpired {
                player,
                control,
                waited,
            } => {
                let mut args = self.commands(&[("seek", CommandName::Seek)]);
                args.extend([
                    ("player", self.user(*player)),
                    ("clock", a(self.time_control(*control))),
                    ("minutes", a(waited.whole_minutes().max(1))),
                ]);
                self.text("seek-expired", &args)
            }
            FindingMsg::PoolPaired { control } => {
                self.text("pool-paired", &[("clock", a(self.time_control(*control)))])
            }
            FindingMsg::MeetingNowhere { white, black } => self.text(
                "meeting-nowhere",
                &[("white", self.user(*white)), ("black", self.user(*black))],
            ),
        }
    }
}
