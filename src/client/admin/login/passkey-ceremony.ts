/**
 * The passkey sign-in's WebAuthn code, loaded when a ceremony starts (the button, or the
 * username field's autofill where the address and the browser allow it), not with the page:
 * the sign-in page's first load stays light (docs/performance.md, "The sign-in page's first
 * load").
 */
export {
  browserSupportsWebAuthnAutofill,
  startAuthentication,
  WebAuthnAbortService,
} from '@simplewebauthn/browser';
export { ceremonyOutcome } from '../passkeys/ceremony-errors';
