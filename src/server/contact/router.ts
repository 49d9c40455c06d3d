import { insertWhere } from '../../../db/insert-where';
import { recordConversion } from '../analytics/record';
import { contacts, type ContactRow } from '../../../db/schema';
import { contactInput } from '../../shared/contact';
import { addressBucket } from '../platform/throttle-buckets';
import { throttledInsert, type ThrottleRule } from '../platform/throttle';
import { notifyContact } from './notify';
import { publicProcedure, router } from '../http/trpc';
import { honeypotFirst, throttleOutranksInput } from '../http/public-form';
import type { Context } from '../http/trpc';

export const CONTACT_THANKS = "Thank you for your message. We'll get back to you soon.";
const THROTTLED = 'Too many messages from your address.';

/** At most 5 stored messages per address (an IPv6 /64) in 10 minutes; refused ones do not count. */
export const CONTACT_SUBMISSIONS: ThrottleRule = { limit: 5, windowMs: 10 * 60_000 };
const contactBuckets = (ctx: Context) => [
  addressBucket('contact', ctx.config.sessionSecret, ctx.req.ip),
];

/**
 * Stores a message, its search index entry (by trigger) and the throttle's event, or refuses
 * it, in one batch: one request to a libSQL server.
 */
const storeContact = throttledInsert(
  CONTACT_SUBMISSIONS,
  THROTTLED,
  ['name', 'email', 'company', 'subject', 'message', 'privacy', 'createdAt'],
  (db, room, values) => insertWhere(db, contacts, values, room).returning({ id: contacts.id }),
);

export const contactRouter = router({
  send: publicProcedure
    .meta({ rest: { method: 'POST', path: '/api/contact', status: 201, body: 'json' } })
    .use(honeypotFirst({ success: true, message: CONTACT_THANKS }))
    .use(throttleOutranksInput(contactBuckets, CONTACT_SUBMISSIONS, THROTTLED))
    .input(contactInput)
    .mutation(async ({ ctx, input }): Promise<{ success: true; message: string }> => {
      const now = ctx.clock.now();
      const values = {
        name: input.name,
        email: input.email,
        company: input.company ?? null,
        subject: input.subject,
        message: input.message,
        privacy: input.privacy,
        createdAt: now,
      };
      // Stored before any mail is tried (docs/api.md): a mail failure never loses it.
      const [returned] = await storeContact(ctx.db, contactBuckets(ctx), now, values);
      const stored: ContactRow = { id: Number(returned?.[0]), ...values, readAt: null };
      ctx.logger.info('contact.stored', { requestId: ctx.req.requestId, contactId: stored.id });
      recordConversion(ctx, 'contact');
      notifyContact(ctx, stored);
      return { success: true, message: CONTACT_THANKS };
    }),
});
