/**
 * The layers of docs/architecture.md ("The layers"), checked by `npm run check` (through
 * scripts/layers.ts, which also refuses loops between folders under src/server/ and src/client/):
 * shared <- platform <- site <- http <- audit <- mail <- foundation <- features <- app (the tiers
 * of src/server/, TIERS below), the features in their declared order (FEATURES below); db below
 * the server; no cycles anywhere. A rule's comment is the message a broken import gets.
 */
/** Tests may reach across layers to build a whole app; the layers bind production code. */
const TEST = '\\.test\\.tsx?$';
/**
 * A feature is any folder under src/server/ but the layers around them (the plumbing, the
 * site's readers every feature shares, the app composition), so a new folder is bound the day
 * it appears (a hand-kept list once left booking/ and media/ out).
 */
const FEATURE = '^src/server/(?!(?:http|platform|site|app)/)[^/]+/';

/**
 * The tiers of src/server/, lowest first: each imports only the tiers below it; folders of one
 * tier may import each other, never in a loop (scripts/layers.ts). A folder named in no tier is
 * a feature the day it appears. A type-only import vanishes at run time and binds nothing, as
 * for loops (docs/decisions/0037): mail/ and audit/ know identity's admin procedure by its type,
 * app/ passes it in.
 */
const TIERS = [
  {
    name: 'platform',
    folders: ['platform'],
    is: 'plumbing: config, logger, clock, keys, throttle, errors, database helpers',
  },
  {
    name: 'site',
    folders: ['site'],
    is: "the site's settings, words, media and brand as every feature reads them",
  },
  { name: 'http', folders: ['http'], is: 'the tRPC and REST plumbing' },
  { name: 'audit', folders: ['audit'], is: 'the audit log every change writes to' },
  {
    name: 'mail',
    folders: ['mail'],
    is: 'the mail layer: the outbox, the send loop, delivery reports, suppressions, the mailbox reader',
  },
  {
    name: 'foundation',
    folders: ['identity', 'media', 'search', 'analytics', 'ai', 'pdf'],
    is: 'what the features build on: the administrators and their sessions, uploads, search, counts, the AI model, the PDF writer',
  },
  {
    name: 'features',
    folders: undefined,
    is: "the product's features, each in its place in the features' order below",
  },
  { name: 'app', folders: ['app'], is: 'the app composition' },
];
const named = TIERS.flatMap((tier) => tier.folders ?? []);
/** A path pattern for the folders of `tier` (a feature: any folder no tier names). */
const tierPath = (tier) =>
  tier.folders
    ? `^src/server/(${tier.folders.join('|')})/`
    : `^src/server/(?!(?:${named.join('|')})/)[^/]+/`;
/** One rule a tier: nothing of it imports a tier above it. */
const tierRules = TIERS.slice(0, -1).map((tier, index) => {
  const below = TIERS.slice(0, index).map((lower) => lower.folders?.join(', ') ?? lower.name);
  const above = TIERS.slice(index + 1);
  return {
    name: `tier-${tier.name}`,
    severity: 'error',
    comment: `Tier ${index + 1} of ${TIERS.length}, ${tier.name} (${tier.is}), imports only the tiers below it${
      below.length > 0 ? ` (${below.join('; ')})` : ''
    }, never ${above.map((higher) => higher.name).join(', ')}: move what both need down, or let app/ pass it in (docs/architecture.md, "The layers").`,
    from: { path: tierPath(tier), pathNot: TEST },
    to: { path: above.map(tierPath).join('|'), dependencyTypesNot: ['type-only'] },
  };
});

/**
 * The features' order (docs/architecture.md "The features' order", docs/decisions/0054), lowest
 * first: each feature names the features it builds on, all of them before it in the list, and
 * may import those and what they build on in turn, no other feature. The order is the product's:
 * the site's content first, then the people it brings (newsletter, then leads, which gather a
 * person's data from both), what joins a lead (a message, a call, the assistant's hand-off), the
 * pages composed of it all, then the work sold to a lead (proposals, invoices, engagements), and
 * last what serves every feature (backups, operations, the owner's agent, pruning). A folder of
 * src/server/ in no tier and not in this list is refused by `npm run layers` until it is placed.
 */
