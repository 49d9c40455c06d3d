CREATE TABLE `entries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`slug` text NOT NULL,
	`title` text NOT NULL,
	`summary` text NOT NULL,
	`body` text NOT NULL,
	`client` text,
	`industry` text,
	`results` text DEFAULT '[]' NOT NULL,
	`tags` text DEFAULT '[]' NOT NULL,
	`cover_image` text,
	`status` text DEFAULT 'draft' NOT NULL,
	`published_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer NOT NULL,
	`version` integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `entries_kind_slug_idx` ON `entries` (`kind`,`slug`);--> statement-breakpoint
CREATE INDEX `entries_updated_idx` ON `entries` (`updated_at`,`id`);--> statement-breakpoint
CREATE INDEX `entries_published_idx` ON `entries` (`kind`,`status`,`published_at`,`id`);--> statement-breakpoint
CREATE TABLE `entry_old_slugs` (
	`kind` text NOT NULL,
	`slug` text NOT NULL,
	`entry_id` integer,
	`at` integer NOT NULL,
	PRIMARY KEY(`kind`, `slug`),
	FOREIGN KEY (`entry_id`) REFERENCES `entries`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `entry_old_slugs_entry_idx` ON `entry_old_slugs` (`entry_id`);--> statement-breakpoint
CREATE TABLE `entry_versions` (
	`entry_id` integer NOT NULL,
	`version` integer NOT NULL,
	`text` text NOT NULL,
	`at` integer NOT NULL,
	`by_id` integer,
	`by` text NOT NULL,
	PRIMARY KEY(`entry_id`, `version`),
	FOREIGN KEY (`entry_id`) REFERENCES `entries`(`id`) ON UPDATE no action ON DELETE cascade
);
