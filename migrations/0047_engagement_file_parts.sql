CREATE TABLE `engagement_file_parts` (
	`file_id` integer NOT NULL,
	`seq` integer NOT NULL,
	`bytes` blob NOT NULL,
	PRIMARY KEY(`file_id`, `seq`),
	FOREIGN KEY (`file_id`) REFERENCES `engagement_files`(`id`) ON UPDATE no action ON DELETE cascade
);
