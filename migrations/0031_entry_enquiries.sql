CREATE TABLE `analytics_entry_enquiries` (
	`day` text NOT NULL,
	`path` text NOT NULL,
	`enquiries` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`day`, `path`)
);
