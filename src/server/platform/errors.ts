import { TRPCError } from '@trpc/server';

/**
 * The refusals that tell the client when to come back: a 429 (a throttle) or a 503 (the
 * database, mail or the sign-in hashes are busy or down). Both carry the seconds that
 * http/errors.ts turns into `Retry-After`, on every transport.
 */
export class ThrottledError extends TRPCError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super({ code: 'TOO_MANY_REQUESTS', message });
  }
}

export class UnavailableError extends TRPCError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
    cause?: unknown,
  ) {
    super({ code: 'SERVICE_UNAVAILABLE', message, cause });
  }
}

/**
 * A 409 about one field of the input (an address another entry has): the message, and the
 * field as the answer's one issue, so a form can show it under that field (docs/api.md).
 */
export class FieldConflict extends TRPCError {
  constructor(
    message: string,
    readonly field: string,
  ) {
    super({ code: 'CONFLICT', message });
  }
}

/**
 * A 409 naming several fields at once (what an invoice's seller profile lacks): the message,
 * and each field as an issue (docs/api.md, "Errors").
 */
export class FieldsConflict extends TRPCError {
  constructor(
    message: string,
    readonly issues: readonly { path: string; message: string }[],
  ) {
    super({ code: 'CONFLICT', message });
  }
}

/**
 * A 400 about one field that only the database can judge (an `entryId` no entry has, a
 * testimonial published without its `consent`): the message, and the field as the answer's
 * one issue, as a zod issue would name it (docs/api.md, "Errors").
 */
export class FieldInvalid extends TRPCError {
  constructor(
    message: string,
    readonly field: string,
  ) {
    super({ code: 'BAD_REQUEST', message });
  }
}

/** The 503 answer when the database cannot be reached or stays busy. */
export const DATABASE_UNAVAILABLE =
  'The service is briefly unavailable. Please try again in a moment.';
const DATABASE_RETRY_AFTER_SECONDS = 5;

/** The database's temporary trouble: a 503 that says when to try again. */
export class DatabaseUnavailable extends UnavailableError {
  constructor(cause: unknown) {
    super(DATABASE_UNAVAILABLE, DATABASE_RETRY_AFTER_SECONDS, cause);
  }
}

/** A refusal meant for the person at the keyboard (command line, start-up); printed as is. */
export class UserError extends Error {}

/**
 * A 410: a link that did work and no longer does (an engagement's link replaced, revoked, or
 * its engagement closed long ago; a testimonial request expired, decided or withdrawn;
 * docs/engagements.md). tRPC has no such code: the one error
 * mapping (http/errors.ts) answers it 410 on every transport.
 */
export class LinkGone extends TRPCError {
  constructor(message: string) {
    super({ code: 'NOT_FOUND', message });
  }
}
