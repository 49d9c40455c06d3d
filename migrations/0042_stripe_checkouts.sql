CREATE TABLE `stripe_checkouts` (
	`session_id` text PRIMARY KEY NOT NULL,
	`proposal_id` integer NOT NULL,
	`amount` integer NOT NULL,
	`currency` text NOT NULL,
	`payment_id` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`proposal_id`) REFERENCES `proposals`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`payment_id`) REFERENCES `proposal_payments`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `stripe_checkouts_proposal_idx` ON `stripe_checkouts` (`proposal_id`);--> statement-breakpoint
CREATE TABLE `stripe_unmatched` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`event_id` text NOT NULL,
	`type` text NOT NULL,
	`reason` text NOT NULL,
	`object_id` text,
	`payment_ref` text,
	`amount` integer,
	`currency` text,
	`proposal_id` integer,
	`received_at` integer NOT NULL,
	FOREIGN KEY (`proposal_id`) REFERENCES `proposals`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `stripe_unmatched_event_idx` ON `stripe_unmatched` (`event_id`);--> statement-breakpoint
CREATE INDEX `stripe_unmatched_received_idx` ON `stripe_unmatched` (`received_at`,`id`);