-- Written by hand: replies now go through the outbox (docs/leads.md, "Replies"), and the
-- replies' own queue and its sender are gone. A reply still waiting in that queue, or left in
-- a stopped sender's hands, would wait forever: it is marked failed, and its Send again
-- writes it into the outbox. Whether one in hand went out is unknown, as for any interrupted send.
UPDATE `lead_events` SET `delivery` = 'failed', `last_error` = 'not sent before replies moved to the outbox: send it again', `claimed_by` = NULL, `claimed_at` = NULL WHERE `kind` = 'reply_sent' AND `delivery` = 'sending';
