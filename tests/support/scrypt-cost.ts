/**
 * Vitest setup file of the server projects: the hashes the server makes in-process (a new
 * password, an invitation accepted, the unknown name's dummy check) use scrypt's lowest
 * accepted cost (1 MiB, about 2 ms) instead of the production 128 MiB (0.3 s or more on a busy
 * machine, and the identity tests make hundreds). The code is the same; only the number in
 * src/server/identity/passwords/scrypt-cost.ts differs. passwords.test.ts loads the real one
 * and checks it, and the servers the system and browser tests start as processes keep it.
 */
import { vi } from 'vitest';

vi.mock('#server/identity/passwords/scrypt-cost', () => ({
  PASSWORD_COST: { ln: 10, r: 8, p: 1 },
}));
