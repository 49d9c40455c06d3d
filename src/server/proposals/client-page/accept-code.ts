/**
 * Proof of an address other than the lead's before it may sign (docs/proposals.md, "The
 * client's page"): a 6-digit code mailed to that address, kept only as a keyed hash bound to
 * the proposal and the address, valid 10 minutes, 5 tries; the same codes and hashes as the
 * e-mailed sign-in codes (identity/second-factors/two-factor.ts).
 */
import { and, desc, eq, gt, ne } from 'drizzle-orm';
import { writeTransaction, type Db } from '#db';
import { proposalCodes } from '#db/schema';
import { PROPOSAL_PAGE_MESSAGES as M } from '#shared/proposal-page/texts';
import type { Context } from '#server/http/trpc';
import { FieldInvalid, UnavailableError } from '#server/platform/errors';
import { release, take } from '#server/platform/throttle';
import type { MailSite } from '#server/site/site-brand';
import { queueMail } from '#server/mail/outbox/queue-mail';
import { deliverNow } from '#server/mail/outbox/send-mail';
import {
  CODE_TTL_MS,
  codeMatches,
  generateCode,
  hashCode,
  MAX_WRONG_CODES,
} from '#server/identity/second-factors/two-factor';
import { acceptCodeMail, type MailedProposal } from './mails';
import { PROPOSAL_CODES } from './throttle-rules';

/** Seconds a client is asked to wait when a code could not be mailed. */
const MAIL_RETRY_SECONDS = 60;

/** The answer that a code went out: a 400 about `code`, which the page turns into its field. */
export class CodeSent extends FieldInvalid {
  constructor(message: string) {
    super(message, 'code');
  }
}

/** Where the address stands once its code was looked at, inside the accept's transaction. */
export type AddressProof =
  | { kind: 'proven' }
  | { kind: 'mail'; again: boolean; codeId: number; mailId: number; places: number[] }
  | { kind: 'wrong'; triesLeft: number };

const scope = (proposalId: number, email: string) => `proposal-accept:${proposalId}:${email}`;

/**
 * Inside the accept's write transaction: checks the code given for `email` (lower case), or
 * writes a new one and queues its mail when none is given or none is live. A wrong code counts
 * (the fifth spends it), in this same write.
 */
export async function proveAddress(
  tx: Db,
  ctx: Context,
  target: { proposal: MailedProposal; email: string; code: string | undefined; site: MailSite },
  now: Date,
): Promise<AddressProof> {
  const { proposal, email, code } = target;
  const secret = ctx.config.sessionSecret;
  const mine = and(eq(proposalCodes.proposalId, proposal.id), eq(proposalCodes.email, email));
  const live =
    code === undefined
      ? undefined
      : await tx
          .select()
          .from(proposalCodes)
          .where(and(mine, gt(proposalCodes.expiresAt, now)))
          // The newest: an older one lives on only while the newer one's mail is under way.
          .orderBy(desc(proposalCodes.id))
          .get();
  if (code !== undefined && live) {
    if (codeMatches(secret, scope(proposal.id, email), code, live.codeHash)) {
      await tx.delete(proposalCodes).where(mine);
      return { kind: 'proven' };
    }
    const attempts = live.attempts + 1;
    if (attempts >= MAX_WRONG_CODES) {
      await tx.delete(proposalCodes).where(eq(proposalCodes.id, live.id));
    } else {
      await tx.update(proposalCodes).set({ attempts }).where(eq(proposalCodes.id, live.id));
    }
    return { kind: 'wrong', triesLeft: MAX_WRONG_CODES - attempts };
  }
  if (!ctx.mailer.canDeliver) throw new UnavailableError(M.mailUnavailable, MAIL_RETRY_SECONDS);
  const taken = await take(
    tx,
    { bucket: `${PROPOSAL_CODES.kind}:proposal:${proposal.id}`, rule: PROPOSAL_CODES },
    now,
  );
  const fresh = await generateCode();
  const row = await tx
    .insert(proposalCodes)
    .values({
      proposalId: proposal.id,
      email,
      codeHash: hashCode(secret, scope(proposal.id, email), fresh).toString('hex'),
      expiresAt: new Date(now.getTime() + CODE_TTL_MS),
      createdAt: now,
    })
    .returning({ id: proposalCodes.id })
    .get();
  // Into the outbox with the code (docs/mail.md), sent by this request: the client waits for it.
  const mailId = await queueMail(
    tx,
    { kind: 'code', message: acceptCodeMail(email, target.site, proposal, fresh) },
    now,
  );
  return { kind: 'mail', again: code !== undefined, codeId: row.id, mailId, places: taken.ids };
}

/**
 * After the accept's transaction: sends the code's mail and answers what the client does next
 * (always a refusal: the acceptance waits for the code). A mail that did not go takes its code
 * and its place back, and is a 503.
 */
export async function sendCode(
  ctx: Context,
  proof: Extract<AddressProof, { kind: 'mail' }>,
  target: { proposalId: number; email: string },
): Promise<never> {
  if ((await deliverNow(ctx, proof.mailId)) !== 'sent') {
    await writeTransaction(ctx.db, async (tx) => {
      await tx.delete(proposalCodes).where(eq(proposalCodes.id, proof.codeId));
      await release(tx, proof.places);
    });
    ctx.logger.error('proposal.code_mail_failed', {
      requestId: ctx.req.requestId,
      proposalId: target.proposalId,
      mailId: proof.mailId,
    });
    throw new UnavailableError(M.codeMailFailed, MAIL_RETRY_SECONDS);
  }
  // Sent: older codes for this address give way to it.
  await writeTransaction(ctx.db, (tx) =>
    tx
      .delete(proposalCodes)
      .where(
        and(
          eq(proposalCodes.proposalId, target.proposalId),
          eq(proposalCodes.email, target.email),
          ne(proposalCodes.id, proof.codeId),
        ),
      ),
  );
  throw new CodeSent(proof.again ? M.codeAgain(target.email) : M.codeSent(target.email));
}

/** A wrong code's answer: 400 about `code`, with the tries left. */
export function wrongCode(triesLeft: number): FieldInvalid {
  return new FieldInvalid(triesLeft > 0 ? M.codeWrong(triesLeft) : M.codeSpent, 'code');
}
