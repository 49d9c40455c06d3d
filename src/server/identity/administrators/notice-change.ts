/**
 * What a notice e-mail tells of (docs/accounts.md, "Notice e-mails"): notice-sentence.ts says it
 * in a sentence, notice-advice.ts says what to do if it was not expected, notice-mail.ts sends it.
 */

/** What changed, in one sentence each (docs/accounts.md, "Notice e-mails"). */
export type AccountChange =
  | { kind: 'password' }
  /** Set anew through a "Forgot your password?" link and the second factor. */
  | { kind: 'passwordReset' }
  | { kind: 'emailChanged'; to: string }
  | { kind: 'emailRemoved' }
  | { kind: 'passkeyAdded'; name: string }
  /** An MCP access token, made on the Account screen or granted to an app (docs/mcp.md). */
  | { kind: 'accessTokenCreated'; name: string }
  | { kind: 'totpEnabled' }
  | { kind: 'totpDisabled' }
  | { kind: 'codesGuessed' }
  | { kind: 'recoveryCodeUsed'; left: number }
  | { kind: 'recoveryCodesRegenerated' }
  /** Another administrator (`by`) reset the second factor from the Administrators screen. */
  | { kind: 'secondFactorReset'; by: string }
  /** Another administrator (`by`) ended every session of the account (Administrators screen). */
  | { kind: 'signedOutEverywhere'; by: string }
  /**
   * Told to every administrator (identity/administrators/admin-notice.ts): `name` was invited or removed by
   * `by`, or joined.
   */
  | { kind: 'adminInvited'; name: string; by: string }
  | { kind: 'adminJoined'; name: string }
  | { kind: 'adminRemoved'; name: string; by: string }
  /**
   * Told to every other administrator: `name`'s account, which had none, now has a second
   * factor (`factor`). Until then its password alone was enough to take it (docs/accounts.md).
   */
  | { kind: 'adminFirstFactor'; name: string; factor: FirstFactor };

/** The second factor that was an account's first. */
export type FirstFactor = 'email' | 'app' | 'passkey';
