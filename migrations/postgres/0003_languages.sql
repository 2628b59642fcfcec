-- Twin of sqlite/0003_languages.sql.
CREATE TABLE languages (
    kind TEXT   NOT NULL CHECK (kind IN ('user', 'guild')),
    id   BIGINT NOT NULL,
    lang TEXT   NOT NULL,
    PRIMARY KEY (kind, id)
);
