-- Search over the published entries (docs/content.md, "Search"): an FTS5 index of their title,
-- summary and body, words stemmed (porter: "automating" finds "automation"), case and accents
-- ignored. Its content is the view of the published rows, so the index holds those and nothing
-- else: a draft is never found, and 'rebuild' (below, for entries published before this
-- migration) or 'integrity-check' see exactly what the triggers keep. The triggers keep it in
-- step inside the statement that publishes, saves, unpublishes or deletes, so in the same
-- transaction, whichever instance writes: every instance reads the one index at once.
CREATE VIEW `published_entries` AS
	SELECT `id`, `title`, `summary`, `body` FROM `entries` WHERE `status` = 'published';
--> statement-breakpoint
CREATE VIRTUAL TABLE `entries_search` USING fts5(
	`title`, `summary`, `body`,
	content='published_entries', content_rowid='id',
	tokenize='porter unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE TRIGGER `entries_search_insert` AFTER INSERT ON `entries` WHEN new.`status` = 'published' BEGIN
	INSERT INTO `entries_search` (rowid, `title`, `summary`, `body`)
	VALUES (new.`id`, new.`title`, new.`summary`, new.`body`);
END;
--> statement-breakpoint
CREATE TRIGGER `entries_search_delete` AFTER DELETE ON `entries` WHEN old.`status` = 'published' BEGIN
	INSERT INTO `entries_search` (`entries_search`, rowid, `title`, `summary`, `body`)
	VALUES ('delete', old.`id`, old.`title`, old.`summary`, old.`body`);
END;
--> statement-breakpoint
-- Publish (draft to published: indexed), unpublish (removed), a save of a published entry
-- (the old text out, the new in). A draft's saves touch nothing; a slug change alone skips it.
CREATE TRIGGER `entries_search_update` AFTER UPDATE OF `title`, `summary`, `body`, `status` ON `entries` BEGIN
	INSERT INTO `entries_search` (`entries_search`, rowid, `title`, `summary`, `body`)
	SELECT 'delete', old.`id`, old.`title`, old.`summary`, old.`body` WHERE old.`status` = 'published';
	INSERT INTO `entries_search` (rowid, `title`, `summary`, `body`)
	SELECT new.`id`, new.`title`, new.`summary`, new.`body` WHERE new.`status` = 'published';
END;
--> statement-breakpoint
INSERT INTO `entries_search` (`entries_search`) VALUES ('rebuild');
