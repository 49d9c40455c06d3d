import { describe, expect, it } from 'vitest';
import {
  consentInput,
  logoInput,
  publishHint,
  testimonialInput,
  testimonialValues,
} from './proof-values';
import { proofIssues } from './proof-issues';

describe('the consent record as sent', () => {
  it('is none when both halves are blank, and as typed when either is filled', () => {
    expect(consentInput({ at: '', how: '  ' })).toBeNull();
    expect(consentInput({ at: '2026-05-03', how: '' })).toEqual({ at: '2026-05-03', how: '' });
    expect(consentInput({ at: '', how: 'e-mail of 3 May' })).toEqual({
      at: '',
      how: 'e-mail of 3 May',
    });
  });

  it('goes with the testimonial’s fields; no case study is null, the lead left out', () => {
    const values = testimonialValues();
    expect(testimonialInput({ ...values, quote: 'Great', name: 'Ada' })).toEqual({
      quote: 'Great',
      name: 'Ada',
      role: '',
      company: '',
      entryId: null,
      consent: null,
    });
    expect(
      testimonialInput({
        ...values,
        entryId: '7',
        consent: { at: '2026-05-03', how: 'e-mail of 3 May' },
      }),
    ).toMatchObject({ entryId: 7, consent: { at: '2026-05-03', how: 'e-mail of 3 May' } });
    expect(logoInput({ name: 'Acme', url: '', consent: { at: '', how: '' } })).toEqual({
      name: 'Acme',
      url: '',
      consent: null,
    });
  });

  it('says beside Publish what it still needs', () => {
    const none = { consent: { at: '', how: '' } };
    const given = { consent: { at: '2026-05-03', how: 'e-mail of 3 May' } };
    expect(publishHint(none)).toBe('Publishing needs the client’s consent.');
    expect(publishHint(none, true)).toBe('Publishing needs the client’s consent and an image.');
    expect(publishHint(given, true)).toBe('Publishing needs an image.');
    expect(publishHint(given)).toBe('Publishing saves your changes first.');
  });
});

describe('a refusal by field', () => {
  it('keeps each path the editors show, and puts anything else on the form', () => {
    expect(proofIssues(new Error('Failed to fetch'))).toEqual({
      form: 'The server could not be reached. Check your connection and try again.',
    });
  });
});
