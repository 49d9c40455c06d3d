CREATE TABLE `site_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`address` text,
	`time_zone` text,
	`updated_at` integer NOT NULL,
	`updated_by` text
);
--> statement-breakpoint
-- The pages carry the address (canonical link, sharing cards) and the admin's page the time
-- zone: a save, through any instance, moves the counter the pages compare before serving.
CREATE TRIGGER `site_settings_changed_insert` AFTER INSERT ON `site_settings` BEGIN
	UPDATE `change_counters` SET `value` = `value` + 1 WHERE `name` = 'site_content';
END;
--> statement-breakpoint
CREATE TRIGGER `site_settings_changed_update` AFTER UPDATE ON `site_settings` BEGIN
	UPDATE `change_counters` SET `value` = `value` + 1 WHERE `name` = 'site_content';
END;
