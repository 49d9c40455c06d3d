/**
 * The welcome sequence's stop lives in platform/outbox/sequence-exit.ts, below the features
 * that stop it (contact, booking, newsletter), so booking imports nothing from newsletter
 * (docs/architecture.md, "The layers"). Kept for the newsletter's own imports until they point
 * there.
 */
export { sequenceExitUnlessSet, stopSequence } from '#server/platform/outbox/sequence-exit';
