/**
 * Everything the public site says about the business, in one place. Change the values here
 * (docs/admin-guide.md, "Changing the site's texts"); components only read this module.
 *
 * This module is plain data with no imports, so the server can read it too (the demo video's
 * host goes into the Content-Security-Policy's frame-src).
 */

export interface ServiceCard {
  title: string;
  description: string;
  /** Exactly four (docs/product.md, "Header and footer"). */
  features: readonly [string, string, string, string];
}

export interface ValueItem {
  title: string;
  description: string;
}

export const company = {
  /** Placeholder brand: replace with the real company name. */
  name: 'Acme AI Engineering',
  shortName: 'Acme AI',
  /** Used for storage keys ('{slug}-theme'; public/boot.js repeats it) and the manifest. */
  slug: 'acme-ai',
  tagline: 'Transforming businesses through cutting-edge AI solutions and expert consulting.',
  /** Public address of the site, for canonical links, sharing cards and the sitemap. */
  siteUrl: 'https://www.example.com',
  pageTitle: 'Acme AI Engineering | AI Consulting, Custom AI Solutions and Integration',
  description:
    'A flexible AI partner for organisations of every size: practical AI transformation, enterprise-grade AI engineering and measurable business results.',
} as const;

export const contactDetails = {
  /** Placeholder number from the range reserved for fiction. */
  phone: '+1 (555) 010-0000',
  phoneHref: 'tel:+15550100000',
  email: 'hello@example.com',
  office: 'Falls Church, Virginia',
  /** Placeholder profile page: replace with the company's professional-network page. */
  profileUrl: 'https://www.linkedin.com/company/example',
  profileName: 'LinkedIn',
} as const;

/** The founder is described by role only; no personal details are invented. */
export const founder = {
  role: 'Founder & Principal AI Engineer',
  softwareYears: 20,
  aiYears: 4,
} as const;

export const hero = {
  headlineStart: 'Unlocking Your',
  headlineHighlight: 'AI Value',
  intro:
    'Your flexible AI partner for practical transformation: enterprise-grade AI engineering expertise that delivers measurable results for organisations of every size.',
} as const;

export const valueItems: readonly ValueItem[] = [
  {
    title: 'Expert AI Implementation',
    description:
      'Two decades of software engineering and hands-on AI delivery turn promising ideas into dependable production systems.',
  },
  {
    title: 'Custom AI Solutions',
    description:
      'Models, agents and integrations designed around your data, workflows and constraints, not a one-size-fits-all product.',
  },
  {
    title: 'Measurable Business Impact',
    description:
      'Every engagement is tied to clear success metrics, so you can see the return on your AI investment.',
  },
];

export const services: readonly ServiceCard[] = [
  {
    title: 'Custom AI Solution Development',
    description:
      'Purpose-built AI systems, from specialty models to autonomous agents, engineered around your data and business goals.',
    features: [
      'Training specialty models on your domain data',
      'Fine-tuning large language models (LLMs)',
      'Semantic search and retrieval-augmented generation (RAG)',
      'AI agents and workflow automation',
    ],
  },
  {
    title: 'AI Technology Assessment & Integration',
    description:
      'A clear view of where AI fits your organisation, followed by integration that works with the systems you already run.',
    features: [
      'AI readiness and opportunity assessment',
      'Model, platform and vendor evaluation',
      'MCP server integration with your existing tools',
      'Secure deployment into your infrastructure',
    ],
  },
  {
    title: 'Strategic AI Partnerships & Implementation',
    description:
      'A long-term partner who plans, delivers and supports AI initiatives from the first pilot to enterprise scale.',
    features: [
      'AI roadmap and strategy development',
      'Pilot-to-production delivery',
      'Team enablement and knowledge transfer',
      'Ongoing monitoring, evaluation and support',
    ],
  },
];

/** The footer's service links, all pointing at #services. */
export const footerServices: readonly string[] = [
  'Training Specialty Models',
  'Fine-Tuning LLMs',
  'Semantic Search & RAG',
  'AI Agents & Automation',
  'MCP Server Integration',
];

/** Shown without links: the product has no legal pages yet. */
export const legalEntries: readonly string[] = [
  'Terms of Service',
  'Privacy Policy',
  'Cookie Policy',
  'Responsible AI',
];

export const demoVideo = {
  /**
   * Embed address of the demo video, e.g. 'https://www.youtube-nocookie.com/embed/VIDEO_ID'.
   * Null: the poster is shown with a note instead of a player. The server allows this
   * address's origin in the Content-Security-Policy's frame-src.
   */
  embedUrl: null as string | null,
  title: 'Facility analytics demo',
  description:
    'Plain-language questions about temperature and humidity across server rooms, freezers and storage areas, answered from live sensor data.',
};
