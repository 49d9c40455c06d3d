CREATE TABLE `call_notes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`lead_id` integer NOT NULL,
	`booking_id` integer,
	`transcript` text NOT NULL,
	`summary` text DEFAULT '' NOT NULL,
	`decisions` text DEFAULT '[]' NOT NULL,
	`actions` text DEFAULT '[]' NOT NULL,
	`model` text,
	`draft_id` integer,
	`created_by` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`lead_id`) REFERENCES `leads`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`draft_id`) REFERENCES `lead_drafts`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `call_notes_lead_idx` ON `call_notes` (`lead_id`,`id`);--> statement-breakpoint
CREATE TABLE `engagement_files` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`engagement_id` integer NOT NULL,
	`name` text NOT NULL,
	`type` text NOT NULL,
	`size` integer NOT NULL,
	`sha256` text NOT NULL,
	`bytes` blob NOT NULL,
	`side` text NOT NULL,
	`uploaded_by` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`engagement_id`) REFERENCES `engagements`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `engagement_files_engagement_idx` ON `engagement_files` (`engagement_id`,`id`);--> statement-breakpoint
CREATE TABLE `engagement_links` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`engagement_id` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`ended_at` integer,
	`ended_how` text,
	FOREIGN KEY (`engagement_id`) REFERENCES `engagements`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `engagement_links_engagement_idx` ON `engagement_links` (`engagement_id`,`ended_at`);--> statement-breakpoint
CREATE TABLE `engagements` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`lead_id` integer NOT NULL,
	`proposal_id` integer,
	`title` text NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`client_uploads` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`closed_at` integer,
	`owner_notified_at` integer,
	FOREIGN KEY (`lead_id`) REFERENCES `leads`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`proposal_id`) REFERENCES `proposals`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `engagements_lead_idx` ON `engagements` (`lead_id`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `engagements_proposal_idx` ON `engagements` (`proposal_id`) WHERE "engagements"."proposal_id" is not null;--> statement-breakpoint
CREATE TABLE `testimonial_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`lead_id` integer NOT NULL,
	`token_hash` text NOT NULL,
	`withdraw_token_hash` text,
	`suggested_text` text DEFAULT '' NOT NULL,
	`suggested_by_ai` integer DEFAULT false NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`created_by` text,
	`expires_at` integer NOT NULL,
	`decided_at` integer,
	`testimonial_id` integer,
	FOREIGN KEY (`lead_id`) REFERENCES `leads`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`testimonial_id`) REFERENCES `testimonials`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `testimonial_requests_token_idx` ON `testimonial_requests` (`token_hash`);--> statement-breakpoint
CREATE UNIQUE INDEX `testimonial_requests_withdraw_idx` ON `testimonial_requests` (`withdraw_token_hash`) WHERE "testimonial_requests"."withdraw_token_hash" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX `testimonial_requests_open_idx` ON `testimonial_requests` (`lead_id`) WHERE "testimonial_requests"."status" = 'open';--> statement-breakpoint
ALTER TABLE `lead_events` ADD `engagement_id` integer REFERENCES engagements(id) ON DELETE set null;--> statement-breakpoint
CREATE INDEX `lead_events_engagement_idx` ON `lead_events` (`engagement_id`,`id`) WHERE "lead_events"."engagement_id" is not null;--> statement-breakpoint
ALTER TABLE `testimonials` ADD `consent_record` text;--> statement-breakpoint
ALTER TABLE `testimonials` ADD `withdrawn_at` integer;