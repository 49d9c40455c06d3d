import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultSiteContent } from './site-content-defaults';
import { homeHeadTags, robotsTxt, sitemapXml, structuredData, webManifest } from './seo';

const publicFile = (name: string) =>
  readFileSync(path.resolve(__dirname, '../../public', name), 'utf8');

describe('search engine and sharing files', () => {
  it('public/ holds what the build generates from the content module (dev server copies)', () => {
    expect(publicFile('robots.txt')).toBe(robotsTxt());
    expect(publicFile('sitemap.xml')).toBe(sitemapXml());
    expect(JSON.parse(publicFile('manifest.webmanifest'))).toEqual(webManifest());
  });

  it('robots.txt keeps crawlers out of /admin and points at the sitemap', () => {
    expect(robotsTxt()).toContain('Disallow: /admin\n');
    expect(robotsTxt()).toContain('Sitemap: https://www.example.com/sitemap.xml');
  });

  it('head tags: title, description, canonical, Open Graph, Twitter and JSON-LD', () => {
    const head = homeHeadTags();
    expect(head).toContain('<title>Acme AI Engineering | ');
    expect(head).toContain('<meta name="description" content="A flexible AI partner');
    expect(head).toContain('<link rel="canonical" href="https://www.example.com/" />');
    expect(head).toContain(
      '<meta property="og:image" content="https://www.example.com/og-image.png" />',
    );
    expect(head).toContain('<meta name="twitter:card" content="summary_large_image" />');
    const json = /<script type="application\/ld\+json">(.*)<\/script>/.exec(head)?.[1];
    expect(JSON.parse(json!)).toEqual(structuredData());
  });

  it('describes the business as a ProfessionalService with its contact details', () => {
    expect(structuredData()).toMatchObject({
      '@type': 'ProfessionalService',
      telephone: '+1 (555) 010-0000',
      email: 'hello@example.com',
      address: { addressLocality: 'Falls Church, Virginia' },
    });
  });

  it('follows saved content: title, description, JSON-LD and the legal pages in the sitemap', () => {
    const content = structuredClone(defaultSiteContent);
    content.company.pageTitle = 'Zed & Co <AI>';
    content.contact.office = 'Leeds';
    content.services[0].title = 'Agents';
    content.legal.privacy = '';
    content.legal.terms = '# Terms';
    const head = homeHeadTags(content);
    expect(head).toContain('<title>Zed &amp; Co &lt;AI&gt;</title>');
    expect(structuredData(content)).toMatchObject({
      address: { addressLocality: 'Leeds' },
      hasOfferCatalog: { itemListElement: [{ itemOffered: { name: 'Agents' } }, {}, {}] },
    });
    const sitemap = sitemapXml(content);
    expect(sitemap).toContain('<loc>https://www.example.com/terms</loc>');
    expect(sitemap).not.toContain('/privacy');
  });
});
