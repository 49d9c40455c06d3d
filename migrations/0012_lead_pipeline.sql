CREATE TABLE `lead_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`lead_id` integer NOT NULL,
	`at` integer NOT NULL,
	`kind` text NOT NULL,
	`actor` text,
	`text` text,
	`contact_id` integer,
	`status` text,
	`from_status` text,
	`subject` text,
	`to_email` text,
	`mail_id` text,
	`in_reply_to` text,
	`references` text,
	`delivery` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer,
	`claimed_at` integer,
	`claimed_by` text,
	`last_error` text,
	`read_at` integer,
	`start` integer,
	FOREIGN KEY (`lead_id`) REFERENCES `leads`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`contact_id`) REFERENCES `contacts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `lead_events_lead_idx` ON `lead_events` (`lead_id`,`at`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `lead_events_mail_idx` ON `lead_events` (`mail_id`) WHERE "lead_events"."mail_id" is not null;--> statement-breakpoint
CREATE INDEX `lead_events_delivery_idx` ON `lead_events` (`delivery`,`next_attempt_at`) WHERE "lead_events"."delivery" is not null;--> statement-breakpoint
CREATE INDEX `lead_events_unread_idx` ON `lead_events` (`lead_id`) WHERE "lead_events"."kind" = 'reply_received' and "lead_events"."read_at" is null;--> statement-breakpoint
CREATE TABLE `leads` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`name` text NOT NULL,
	`company` text,
	`status` text DEFAULT 'new' NOT NULL,
	`value` integer,
	`lost_reason` text,
	`source` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`last_activity_at` integer NOT NULL,
	`first_reply_at` integer,
	`follow_up_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `leads_email_nocase_idx` ON `leads` (lower("email"));--> statement-breakpoint
CREATE INDEX `leads_activity_idx` ON `leads` (`last_activity_at`,`id`);--> statement-breakpoint
CREATE INDEX `leads_created_idx` ON `leads` (`created_at`);--> statement-breakpoint
CREATE INDEX `leads_status_activity_idx` ON `leads` (`status`,`last_activity_at`,`id`);--> statement-breakpoint
CREATE INDEX `leads_follow_up_idx` ON `leads` (`follow_up_at`) WHERE "leads"."follow_up_at" is not null;--> statement-breakpoint
CREATE TABLE `mailbox_cursors` (
	`mailbox` text PRIMARY KEY NOT NULL,
	`uid_validity` text NOT NULL,
	`last_uid` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
-- drizzle-kit leaves out the column's ON DELETE; erasing a lead erases its messages.
ALTER TABLE `contacts` ADD `lead_id` integer REFERENCES leads(id) ON DELETE cascade;--> statement-breakpoint
CREATE INDEX `contacts_id_lead_idx` ON `contacts` (`id`,`lead_id`);--> statement-breakpoint
CREATE INDEX `contacts_lead_idx` ON `contacts` (`lead_id`,`id`);--> statement-breakpoint
-- Written by hand: a lead for every address that wrote before leads existed (the name and
-- company of its latest message), each message linked to it and on its timeline.
INSERT INTO `leads` (`email`, `name`, `company`, `status`, `created_at`, `last_activity_at`)
SELECT `c`.`email`, `c`.`name`, `c`.`company`, 'new', `g`.`first_at`, `g`.`last_at`
FROM (
	SELECT max(`id`) AS `latest`, min(`created_at`) AS `first_at`, max(`created_at`) AS `last_at`
	FROM `contacts` GROUP BY lower(`email`)
) AS `g`
JOIN `contacts` AS `c` ON `c`.`id` = `g`.`latest`
ORDER BY `g`.`first_at`;
--> statement-breakpoint
UPDATE `contacts` SET `lead_id` = (SELECT `id` FROM `leads` WHERE lower(`leads`.`email`) = lower(`contacts`.`email`));
--> statement-breakpoint
INSERT INTO `lead_events` (`lead_id`, `at`, `kind`, `contact_id`)
SELECT `lead_id`, `created_at`, 'message', `id` FROM `contacts` ORDER BY `id`;
