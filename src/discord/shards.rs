//! Which of the bot's Discord shards this process runs: `DAMA_SHARDS` (`0-3`, or one shard
//! `5`) of `DAMA_SHARD_COUNT`. Discord sends a guild's events on shard
//! `(guild_id >> 22) % count`, so processes that split the shards split the guilds.

/// Shards `first..=last` of `count`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shards {
    pub first: u32,
    pub last: u32,
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
                    "DAMA_SHARDS={s} needs DAMA_SHARD_COUNT, the number of shards of all processes together"
                ));
            }
            (None, Some(c)) => (
                format!("0-{}", c.parse::<u32>().map_or(0, |n| n.max(1) - 1)),
                c,
            ),
            (Some(s), Some(c)) => (s.to_string(), c),
        };
        let count: u32 = count.parse().ok().filter(|&n| n >= 1).ok_or_else(|| {
            format!("DAMA_SHARD_COUNT must be a number of shards (1 or more), not \"{count}\"")
        })?;
        let number = |t: &str| t.trim().parse::<u32>().ok();
        let (first, last) = match shards.split_once('-') {
            Some((a, b)) => (number(a), number(b)),
            None => (number(&shards), number(&shards)),
        };
        let (Some(first), Some(last)) = (first, last) else {
            return Err(format!(
                "DAMA_SHARDS must be a shard (such as 3) or a range of shards (such as 0-3), not \"{shards}\""
            ));
        };
        if first > last || last >= count {
            return Err(format!(
                "DAMA_SHARDS={shards} is not within the {count} shards of DAMA_SHARD_COUNT (they are 0 to {})",
                count - 1
            ));
        }
        Ok(Some(Shards { first, last, count }))
    }

    /// The shard that carries a guild's events.
    pub fn of_guild(guild: u64, count: u32) -> u32 {
        ((guild >> 22) % u64::from(count.max(1))) as u32
    }

    pub fn runs(&self, shard: u32) -> bool {
        (self.first..=self.last).contains(&shard)
    }
}
