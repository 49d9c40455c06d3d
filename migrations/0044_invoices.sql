CREATE TABLE `invoice_numbers` (
	`series` text NOT NULL,
	`year` integer NOT NULL,
	`last` integer NOT NULL,
	PRIMARY KEY(`series`, `year`)
);
--> statement-breakpoint
CREATE TABLE `invoice_payments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`invoice_id` integer NOT NULL,
	`amount` integer NOT NULL,
	`currency` text NOT NULL,
	`provider` text NOT NULL,
	`provider_ref` text,
	`paid_at` integer NOT NULL,
	`note` text,
	`recorded_by` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`invoice_id`) REFERENCES `invoices`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `invoice_payments_invoice_idx` ON `invoice_payments` (`invoice_id`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `invoice_payments_ref_idx` ON `invoice_payments` (`provider`,`provider_ref`) WHERE "invoice_payments"."provider_ref" is not null;--> statement-breakpoint
CREATE TABLE `invoice_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`profile` text NOT NULL,
	`updated_at` integer NOT NULL,
	`updated_by` text
);
--> statement-breakpoint
CREATE TABLE `invoices` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text DEFAULT 'invoice' NOT NULL,
	`role` text DEFAULT 'standalone' NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`number` text,
	`lead_id` integer,
	`proposal_id` integer,
	`credits_invoice_id` integer,
	`credited_lines` text,
	`currency` text NOT NULL,
	`issue_date` text,
	`due_date` text,
	`supply_date` text,
	`supply_from` text,
	`supply_to` text,
	`items` text DEFAULT '[]' NOT NULL,
	`exemption_text` text,
	`note` text,
	`payment_terms` text,
	`seller` text,
	`buyer` text,
	`deposits` text DEFAULT '[]' NOT NULL,
	`net` integer DEFAULT 0 NOT NULL,
	`tax` integer DEFAULT 0 NOT NULL,
	`gross` integer DEFAULT 0 NOT NULL,
	`prepaid` integer DEFAULT 0 NOT NULL,
	`document_hash` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`created_by` text,
	`updated_at` integer NOT NULL,
	`issued_at` integer,
	`sent_at` integer,
	`viewed_at` integer,
	FOREIGN KEY (`lead_id`) REFERENCES `leads`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`proposal_id`) REFERENCES `proposals`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_number_idx` ON `invoices` (`number`) WHERE "invoices"."number" is not null;--> statement-breakpoint
CREATE INDEX `invoices_lead_idx` ON `invoices` (`lead_id`,`id`);--> statement-breakpoint
CREATE INDEX `invoices_status_idx` ON `invoices` (`status`,`id`);--> statement-breakpoint
CREATE INDEX `invoices_issue_date_idx` ON `invoices` (`issue_date`);--> statement-breakpoint
CREATE INDEX `invoices_credits_idx` ON `invoices` (`credits_invoice_id`) WHERE "invoices"."credits_invoice_id" is not null;--> statement-breakpoint
ALTER TABLE `leads` ADD `buyer` text;