import { describe, expect, it } from 'vitest';
import {
  CONTENT_MESSAGES,
  phoneHref,
  siteContentSchema,
  videoEmbedAddress,
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

  it.each([
    [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    ],
    [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s&list=PL1&si=abc',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=42',
    ],
    [
      'https://youtube.com/watch?feature=share&v=abc_DEF-123&t=1m30s',
      'https://www.youtube-nocookie.com/embed/abc_DEF-123?start=90',
    ],
    [
      'https://m.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    ],
    ['https://youtu.be/dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    [
      'https://youtu.be/dQw4w9WgXcQ?si=xyz&t=7',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=7',
    ],
    [
      'https://www.youtube.com/embed/dQw4w9WgXcQ?rel=0',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    ],
    [
      'https://youtube-nocookie.com/embed/dQw4w9WgXcQ',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    ],
    [
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=5',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=5',
    ],
    [
      '  www.youtube.com/watch?v=dQw4w9WgXcQ  ',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    ],
    ['http://youtu.be/dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://vimeo.com/123456', 'https://player.vimeo.com/video/123456'],
    ['https://vimeo.com/123456/abcdef0123', 'https://player.vimeo.com/video/123456?h=abcdef0123'],
    ['https://player.vimeo.com/video/123456', 'https://player.vimeo.com/video/123456'],
    [
      'https://player.vimeo.com/video/123456?h=9f8e&autoplay=1',
      'https://player.vimeo.com/video/123456?h=9f8e',
    ],
  ])('takes the address people copy, %s, as the player address %s', (input, expected) => {
    expect(videoEmbedAddress(input)).toBe(expected);
  });

  it.each([
    '',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'https://evil.example/embed/abc',
    'https://www.youtube.com.evil.example/watch?v=abc',
    'https://evil.example/?u=https://youtu.be/abc',
    'https://www.youtube.com/watch',
    'https://www.youtube.com/watch?v=',
    'https://www.youtube.com/embed/',
    'https://youtu.be/',
    'https://www.youtube.com/embed/abc/../../x',
    'https://www.youtube.com/watch?v=a%22onload%3D',
    'https://www.youtube.com/channel/UC123',
    'https://user:pw@www.youtube.com/watch?v=abc',
    'https://www.youtube.com:8443/watch?v=abc',
    'ftp://youtu.be/abc',
    'https://vimeo.com/',
    'https://vimeo.com/channels/staffpicks',
    'https://player.vimeo.com/video/',
    'https://player.vimeo.com/video/abc',
    'https://vimeo.com/123456/not-a-hash!',
  ])('refuses %j', (input) => {
    expect(videoEmbedAddress(input)).toBeNull();
  });

  it('frames only a chosen YouTube or Vimeo video: the demo and none frame nothing', () => {
    expect(
      videoFrameOrigin({ source: 'embed', embedUrl: 'https://player.vimeo.com/video/1' }),
    ).toBe('https://player.vimeo.com');
    expect(videoFrameOrigin({ source: 'embed', embedUrl: 'https://youtu.be/abc' })).toBe(
      'https://www.youtube-nocookie.com',
    );
    expect(videoFrameOrigin({ source: 'demo', embedUrl: '' })).toBeNull();
    expect(videoFrameOrigin({ source: 'none', embedUrl: '' })).toBeNull();
  });

  it('stores a chosen video as its player address, and refuses a bad one on the address field', () => {
    const parsed = siteContentSchema.parse(
      changed((c) => {
        c.video.source = 'embed';
        c.video.embedUrl = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s';
      }),
    );
    expect(parsed.video).toMatchObject({
      source: 'embed',
      embedUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=42',
    });
    for (const embedUrl of ['https://x.example/a', '', 'javascript:alert(1)']) {
      const result = siteContentSchema.safeParse(
        changed((c) => {
          c.video.source = 'embed';
          c.video.embedUrl = embedUrl;
        }),
      );
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
        ['video.embedUrl', CONTENT_MESSAGES.videoUrl],
      ]);
    }
    const unknown = structuredClone(defaultSiteContent) as unknown as { video: { source: string } };
    unknown.video.source = 'vhs';
    expect(issuePaths(unknown)).toEqual(['video.source']);
  });

  it('keeps no address for the demo or no video, so a stale one cannot block a save', () => {
    for (const source of ['demo', 'none'] as const) {
      const parsed = siteContentSchema.parse(
        changed((c) => {
          c.video.source = source;
          c.video.embedUrl = 'not an address at all';
        }),
      );
      expect(parsed.video).toMatchObject({ source, embedUrl: '' });
    }
  });

  it('defaults to the demo that comes with the site', () => {
    expect(defaultSiteContent.video).toMatchObject({ source: 'demo', embedUrl: '' });
  });

  it('reads content saved before the choice existed: an address is that video, empty the demo', () => {
    const old = (embedUrl: string) => {
      const copy = structuredClone(defaultSiteContent) as unknown as { video: object };
      const { title, description } = defaultSiteContent.video;
      copy.video = { embedUrl, title, description };
      return copy;
    };
    expect(siteContentSchema.parse(old('')).video).toMatchObject({ source: 'demo', embedUrl: '' });
    expect(
      siteContentSchema.parse(old('https://www.youtube.com/embed/abc123?rel=0')).video,
    ).toMatchObject({ source: 'embed', embedUrl: 'https://www.youtube-nocookie.com/embed/abc123' });
    expect(
      siteContentSchema.parse(old('https://player.vimeo.com/video/76979871')).video,
    ).toMatchObject({ source: 'embed', embedUrl: 'https://player.vimeo.com/video/76979871' });
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