const FEATURES = [
  { name: 'facts', is: 'the public facts and the carousel', buildsOn: [] },
  { name: 'entries', is: 'case studies and insights', buildsOn: [] },
  {
    name: 'proof',
    is: 'testimonials and client logos, shown with the entries',
    buildsOn: ['entries'],
  },
  {
    name: 'newsletter',
    is: 'the newsletter: sign-up, sending, the welcome sequence',
    buildsOn: [],
  },
  {
    name: 'leads',
    is: "the pipeline: every person who wrote, booked or subscribed, their data, the owner's replies",
    buildsOn: ['newsletter', 'proof', 'entries'],
  },
  { name: 'contact', is: 'the contact form: a message joins its lead', buildsOn: ['leads'] },
  { name: 'booking', is: 'booking a call: the call joins its lead', buildsOn: ['leads'] },
  {
    name: 'assistant',
    is: "the site assistant: its hand-off is the contact form's enquiry",
    buildsOn: ['contact'],
  },
  {
    name: 'content',
    is: 'the saved site content and the public pages it composes',
    buildsOn: ['entries', 'proof', 'assistant'],
  },
  { name: 'proposals', is: 'proposals to a lead, signed and paid', buildsOn: ['leads'] },
  { name: 'invoices', is: "invoices for a proposal's work", buildsOn: ['proposals', 'leads'] },
  {
    name: 'engagements',
    is: 'the work a signed proposal starts',
    buildsOn: ['proposals', 'invoices', 'leads', 'booking'],
  },
  { name: 'backups', is: 'backups: taking, listing, restoring', buildsOn: [] },
  { name: 'operations', is: 'probes, metrics, traces', buildsOn: ['backups'] },
  {
    name: 'mcp',
    is: "the owner's agent, over the features' procedures",
    buildsOn: [
      'facts',
      'entries',
      'newsletter',
      'leads',
      'booking',
      'proposals',
      'invoices',
      'engagements',
    ],
  },
  {
    name: 'maintenance',
    is: 'pruning what each feature keeps past its time',
    buildsOn: [
      'assistant',
      'booking',
      'contact',
      'leads',
      'newsletter',
      'proposals',
      'invoices',
      'engagements',
      'mcp',
    ],
  },
];
/** A declaration that cannot hold (a feature named twice, or built on one not before it) fails at once. */
FEATURES.forEach(({ name, buildsOn }, index) => {
  const before = FEATURES.slice(0, index).map((feature) => feature.name);
  if (named.includes(name) || before.includes(name)) {
    throw new Error(`.dependency-cruiser.cjs: feature ${name} is named twice`);
  }
  const unknown = buildsOn.filter((lower) => !before.includes(lower));
  if (unknown.length > 0) {
    throw new Error(
      `.dependency-cruiser.cjs: ${name} builds on ${unknown.join(', ')}, which must come before it in FEATURES`,
    );
  }
});
/** What a feature may import: what it builds on, and what those build on in turn. */
const reach = (name) => {
  const feature = FEATURES.find((one) => one.name === name);
  return [...new Set(feature.buildsOn.flatMap((lower) => [lower, ...reach(lower)]))];
};
/** One rule a feature: it imports no feature but what it builds on (reach). */
const featureRules = FEATURES.map(({ name, is, buildsOn }) => {
  const through = reach(name).filter((lower) => !buildsOn.includes(lower));
  const allowed =
    buildsOn.length === 0
      ? 'builds on no other feature'
      : `builds on ${buildsOn.join(', ')}${through.length > 0 ? ` (and through them on ${through.join(', ')})` : ''}`;
  return {
    name: `feature-${name}`,
    severity: 'error',
    comment: `In the features' order, ${name} (${is}) ${allowed}: it imports no other feature. Move what both need into a feature below both, or let app/ pass it in; a feature that truly builds on another says so in FEATURES of .dependency-cruiser.cjs (docs/architecture.md, "The features' order").`,
    from: { path: `^src/server/${name}/`, pathNot: TEST },
    to: {
      path: `^src/server/(?!(?:${[...named, name, ...reach(name)].join('|')})/)[^/]+/`,
      dependencyTypesNot: ['type-only'],
    },
  };
});

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...tierRules,
    ...featureRules,
    {
      name: 'no-cycle',
      severity: 'error',
      comment: 'Modules import each other in a loop: move what both need one layer down.',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'shared-is-shared',
      severity: 'error',
      comment: 'src/shared is used by client and server alike: it imports neither.',
      from: { path: '^src/shared/', pathNot: TEST },
      to: { path: '^(src/(client|server)/|db/|server\\.ts)' },
    },
    {
      name: 'server-not-client',
      severity: 'error',
      comment:
        'The server imports nothing from src/client (what both need lives in src/shared); the one seam is the page renderer (src/server/app/page-renderer.ts).',
      from: { path: '^(src/server/|db/)', pathNot: [TEST, '^src/server/app/page-renderer\\.ts$'] },
      to: { path: '^src/client/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'client-types-only-from-server',
      severity: 'error',
      comment: 'The browser bundle may know the server only by its types.',
      from: { path: '^src/client/', pathNot: TEST },
      to: { path: '^(src/server/|db/|server\\.ts)', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'client-types-only-from-shapes',
      severity: 'error',
      comment:
        "The answers' schemas (src/shared/shapes/) are the server's checks: the browser takes only their types, so no zod schema of theirs weighs on its bundle.",
      from: { path: '^(src/client/|src/shared/(?!shapes/))', pathNot: TEST },
      to: { path: '^src/shared/shapes/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'plumbing-uses-no-feature',
      severity: 'error',
      comment:
        "http/ and platform/ are plumbing every feature uses, site/ the site's readers they all share: they import no feature and not the app composition.",
      from: { path: '^src/server/(http|platform|site)/', pathNot: TEST },
      to: { path: `${FEATURE}|^src/server/app/` },
    },
    {
      name: 'db-below-server',
      severity: 'error',
      comment: 'db/ (schema, drivers, migrations, backups) imports no server code but platform/.',
      from: { path: '^db/', pathNot: TEST },
      to: { path: '^src/server/(?!platform/)' },
    },
    {
      name: 'mail-through-outbox',
      severity: 'error',
      comment:
        "Mail leaves only through the outbox (docs/mail.md): the SMTP library is platform/mail.ts's alone; a feature queues its mail with mail/outbox/ (queueMail, sendInBackground).",
      from: { path: '^(src|db|server\\.ts)', pathNot: [TEST, '^src/server/platform/mail\\.ts$'] },
      to: { path: '(^|/)node_modules/nodemailer/' },
    },
    {
      name: 'features-below-app',
      severity: 'error',
      comment:
        'The app composition (src/server/app/) sits above every feature; no feature imports it.',
      from: { path: FEATURE, pathNot: TEST },
      to: { path: '^src/server/app/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // nodemailer stays in the graph (not followed) for the mail-through-outbox rule.
    exclude: { path: '(^|/)(dist|data)/|(^|/)node_modules/(?!nodemailer/)|\\.gen\\.ts$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
    combinedDependencies: false,
  },
};
/**
 * The tiers for scripts/layers.ts, which names them in its output; not enumerable, for
 * dependency-cruiser's schema allows no key of a configuration's own.
 */
Object.defineProperty(module.exports, 'tiers', {
  value: TIERS,
  enumerable: false,
});
/** The features' order, for scripts/layers.ts likewise: it prints it and refuses a folder not in it. */
Object.defineProperty(module.exports, 'features', {
  value: FEATURES,
  enumerable: false,
});
