CREATE TABLE `newsletter_recipients` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`newsletter_id` integer NOT NULL,
	`subscriber_id` integer NOT NULL,
	`email` text NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`claimed_at` integer,
	`claimed_by` text,
	`sent_at` integer,
	`last_error` text,
	FOREIGN KEY (`newsletter_id`) REFERENCES `newsletters`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `newsletter_recipients_once_idx` ON `newsletter_recipients` (`newsletter_id`,`subscriber_id`);--> statement-breakpoint
CREATE INDEX `newsletter_recipients_due_idx` ON `newsletter_recipients` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `newsletter_recipients_progress_idx` ON `newsletter_recipients` (`newsletter_id`,`status`);--> statement-breakpoint
CREATE TABLE `newsletters` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`subject` text NOT NULL,
	`body` text NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer NOT NULL,
	`sent_at` integer
);
