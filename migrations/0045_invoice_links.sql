CREATE TABLE `invoice_checkouts` (
	`session_id` text PRIMARY KEY NOT NULL,
	`invoice_id` integer NOT NULL,
	`amount` integer NOT NULL,
	`currency` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`invoice_id`) REFERENCES `invoices`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `invoice_checkouts_invoice_idx` ON `invoice_checkouts` (`invoice_id`);--> statement-breakpoint
CREATE TABLE `invoice_reminders` (
	`invoice_id` integer NOT NULL,
	`day` text NOT NULL,
	`offset` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`invoice_id`, `day`),
	FOREIGN KEY (`invoice_id`) REFERENCES `invoices`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `invoices` ADD `token_hash` text;--> statement-breakpoint
ALTER TABLE `invoices` ADD `reminders_stopped` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_token_idx` ON `invoices` (`token_hash`) WHERE "invoices"."token_hash" is not null;