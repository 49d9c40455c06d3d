/**
 * The layers of docs/architecture.md ("Layers"), checked by `npm run check` (through
 * scripts/layers.ts, which also refuses loops between folders under src/server/):
 * shared <- platform <- http <- features <- app; db below the server; no cycles anywhere.
 * A rule's comment is the message a broken import gets.
 */
/** Tests may reach across layers to build a whole app; the layers bind production code. */
const TEST = '\\.test\\.tsx?$';
/**
 * A feature is any folder under src/server/ but the three layers around them, so a new folder
 * is bound the day it appears (a hand-kept list once left booking/ and media/ out).
 */
const FEATURE = '^src/server/(?!(?:http|platform|app)/)[^/]+/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
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
        'http/ and platform/ are plumbing every feature uses: they import no feature and not the app composition.',
      from: { path: '^src/server/(http|platform)/', pathNot: TEST },
      to: { path: `${FEATURE}|^src/server/app/` },
    },
    {
      name: 'platform-below-http',
      severity: 'error',
      comment: 'platform/ (config, logger, mail, throttle, clock) sits below http/.',
      from: { path: '^src/server/platform/', pathNot: TEST },
      to: { path: '^src/server/http/', dependencyTypesNot: ['type-only'] },
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
        "Mail leaves only through the outbox (docs/mail.md): the SMTP library is platform/mail.ts's alone; a feature queues its mail with platform/outbox/ (queueMail, sendInBackground).",
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
