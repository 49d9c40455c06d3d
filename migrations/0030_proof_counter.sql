-- Hand-written: the home page shows the published testimonials and client logos
-- (src/server/proof/home-proof.ts) and is kept rendered in each instance's memory until this
-- counter or `published_entries` moves (src/server/content/pages.ts), so a publish on any
-- instance shows on every instance's next request.
INSERT INTO `change_counters` (`name`, `value`) VALUES ('published_proof', 0);
--> statement-breakpoint
CREATE TRIGGER `published_proof_testimonials_insert` AFTER INSERT ON `testimonials` BEGIN
	UPDATE `change_counters` SET `value` = `value` + 1 WHERE `name` = 'published_proof';
END;
--> statement-breakpoint
CREATE TRIGGER `published_proof_testimonials_update` AFTER UPDATE ON `testimonials` BEGIN
	UPDATE `change_counters` SET `value` = `value` + 1 WHERE `name` = 'published_proof';
END;
--> statement-breakpoint
CREATE TRIGGER `published_proof_testimonials_delete` AFTER DELETE ON `testimonials` BEGIN
	UPDATE `change_counters` SET `value` = `value` + 1 WHERE `name` = 'published_proof';
END;
--> statement-breakpoint
CREATE TRIGGER `published_proof_logos_insert` AFTER INSERT ON `client_logos` BEGIN
	UPDATE `change_counters` SET `value` = `value` + 1 WHERE `name` = 'published_proof';
END;
--> statement-breakpoint
CREATE TRIGGER `published_proof_logos_update` AFTER UPDATE ON `client_logos` BEGIN
	UPDATE `change_counters` SET `value` = `value` + 1 WHERE `name` = 'published_proof';
END;
--> statement-breakpoint
CREATE TRIGGER `published_proof_logos_delete` AFTER DELETE ON `client_logos` BEGIN
	UPDATE `change_counters` SET `value` = `value` + 1 WHERE `name` = 'published_proof';
END;
