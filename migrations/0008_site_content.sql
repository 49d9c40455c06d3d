CREATE TABLE `site_content_versions` (
	`version` integer PRIMARY KEY NOT NULL,
	`content` text NOT NULL,
	`updated_at` integer NOT NULL,
	`updated_by_id` integer,
	`updated_by` text
);
--> statement-breakpoint
-- The prerendered pages of every instance compare this counter before serving, so a save
-- through another instance or by hand shows everywhere (docs/content.md).
INSERT INTO `change_counters` (`name`, `value`) VALUES ('site_content', 0);
--> statement-breakpoint
CREATE TRIGGER `site_content_changed_insert` AFTER INSERT ON `site_content_versions` BEGIN
	UPDATE `change_counters` SET `value` = `value` + 1 WHERE `name` = 'site_content';
END;
--> statement-breakpoint
CREATE TRIGGER `site_content_changed_delete` AFTER DELETE ON `site_content_versions` BEGIN
	UPDATE `change_counters` SET `value` = `value` + 1 WHERE `name` = 'site_content';
END;
