/**
 * Recovery codes are written down and typed back from paper: they hold no character that
 * reads as another (l and 1 and I, 0 and O), and a code is taken back in any case, with or
 * without its dash. Codes are shown in lower case, so no capital ever appears; a lower-case
 * i, dotted, stays (10 characters from 32 keep the 50 bits the codes always had).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { writeTransaction } from '#db';
import { createTestDeps, type TestDeps } from '#tests/support/app';
import { insertUser } from '#tests/support/users';
import { recoveryCodeInput } from '#shared/second-factor';
import { replaceRecoveryCodes, spendRecoveryCode } from './recovery-codes';

let deps: TestDeps;

beforeEach(async () => {
  deps = await createTestDeps();
});

describe('recovery codes', () => {
  it('never hold a look-alike character (l, 1, I, 0, O, o)', async () => {
    const user = await insertUser(deps, 'alice');
    const codes: string[] = [];
    for (let round = 0; round < 40; round++) {
      codes.push(
        ...(await writeTransaction(deps.db, (tx) =>
          replaceRecoveryCodes(tx, deps.config.sessionSecret, user.id, deps.clock.now()),
        )),
      );
    }
    expect(codes).toHaveLength(400);
    for (const code of codes) {
      expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
      expect(code).not.toMatch(/[l1I0Oo]/);
    }
    // The other characters are all used: 10 characters from 32 keep the 50 bits they had.
    const used = new Set(codes.join('').replace(/-/g, ''));
    expect(used.size).toBe(32);
  });

  it('takes a generated code back, typed in capitals and without its dash, once', async () => {
    const user = await insertUser(deps, 'alice');
    // One with an 8 or a 9, the digits the codes did not use before.
    let code: string | undefined;
    while (code === undefined) {
      const codes = await writeTransaction(deps.db, (tx) =>
        replaceRecoveryCodes(tx, deps.config.sessionSecret, user.id, deps.clock.now()),
      );
      code = codes.find((each) => /[89]/.test(each));
    }
    const typed = code.replace('-', '').toUpperCase();
    expect(recoveryCodeInput.safeParse({ code: typed }).success).toBe(true);
    const spend = () =>
      writeTransaction(deps.db, (tx) =>
        spendRecoveryCode(tx, deps.config.sessionSecret, user.id, typed, deps.clock.now()),
      );
    expect(await spend()).toBe(true);
    expect(await spend()).toBe(false);
  });
});
