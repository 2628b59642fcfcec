-- A player's blocks: whom they blocked is never paired with them, cannot challenge them, and
-- neither takes the other's open challenge.
CREATE TABLE blocks (
    blocker_id    BIGINT NOT NULL,
    blocked_id    BIGINT NOT NULL,
    created_at_ms BIGINT NOT NULL,
    PRIMARY KEY (blocker_id, blocked_id)
);
CREATE INDEX blocks_blocked ON blocks (blocked_id);
