/**
 * The scrypt cost of every new hash (docs/api.md, "Security"): N = 2^17, 128 MiB per hash.
 * A module of its own so that the server test projects can lower it for their thousands of
 * hashes (tests/support/scrypt-cost.ts); passwords.test.ts checks this value.
 */
export const PASSWORD_COST = { ln: 17, r: 8, p: 1 } as const;
