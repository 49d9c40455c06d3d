CREATE TABLE `client_logos` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`image` text,
	`url` text,
	`consent_at` text,
	`consent_how` text,
	`status` text DEFAULT 'draft' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `client_logos_status_idx` ON `client_logos` (`status`,`id`);--> statement-breakpoint
CREATE INDEX `client_logos_updated_idx` ON `client_logos` (`updated_at`,`id`);--> statement-breakpoint
CREATE TABLE `testimonials` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`quote` text NOT NULL,
	`name` text NOT NULL,
	`role` text DEFAULT '' NOT NULL,
	`company` text DEFAULT '' NOT NULL,
	`photo` text,
	`entry_id` integer,
	`lead_id` integer,
	`consent_at` text,
	`consent_how` text,
	`status` text DEFAULT 'draft' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`entry_id`) REFERENCES `entries`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`lead_id`) REFERENCES `leads`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `testimonials_status_idx` ON `testimonials` (`status`,`id`);--> statement-breakpoint
CREATE INDEX `testimonials_updated_idx` ON `testimonials` (`updated_at`,`id`);--> statement-breakpoint
CREATE INDEX `testimonials_lead_idx` ON `testimonials` (`lead_id`);--> statement-breakpoint
CREATE INDEX `testimonials_entry_idx` ON `testimonials` (`entry_id`);