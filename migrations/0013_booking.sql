CREATE TABLE `booking_feeds` (
	`url` text PRIMARY KEY NOT NULL,
	`busy` text,
	`fetched_at` integer,
	`attempted_at` integer,
	`error` text
);
--> statement-breakpoint
CREATE TABLE `booking_reminders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`booking_id` integer NOT NULL,
	`minutes_before` integer NOT NULL,
	`due_at` integer NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`claimed_at` integer,
	`claimed_by` text,
	`sent_at` integer,
	`last_error` text,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `booking_reminders_once_idx` ON `booking_reminders` (`booking_id`,`minutes_before`,`due_at`);--> statement-breakpoint
CREATE INDEX `booking_reminders_due_idx` ON `booking_reminders` (`status`,`due_at`);--> statement-breakpoint
CREATE TABLE `booking_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`settings` text NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `bookings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`lead_id` integer NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`company` text,
	`message` text,
	`start` integer NOT NULL,
	`end` integer NOT NULL,
	`location` text NOT NULL,
	`status` text DEFAULT 'confirmed' NOT NULL,
	`sequence` integer DEFAULT 0 NOT NULL,
	`token_hash` text NOT NULL,
	`cancel_reason` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`lead_id`) REFERENCES `leads`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `bookings_token_idx` ON `bookings` (`token_hash`);--> statement-breakpoint
CREATE UNIQUE INDEX `bookings_confirmed_start_idx` ON `bookings` (`start`) WHERE "bookings"."status" = 'confirmed';--> statement-breakpoint
CREATE INDEX `bookings_start_idx` ON `bookings` (`start`,`id`);--> statement-breakpoint
CREATE INDEX `bookings_lead_idx` ON `bookings` (`lead_id`);--> statement-breakpoint
ALTER TABLE `analytics_daily` ADD `bookings` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `audit_events` ADD `via` text;