CREATE TABLE `proposal_codes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`proposal_id` integer NOT NULL,
	`email` text NOT NULL,
	`code_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`proposal_id`) REFERENCES `proposals`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `proposal_codes_proposal_idx` ON `proposal_codes` (`proposal_id`,`email`);--> statement-breakpoint
CREATE TABLE `proposal_numbers` (
	`year` integer PRIMARY KEY NOT NULL,
	`last` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `proposal_payments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`proposal_id` integer NOT NULL,
	`amount` integer NOT NULL,
	`currency` text NOT NULL,
	`provider` text NOT NULL,
	`provider_ref` text,
	`paid_at` integer NOT NULL,
	`refunded_amount` integer DEFAULT 0 NOT NULL,
	`note` text,
	`recorded_by` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`proposal_id`) REFERENCES `proposals`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `proposal_payments_proposal_idx` ON `proposal_payments` (`proposal_id`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `proposal_payments_ref_idx` ON `proposal_payments` (`provider`,`provider_ref`) WHERE "proposal_payments"."provider_ref" is not null;--> statement-breakpoint
CREATE TABLE `proposal_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`currency` text NOT NULL,
	`bank_transfer_text` text DEFAULT '' NOT NULL,
	`price_list` text DEFAULT '' NOT NULL,
	`updated_at` integer NOT NULL,
	`updated_by` text
);
--> statement-breakpoint
CREATE TABLE `proposals` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`lead_id` integer NOT NULL,
	`number` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`previous_id` integer,
	`title` text NOT NULL,
	`summary` text DEFAULT '' NOT NULL,
	`items` text DEFAULT '[]' NOT NULL,
	`currency` text NOT NULL,
	`deposit_kind` text,
	`deposit_value` integer,
	`total` integer DEFAULT 0 NOT NULL,
	`deposit_amount` integer DEFAULT 0 NOT NULL,
	`valid_until` text,
	`terms` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`token_hash` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`created_by` text,
	`updated_at` integer NOT NULL,
	`sent_at` integer,
	`viewed_at` integer,
	`decided_at` integer,
	`decline_reason` text,
	`acceptance` text,
	`document_hash` text,
	FOREIGN KEY (`lead_id`) REFERENCES `leads`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `proposals_token_idx` ON `proposals` (`token_hash`) WHERE "proposals"."token_hash" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX `proposals_version_idx` ON `proposals` (`number`,`version`);--> statement-breakpoint
CREATE INDEX `proposals_lead_idx` ON `proposals` (`lead_id`,`id`);--> statement-breakpoint
CREATE INDEX `proposals_status_idx` ON `proposals` (`status`,`id`);--> statement-breakpoint
CREATE TABLE `stripe_events` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`received_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `lead_events` ADD `proposal_id` integer REFERENCES proposals(id);