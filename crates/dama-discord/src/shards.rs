//! Which of the bot's Discord shards this process runs: `DAMA_SHARDS` (`0-3`, or one shard
//! `5`) of `DAMA_SHARD_COUNT`. Discord sends a guild's events on shard
//! `(guild_id >> 22) % count`, so processes that split the shards split the guilds.

/// The most shards of all processes together: Discord asks for one per 2,500 servers, so this
/// serves 40 million of them.
pub const MAX_SHARD_COUNT: u32 = 16_384;
/// The most shards one process runs (each is a connection, a heartbeat and a task).
pub const MAX_SHARDS_PER_PROCESS: u32 = 128;

/// At most 40 characters of a setting, quoted back in an error.
fn shown(text: &str) -> String {
    let mut s: String = text.chars().take(40).collect();
    if s.len() < text.len() {
        s.push('…');
    }
    s
}

/// Shards `first..=last` of `count`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shards {
    /// The first shard this process runs.
    pub first: u32,
    /// The last shard this process runs.
    pub last: u32,
    /// The shards in all, across every process.
    pub count: u32,
}

impl Shards {
    /// Reads the two settings; `Ok(None)` when neither is set (one process, one shard).
    pub fn parse(shards: Option<&str>, count: Option<&str>) -> Result<Option<Shards>, String> {
        let shards = shards.map(str::trim).filter(|s| !s.is_empty());
        let count = count.map(str::trim).filter(|s| !s.is_empty());
        let (shards, count) = match (shards, count) {
            (None, None) => return Ok(None),
            (Some(s), None) => {
                return Err(format!(
                    "DAMA_SHARDS={} needs DAMA_SHARD_COUNT, the number of shards of all processes together",
                    shown(s)
                ));
            }
            (None, Some(c)) => (
                format!("0-{}", c.parse::<u32>().map_or(0, |n| n.max(1) - 1)),
                c,
            ),
            (Some(s), Some(c)) => (s.to_string(), c),
        };
        let count: u32 = count
            .parse()
            .ok()
            .filter(|n| (1..=MAX_SHARD_COUNT).contains(n))
            .ok_or_else(|| {
                format!(
                    "DAMA_SHARD_COUNT must be a number of shards from 1 to {MAX_SHARD_COUNT}, not \"{}\"",
                    shown(count)
                )
            })?;
        let number = |t: &str| t.trim().parse::<u32>().ok();
        let (first, last) = match shards.split_once('-') {
            Some((a, b)) => (number(a), number(b)),
            None => (number(&shards), number(&shards)),
        };
        let (Some(first), Some(last)) = (first, last) else {
            return Err(format!(
                "DAMA_SHARDS must be a shard (such as 3) or a range of shards (such as 0-3), not \"{}\"",
                shown(&shards)
            ));
        };
        if first > last || last >= count {
            return Err(format!(
                "DAMA_SHARDS={} is not within the {count} shards of DAMA_SHARD_COUNT (they are 0 to {})",
                shown(&shards),
                count - 1
            ));
        }
        if last - first >= MAX_SHARDS_PER_PROCESS {
            return Err(format!(
                "DAMA_SHARDS={} is {} shards for one process, more than {MAX_SHARDS_PER_PROCESS}: split them between processes (DAMA_SHARDS=0-{} in the first, and so on)",
                shown(&shards),
                u64::from(last - first) + 1,
                MAX_SHARDS_PER_PROCESS - 1
            ));
        }
        Ok(Some(Shards { first, last, count }))
    }

    /// The shard that carries a guild's events.
    pub fn of_guild(guild: u64, count: u32) -> u32 {
        ((guild >> 22) % u64::from(count.max(1))) as u32
    }

    /// Whether this process runs `shard`.
    pub fn runs(&self, shard: u32) -> bool {
        (self.first..=self.last).contains(&shard)
    }
}
