/** Business constants (timings, sizes, limits), shared by client and server. */
export const TWO_FACTOR_CODE_LENGTH = 6;

export const REDIRECT_AFTER_LOGIN_MS = 1000;
export const REDIRECT_AFTER_LOGOUT_MS = 500;
export const REDIRECT_WHEN_AUTHENTICATED_MS = 800;
export const REDIRECT_PROTECTED_MS = 500;

export const CONFETTI_BURSTS = [
  { delayMs: 0, particleCount: 50, spread: 70 },
  { delayMs: 250, particleCount: 70, spread: 90 },
  { delayMs: 400, particleCount: 100, spread: 120 },
] as const;
export const CONFETTI_ORIGIN = { x: 0.5, y: 0.7 } as const;
export const CONFETTI_ACTIVE_MS = 3000;
export const CONFETTI_Z_INDEX = 100;

export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_HOTKEY = 'F8';

/** Field limits (docs/api.md, "Validation"). */
export const LIMITS = {
  nameMin: 2,
  nameMax: 100,
  emailMax: 254,
  companyMax: 100,
  messageMin: 10,
  messageMax: 5000,
  factTextMin: 5,
  factTextMax: 1000,
  sourceMin: 2,
  sourceMax: 300,
  tagMax: 40,
  usernameMax: 100,
  passwordMin: 12,
  passwordMax: 1024,
  /** Longer message searches are no use against fields of at most 5,000 characters. */
  searchMax: 200,
} as const;
