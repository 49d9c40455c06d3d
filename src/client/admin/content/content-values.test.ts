import { describe, expect, it } from 'vitest';
import { defaultSiteContent } from '#shared/site-content-defaults';
import { checkContent, linesOf, valueAt, withValue } from './content-values';

describe('content form values', () => {
  it('reads and changes a field by its path, leaving the original alone', () => {
    const changed = withValue(defaultSiteContent, ['services', 1, 'features', 3], 'New');
    expect(valueAt(changed, ['services', 1, 'features', 3])).toBe('New');
    expect(defaultSiteContent.services[1].features[3]).toBe(
      'Secure deployment into your infrastructure',
    );
    expect(changed.services[0]).toBe(defaultSiteContent.services[0]);
  });

  it("puts the server's messages under the field they name", () => {
    const bad = withValue(
      withValue(defaultSiteContent, ['services', 1, 'features', 3], ''),
      ['founder', 'aiYears'],
      'four',
    );
    const check = checkContent(bad);
    expect(check.ok).toBe(false);
    expect(check.errors).toEqual({
      'services.1.features.3': 'Required',
      'founder.aiYears': 'Years must be a whole number from 0 to 80',
    });
    expect(checkContent(defaultSiteContent)).toMatchObject({ ok: true, errors: {} });
  });

  it('takes the footer links one per line', () => {
    expect(linesOf('A\n\n B \n')).toEqual(['A', ' B ']);
  });
});
