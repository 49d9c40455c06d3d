CREATE TABLE `ai_usage` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`feature` text NOT NULL,
	`model` text NOT NULL,
	`month` text NOT NULL,
	`input_tokens` integer DEFAULT 0 NOT NULL,
	`output_tokens` integer DEFAULT 0 NOT NULL,
	`reserved` integer DEFAULT 0 NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `ai_usage_month_idx` ON `ai_usage` (`month`);--> statement-breakpoint
ALTER TABLE `leads` ADD `triage_label` text;--> statement-breakpoint
ALTER TABLE `leads` ADD `triage_reason` text;--> statement-breakpoint
ALTER TABLE `leads` ADD `triage_summary` text;--> statement-breakpoint
ALTER TABLE `leads` ADD `triage_at` integer;--> statement-breakpoint
ALTER TABLE `leads` ADD `triage_model` text;