ALTER TABLE `subscribers` ADD `confirmation_queued_at` integer;--> statement-breakpoint
ALTER TABLE `subscribers` ADD `confirmation_resent_at` integer;--> statement-breakpoint
CREATE INDEX `subscribers_confirmation_queue_idx` ON `subscribers` (`confirmation_queued_at`);