import { describe, expect, it } from 'vitest';
import {
  isVideoEmbedUrl,
  phoneHref,
  siteContentSchema,
  videoFrameOrigin,
  type SiteContent,
} from './site-content';
import { defaultSiteContent } from './site-content-defaults';

function issuePaths(content: unknown): string[] {
  const result = siteContentSchema.safeParse(content);
  return result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));
}

function changed(edit: (copy: SiteContent) => void): SiteContent {
  const copy = structuredClone(defaultSiteContent);
  edit(copy);
  return copy;
}

describe('site content schema', () => {
  it('accepts the defaults as they are', () => {
    expect(siteContentSchema.parse(defaultSiteContent)).toEqual(defaultSiteContent);
  });

  it('names the exact field of each problem', () => {
    const bad = changed((c) => {
      c.services[1].features[3] = '';
      c.contact.email = 'not an address';
      c.contact.profileUrl = 'javascript:alert(1)';
      c.hero.headlineStart = 'x'.repeat(81);
      c.founder.aiYears = 1.5;
    });
    expect(issuePaths(bad).sort()).toEqual([
      'contact.email',
      'contact.profileUrl',
      'founder.aiYears',
      'hero.headlineStart',
      'services.1.features.3',
    ]);
  });

  it('wants three services of four features, three value items, 1-8 footer links', () => {
    const raw = structuredClone(defaultSiteContent) as unknown as {
      services: { features: string[] }[];
      valueItems: unknown[];
      footerServices: string[];
    };
    raw.services[0]?.features.push('a fifth');
    raw.valueItems.pop();
    raw.footerServices = [];
    expect(issuePaths(raw).sort()).toEqual(['footerServices', 'services.0.features', 'valueItems']);
  });

  it('accepts only embed addresses of the allowed video hosts', () => {
    expect(isVideoEmbedUrl('')).toBe(true);
    expect(isVideoEmbedUrl('https://www.youtube-nocookie.com/embed/abc_DEF-1')).toBe(true);
    expect(isVideoEmbedUrl('https://player.vimeo.com/video/12345?h=9')).toBe(true);
    expect(isVideoEmbedUrl('https://www.youtube.com/watch?v=abc')).toBe(false);
    expect(isVideoEmbedUrl('http://www.youtube.com/embed/abc')).toBe(false);
    expect(isVideoEmbedUrl('https://evil.example/embed/abc')).toBe(false);
    expect(isVideoEmbedUrl('https://www.youtube.com/embed/abc/../../x')).toBe(false);
    expect(videoFrameOrigin('https://player.vimeo.com/video/1')).toBe('https://player.vimeo.com');
    expect(videoFrameOrigin('')).toBeNull();
    expect(issuePaths(changed((c) => (c.video.embedUrl = 'https://x.example/a')))).toEqual([
      'video.embedUrl',
    ]);
  });

  it('trims fields and refuses line breaks in one-line fields', () => {
    const parsed = siteContentSchema.parse(changed((c) => (c.hero.headlineStart = '  Hello  ')));
    expect(parsed.hero.headlineStart).toBe('Hello');
    expect(issuePaths(changed((c) => (c.company.name = 'a\nb')))).toEqual(['company.name']);
  });

  it('turns a written phone number into a tel: address', () => {
    expect(phoneHref('+1 (555) 010-0000')).toBe('tel:+15550100000');
    expect(phoneHref('020 7946 0000')).toBe('tel:02079460000');
  });
});
