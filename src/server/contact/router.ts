import { writeTransaction } from '../../../db';
import { contacts } from '../../../db/schema';
import { contactInput } from '../../shared/contact';
import { throttleAddress } from '../platform/address';
import { assertAllowed, recordEvent, type ThrottleRule } from '../platform/throttle';
import { notifyContact } from './notify';
import { publicProcedure, router } from '../http/trpc';
import { honeypotFirst, throttleFirst } from '../http/public-form';
import type { Context } from '../http/trpc';

export const CONTACT_THANKS = "Thank you for your message. We'll get back to you soon.";
const THROTTLED = 'Too many messages from your address.';

/** At most 5 stored messages per address (an IPv6 /64) in 10 minutes; refused ones do not count. */
export const CONTACT_SUBMISSIONS: ThrottleRule = { limit: 5, windowMs: 10 * 60_000 };
const contactBuckets = (ctx: Context) => [`contact:ip:${throttleAddress(ctx.req.ip)}`];

export const contactRouter = router({
  send: publicProcedure
    .use(honeypotFirst({ success: true, message: CONTACT_THANKS }))
    .use(throttleFirst(contactBuckets, CONTACT_SUBMISSIONS, THROTTLED))
    .input(contactInput)
    .mutation(async ({ ctx, input }): Promise<{ success: true; message: string }> => {
      const now = ctx.clock.now();
      const buckets = contactBuckets(ctx);
      // Stored before any mail is tried (docs/api.md): a mail failure never loses it.
      const stored = await writeTransaction(ctx.db, async (tx) => {
        await assertAllowed(tx, buckets, CONTACT_SUBMISSIONS, now, THROTTLED);
        const row = await tx
          .insert(contacts)
          .values({
            name: input.name,
            email: input.email,
            company: input.company ?? null,
            subject: input.subject,
            message: input.message,
            privacy: input.privacy,
            createdAt: now,
          })
          .returning()
          .get();
        await recordEvent(tx, buckets, now);
        return row;
      });
      ctx.logger.info('contact.stored', { requestId: ctx.req.requestId, contactId: stored.id });
      notifyContact(ctx, stored);
      return { success: true, message: CONTACT_THANKS };
    }),
});
