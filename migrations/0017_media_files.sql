CREATE TABLE `media_files` (
	`name` text PRIMARY KEY NOT NULL,
	`slot` text NOT NULL,
	`variant` text NOT NULL,
	`type` text NOT NULL,
	`width` integer NOT NULL,
	`height` integer NOT NULL,
	`bytes` blob NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `media_files_slot_idx` ON `media_files` (`slot`);--> statement-breakpoint
-- The pages carry the images' addresses: an upload or removal, through any instance, moves
-- the counter the pages compare before serving (as a saved content version does, 0008).
CREATE TRIGGER `media_files_changed_insert` AFTER INSERT ON `media_files` BEGIN
	UPDATE `change_counters` SET `value` = `value` + 1 WHERE `name` = 'site_content';
END;
--> statement-breakpoint
CREATE TRIGGER `media_files_changed_delete` AFTER DELETE ON `media_files` BEGIN
	UPDATE `change_counters` SET `value` = `value` + 1 WHERE `name` = 'site_content';
END;
