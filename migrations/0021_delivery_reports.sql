CREATE TABLE `delivery_reports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`key` text NOT NULL,
	`source` text NOT NULL,
	`kind` text NOT NULL,
	`email` text DEFAULT '' NOT NULL,
	`detail` text DEFAULT '' NOT NULL,
	`raw` text,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `delivery_reports_key_email_idx` ON `delivery_reports` (`key`,`email`);--> statement-breakpoint
CREATE INDEX `delivery_reports_email_idx` ON `delivery_reports` (`email`,`kind`,`at`);--> statement-breakpoint
CREATE INDEX `delivery_reports_kind_idx` ON `delivery_reports` (`kind`,`at`);--> statement-breakpoint
CREATE TABLE `webhook_tokens` (
	`token` text PRIMARY KEY NOT NULL,
	`at` integer NOT NULL
);
