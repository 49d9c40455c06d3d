CREATE TABLE `backup_lease` (
	`id` integer PRIMARY KEY NOT NULL,
	`holder` text NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `backup_runs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`started_at` integer NOT NULL,
	`finished_at` integer NOT NULL,
	`ok` integer NOT NULL,
	`key` text,
	`places` text DEFAULT '' NOT NULL,
	`size` integer,
	`error` text,
	`mailed` integer DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE INDEX `backup_runs_finished_idx` ON `backup_runs` (`finished_at`);