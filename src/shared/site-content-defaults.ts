/**
 * The site's words until the owner first saves the Content screen (docs/content.md): the
 * placeholder texts the site has always shipped with, and a starting privacy policy that says
 * what this software stores. The owner edits it and remains responsible for it.
 */
import type { SiteContent } from './site-content';
import { DEFAULT_PRIVACY_MARKDOWN } from './site-content-privacy';
import { DEFAULT_TERMS_MARKDOWN } from './site-content-terms';
import { defaultCompany, defaultVideo } from './site-content-company';

// In a module of their own: company.ts reads them, and the router app's first load with it
// (docs/performance.md, "The sign-in page's first load").
export { defaultCompany, defaultVideo };

export const defaultContact: SiteContent['contact'] = {
  // Placeholder number from the range reserved for fiction.
  phone: '+1 (555) 010-0000',
  email: 'hello@example.com',
  office: 'Falls Church, Virginia',
  profileUrl: 'https://www.linkedin.com/company/example',
  profileName: 'LinkedIn',
};

/** The founder is described by role only; no personal details are invented. */
export const defaultFounder: SiteContent['founder'] = {
  name: '',
  role: 'Founder & Principal AI Engineer',
  softwareYears: 20,
  aiYears: 4,
};

export const defaultHero: SiteContent['hero'] = {
  headlineStart: 'Unlocking Your',
  headlineHighlight: 'AI Value',
  intro:
    'Your flexible AI partner for practical transformation: enterprise-grade AI engineering expertise that delivers measurable results for organisations of every size.',
};

export const defaultValueItems: SiteContent['valueItems'] = [
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

export const defaultServices: SiteContent['services'] = [
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

export const defaultCta: SiteContent['cta'] = {
  title: 'Ready to Transform Your Organization with AI?',
  text: 'Start with a free consultation: we look at your goals and data together and outline where AI can make a measurable difference.',
  button: 'Book a Free Consultation',
};

export const defaultAbout: SiteContent['about'] = {
  title: 'Meet Your AI Partner',
  text: [
    'That work includes AI projects in the defence sector, where reliability, security and accountability are not optional. The same standards apply to every client, from a first prototype for a small team to platforms used across an enterprise.',
    'You work directly with the engineer who designs and builds your solution: no hand offs, clear communication and results you can measure.',
  ].join('\n\n'),
};

export const defaultFooterServices: SiteContent['footerServices'] = [
  'Training Specialty Models',
  'Fine-Tuning LLMs',
  'Semantic Search & RAG',
  'AI Agents & Automation',
  'MCP Server Integration',
];

export const defaultLegal: SiteContent['legal'] = {
  privacy: DEFAULT_PRIVACY_MARKDOWN,
  terms: DEFAULT_TERMS_MARKDOWN,
  cookies: '',
  responsibleAi: '',
};

/** The spec's words around the sections (docs/content.md). */
// Typed on its own, as the acknowledgement's: the schema takes it as the section's default.
export const defaultHeadings: {
  heroBadge: string;
  heroServicesButton: string;
  valueTitle: string;
  servicesTitle: string;
  servicesIntro: string;
  factsEyebrow: string;
  factsTitle: string;
  newsletterText: string;
} = {
  heroBadge: 'AI engineering consultancy',
  heroServicesButton: 'Explore Services',
  valueTitle: 'Why work with us',
  servicesTitle: 'Three-Pillar Service Approach',
  servicesIntro:
    'From a first assessment to production systems and a lasting partnership: pick the pillar you need today and add the others when you are ready.',
  factsEyebrow: 'Did you know?',
  factsTitle: 'AI Facts',
  newsletterText: 'Occasional insights on practical AI, straight to your inbox.',
};

/**
 * Off until the owner turns it on. The mail signs the body with the saved company name, so the
 * starting text ends with the greeting only.
 */
// Typed on its own: the content's schema takes it as the section's default, and a type read
// back from SiteContent would be circular.
export const defaultAcknowledgement: { enabled: boolean; subject: string; body: string } = {
  enabled: false,
  subject: 'Thank you for your message',
  body: [
    'Thank you for getting in touch. This is a short note to confirm that your message has reached us.',
    'We read every enquiry ourselves and will reply within one business day.',
    'Kind regards,',
  ].join('\n\n'),
};

/** All of it: what `content.get` answers until the first save. */
export const defaultSiteContent: SiteContent = {
  company: defaultCompany,
  contact: defaultContact,
  founder: defaultFounder,
  hero: defaultHero,
  valueItems: defaultValueItems,
  services: defaultServices,
  cta: defaultCta,
  about: defaultAbout,
  video: defaultVideo,
  footerServices: defaultFooterServices,
  legal: defaultLegal,
  headings: defaultHeadings,
  acknowledgement: defaultAcknowledgement,
};
