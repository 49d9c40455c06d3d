CREATE TABLE `entry_pages` (
	`path` text PRIMARY KEY NOT NULL,
	`frame` text NOT NULL,
	`html` text NOT NULL,
	`etag` text NOT NULL,
	`rendered_at` integer NOT NULL
);

--> statement-breakpoint
-- Hand-written: the published lists (/case-studies, /insights) are rendered from the entries
-- and kept in each instance's memory until this counter moves (src/server/entries/entry-lists.ts),
-- so a publish on any instance shows on every instance's next request.
INSERT INTO `change_counters` (`name`, `value`) VALUES ('published_entries', 0);
--> statement-breakpoint
CREATE TRIGGER `published_entries_changed_insert` AFTER INSERT ON `entries` BEGIN
	UPDATE `change_counters` SET `value` = `value` + 1 WHERE `name` = 'published_entries';
END;
--> statement-breakpoint
CREATE TRIGGER `published_entries_changed_update` AFTER UPDATE ON `entries` BEGIN
	UPDATE `change_counters` SET `value` = `value` + 1 WHERE `name` = 'published_entries';
END;
--> statement-breakpoint
CREATE TRIGGER `published_entries_changed_delete` AFTER DELETE ON `entries` BEGIN
	UPDATE `change_counters` SET `value` = `value` + 1 WHERE `name` = 'published_entries';
END;
