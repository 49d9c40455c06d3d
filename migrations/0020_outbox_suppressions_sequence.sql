CREATE TABLE `newsletter_sequence` (
	`id` integer PRIMARY KEY NOT NULL,
	`enabled` integer DEFAULT false NOT NULL,
	`steps` text DEFAULT '[]' NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`priority` integer NOT NULL,
	`bulk` integer DEFAULT false NOT NULL,
	`to_email` text NOT NULL,
	`subject` text NOT NULL,
	`message` text NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`next_attempt_at` integer NOT NULL,
	`claimed_by` text,
	`claimed_at` integer,
	`ref` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`sent_at` integer
);
--> statement-breakpoint
CREATE INDEX `outbox_due_idx` ON `outbox` (`status`,`priority`,`next_attempt_at`,`id`);--> statement-breakpoint
CREATE INDEX `outbox_created_idx` ON `outbox` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `outbox_ref_idx` ON `outbox` (`ref`);--> statement-breakpoint
CREATE TABLE `suppressions` (
	`email` text PRIMARY KEY NOT NULL,
	`reason` text NOT NULL,
	`detail` text DEFAULT '' NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `subscribers` ADD `sequence_step` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `subscribers` ADD `sequence_exited` text;