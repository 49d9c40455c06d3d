PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_proposals` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`lead_id` integer,
	`number` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`previous_id` integer,
	`title` text NOT NULL,
	`summary` text DEFAULT '' NOT NULL,
	`items` text DEFAULT '[]' NOT NULL,
	`currency` text NOT NULL,
	`deposit_kind` text,
	`deposit_value` integer,
	`total` integer DEFAULT 0 NOT NULL,
	`deposit_amount` integer DEFAULT 0 NOT NULL,
	`valid_until` text,
	`terms` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`token_hash` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`created_by` text,
	`updated_at` integer NOT NULL,
	`sent_at` integer,
	`viewed_at` integer,
	`decided_at` integer,
	`decline_reason` text,
	`acceptance` text,
	`document_hash` text,
	FOREIGN KEY (`lead_id`) REFERENCES `leads`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
INSERT INTO `__new_proposals`("id", "lead_id", "number", "version", "previous_id", "title", "summary", "items", "currency", "deposit_kind", "deposit_value", "total", "deposit_amount", "valid_until", "terms", "status", "token_hash", "created_at", "created_by", "updated_at", "sent_at", "viewed_at", "decided_at", "decline_reason", "acceptance", "document_hash") SELECT "id", "lead_id", "number", "version", "previous_id", "title", "summary", "items", "currency", "deposit_kind", "deposit_value", "total", "deposit_amount", "valid_until", "terms", "status", "token_hash", "created_at", "created_by", "updated_at", "sent_at", "viewed_at", "decided_at", "decline_reason", "acceptance", "document_hash" FROM `proposals`;--> statement-breakpoint
DROP TABLE `proposals`;--> statement-breakpoint
ALTER TABLE `__new_proposals` RENAME TO `proposals`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `proposals_token_idx` ON `proposals` (`token_hash`) WHERE "proposals"."token_hash" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX `proposals_version_idx` ON `proposals` (`number`,`version`);--> statement-breakpoint
CREATE INDEX `proposals_lead_idx` ON `proposals` (`lead_id`,`id`);--> statement-breakpoint
CREATE INDEX `proposals_status_idx` ON `proposals` (`status`,`id`);