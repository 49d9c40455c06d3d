/**
 * The defaults company.ts reads (the brand's name and words, the demo video), apart from the
 * other default texts (site-content-defaults.ts, which re-exports them): company.ts is read
 * by the router app's first load, and the rest, the privacy policy and terms included, would
 * come with it (docs/performance.md, "The sign-in page's first load").
 */
import type { SiteContent } from './site-content';

export const defaultCompany: SiteContent['company'] = {
  name: 'Acme AI Engineering',
  shortName: 'Acme AI',
  tagline: 'Transforming businesses through cutting-edge AI solutions and expert consulting.',
  pageTitle: 'Acme AI Engineering | AI Consulting, Custom AI Solutions and Integration',
  description:
    'A flexible AI partner for organisations of every size: practical AI transformation, enterprise-grade AI engineering and measurable business results.',
};

export const defaultVideo: SiteContent['video'] = {
  /** The demo that comes with the site (public/media/, scripts/demo-video/make.ts). */
  source: 'demo',
  embedUrl: '',
  title: 'Facility analytics demo',
  description:
    'Plain-language questions about temperature and humidity across server rooms, freezers and storage areas, answered from live sensor data.',
};
