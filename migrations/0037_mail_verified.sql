ALTER TABLE `delivery_reports` ADD `mail_id` integer;--> statement-breakpoint
CREATE INDEX `delivery_reports_mail_idx` ON `delivery_reports` (`mail_id`);--> statement-breakpoint
ALTER TABLE `outbox` ADD `message_id` text;--> statement-breakpoint
CREATE INDEX `outbox_message_id_idx` ON `outbox` (`message_id`);--> statement-breakpoint
-- Written by hand: a sent mail keeps no text (docs/mail.md, "How long mail is kept"), so the
-- links and codes in mails sent before this are dropped now, as the sender drops them from now on.
UPDATE `outbox` SET `message` = '{"text":"(removed once sent: kept by what it was about)"}' WHERE `status` = 'sent';
