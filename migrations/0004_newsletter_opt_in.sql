CREATE TABLE `subscriber_confirmations` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`subscriber_id` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`subscriber_id`) REFERENCES `subscribers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `subscriber_confirmations_subscriber_idx` ON `subscriber_confirmations` (`subscriber_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `subscribers` ADD `status` text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE `subscribers` ADD `confirmed_at` integer;--> statement-breakpoint
ALTER TABLE `subscribers` ADD `unsubscribed_at` integer;--> statement-breakpoint
ALTER TABLE `subscribers` ADD `unsubscribe_token_hash` text;--> statement-breakpoint
CREATE UNIQUE INDEX `subscribers_unsubscribe_token_idx` ON `subscribers` (`unsubscribe_token_hash`);--> statement-breakpoint
CREATE INDEX `subscribers_status_idx` ON `subscribers` (`status`,`id`);--> statement-breakpoint
-- Addresses stored before double opt-in existed were accepted under the rules of that time
-- (a sign-up was the consent asked for then), so they become confirmed, as of the day they
-- subscribed; every address added from now on starts pending until its owner confirms it.
UPDATE `subscribers` SET `status` = 'confirmed', `confirmed_at` = `created_at`;
