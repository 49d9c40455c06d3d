CREATE TABLE `analytics_daily` (
	`day` text PRIMARY KEY NOT NULL,
	`visitors` integer DEFAULT 0 NOT NULL,
	`pageviews` integer DEFAULT 0 NOT NULL,
	`contacts` integer DEFAULT 0 NOT NULL,
	`subscriptions` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `analytics_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`at` integer NOT NULL,
	`day` text NOT NULL,
	`name` text NOT NULL,
	`path` text,
	`utm_source` text,
	`utm_medium` text,
	`utm_campaign` text,
	`referrer_host` text,
	`device` text NOT NULL,
	`browser` text NOT NULL,
	`visitor` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `analytics_events_day_name_idx` ON `analytics_events` (`day`,`name`);--> statement-breakpoint
CREATE INDEX `analytics_events_visitor_idx` ON `analytics_events` (`day`,`visitor`,`at`);--> statement-breakpoint
CREATE TABLE `analytics_salts` (
	`day` text PRIMARY KEY NOT NULL,
	`salt` text NOT NULL
);
