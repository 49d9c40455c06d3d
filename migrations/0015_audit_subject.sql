ALTER TABLE `audit_events` ADD `subject` text;--> statement-breakpoint
ALTER TABLE `audit_events` ADD `subject_kind` text;--> statement-breakpoint
ALTER TABLE `audit_events` ADD `subject_id` integer;