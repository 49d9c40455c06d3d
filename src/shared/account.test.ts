import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_MESSAGES,
  guessablePasswordProblem,
  newPasswordField,
  newPasswordProblem,
  passwordStrength,
} from './account';

describe('the new-password rule', () => {
  it('takes 12 to 1024 characters, with the same messages for the screen, the API and the CLI', () => {
    expect(newPasswordProblem('x'.repeat(11))).toBe(ACCOUNT_MESSAGES.newPasswordShort);
    expect(newPasswordProblem('x'.repeat(12))).toBeNull();
    expect(newPasswordProblem('x'.repeat(1025))).toBe(ACCOUNT_MESSAGES.newPasswordLong);
    expect(newPasswordProblem('twelve chars\uD800')).toBe(ACCOUNT_MESSAGES.newPasswordText);
    expect(newPasswordField.safeParse('short').error?.issues[0]?.message).toBe(
      ACCOUNT_MESSAGES.newPasswordShort,
    );
    expect(newPasswordField.safeParse('long enough now').success).toBe(true);
  });
});

describe('the guessable-password rule', () => {
  const context = { username: 'Alice', companyNames: ['Acme AI Engineering', 'Acme AI'] };

  it('refuses 3 or fewer distinct characters, and one piece repeated', () => {
    for (const password of ['aaaaaaaaaaaa', 'abababababab', 'abcabcabcabc', 'passwordpassword']) {
      expect(guessablePasswordProblem(password, context)).toBe(
        ACCOUNT_MESSAGES.newPasswordRepetitive,
      );
    }
  });

  it('refuses the username and the company’s name in any case, spaces and marks aside', () => {
    expect(guessablePasswordProblem('my name is ALICE!', context)).toBe(
      ACCOUNT_MESSAGES.newPasswordUsername,
    );
    expect(guessablePasswordProblem('welcome to acme ai engineering', context)).toBe(
      ACCOUNT_MESSAGES.newPasswordCompany,
    );
    expect(guessablePasswordProblem('xx-AcmeAi-2026!', context)).toBe(
      ACCOUNT_MESSAGES.newPasswordCompany,
    );
  });

  it('looks for no name shorter than 4 characters, and takes ordinary passphrases', () => {
    const short = { username: 'al', companyNames: ['ACE'] };
    expect(guessablePasswordProblem('always a calm ace pilot', short)).toBeNull();
    expect(guessablePasswordProblem('correct horse battery staple', context)).toBeNull();
  });
});

describe('passwordStrength', () => {
  it('scores what the rule refuses 0', () => {
    expect(passwordStrength('')).toEqual({ score: 0, label: 'Too short' });
    expect(passwordStrength('Sh0rt!')).toEqual({ score: 0, label: 'Too short' });
  });

  it('keeps common passwords, repeats and runs low however long', () => {
    expect(passwordStrength('password1234').score).toBe(1);
    expect(passwordStrength('Password123456789!').score).toBeLessThanOrEqual(2);
    expect(passwordStrength('aaaaaaaaaaaaaaaaaaaaaaaa').score).toBe(1);
    expect(passwordStrength('abcdefghijkl').score).toBe(1);
  });

  it('rises with length and variety', () => {
    const plain = passwordStrength('mellow tundra');
    const varied = passwordStrength('Mellow-tundra 42');
    const long = passwordStrength('Mellow-tundra 42, gravel & fern');
    expect(plain.score).toBeLessThan(varied.score);
    expect(varied.score).toBeLessThanOrEqual(long.score);
    expect(long).toEqual({ score: 4, label: 'Strong' });
  });
});
