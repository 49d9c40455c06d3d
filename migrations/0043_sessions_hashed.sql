-- Written by hand: a session's row is now stored under the hash of the id its cookie names
-- (docs/accounts.md, "Sessions"), so no row written before this can be found by its cookie.
-- They end here, with what hangs on them (an address change waiting for its code): everyone
-- signs in again once.
DELETE FROM `email_changes`;--> statement-breakpoint
DELETE FROM `sessions`;
