-- A player's blocks: whom they blocked is never paired with them, cannot challenge them, and
-- neither takes the other's open challenge.
CREATE TABLE blocks (
    blocker_id    INTEGER NOT NULL,
    blocked_id    INTEGER NOT NULL,
    created_at_ms INTEGER NOT NULL,
    PRIMARY KEY (blocker_id, blocked_id)
);
CREATE INDEX blocks_blocked ON blocks (blocked_id);
