ALTER TABLE `contacts` ADD `read_at` integer;--> statement-breakpoint
CREATE INDEX `contacts_subject_idx` ON `contacts` (`subject`,`id`);--> statement-breakpoint
CREATE INDEX `contacts_unread_idx` ON `contacts` (`id`) WHERE "contacts"."read_at" is null;