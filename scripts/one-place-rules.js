/**
 * Lint rules that keep a rule written once (docs/architecture.md, "Written once"): each knows
 * its one place, and a copy written elsewhere fails `npm run lint` with the way to it. Plain
 * JavaScript, since eslint.config.js loads it as it is; scripts/one-place-rules.test.ts plants
 * a copy for each and sees it refused.
 */
import path from 'node:path';

/** The file being linted, from the repository's root, with forward slashes. */
const fileOf = (context) => path.relative(context.cwd, context.filename).split(path.sep).join('/');

/** A rule that reports `message` wherever `visitors` call `report(node)`, but in `places`. */
function onePlace(places, message, visitors) {
  return {
    meta: { type: 'problem', schema: [], messages: { copy: message } },
    create(context) {
      const file = fileOf(context);
      if (places.some((place) => (place.endsWith('/') ? file.startsWith(place) : file === place))) {
        return {};
      }
      return visitors((node) => context.report({ node, messageId: 'copy' }), context);
    },
  };
}

/** The name an import or export specifier stands for (an identifier, or a string name). */
const nameOf = (node) => (node.type === 'Identifier' ? node.name : String(node.value));

const SHAPES_MODULE = /(^|\/)shapes\/[^/]+$/;

const shapes = onePlace(
  ['src/shared/shapes/'],
  'An answer\'s shape is imported from src/shared/shapes/ where it is used, never exported again under another module\'s name (docs/architecture.md, "Written once").',
  (report) => {
    const imported = new Set();
    const fromShapes = (node) => node.source && SHAPES_MODULE.test(node.source.value);
    return {
      ImportDeclaration(node) {
        if (!SHAPES_MODULE.test(node.source.value)) return;
        for (const specifier of node.specifiers) imported.add(specifier.local.name);
      },
      ExportAllDeclaration(node) {
        if (fromShapes(node)) report(node);
      },
      ExportNamedDeclaration(node) {
        if (fromShapes(node)) return report(node);
        const alias = node.declaration;
        // `export type Second = Shape;`: the same type under a second name.
        if (
          alias?.type === 'TSTypeAliasDeclaration' &&
          alias.typeAnnotation.type === 'TSTypeReference' &&
          alias.typeAnnotation.typeName.type === 'Identifier' &&
          !alias.typeAnnotation.typeArguments &&
          imported.has(alias.typeAnnotation.typeName.name)
        ) {
          report(node);
        }
        for (const specifier of node.specifiers) {
          if (imported.has(nameOf(specifier.local))) report(specifier);
        }
      },
    };
  },
);

const escapeHtml = onePlace(
  ['src/shared/escape-html.ts'],
  'escapeHtml is written once: import it from #shared/escape-html (src/shared/escape-html.ts).',
  (report) => ({
    'FunctionDeclaration[id.name=/^escape_?html$/i], VariableDeclarator[id.name=/^escape_?html$/i]':
      report,
    ExportSpecifier(node) {
      if (/^escape_?html$/i.test(nameOf(node.exported))) report(node);
    },
    ImportDeclaration(node) {
      if (node.source.value.endsWith('escape-html')) return;
      const named = node.specifiers.filter((s) => s.type === 'ImportSpecifier');
      if (named.some((s) => nameOf(s.imported) === 'escapeHtml')) report(node);
    },
  }),
);

const crossSite = onePlace(
  ['src/server/http/cross-site.ts'],
  "The cross-site check is written once: isCrossSite (src/server/http/cross-site.ts), for the API and for a page's form posts alike.",
  (report) => ({
    Literal(node) {
      if (typeof node.value === 'string' && node.value.toLowerCase() === 'sec-fetch-site') {
        report(node);
      }
    },
  }),
);

const pageRefusal = onePlace(
  [
    'src/server/http/',
    // Not pages: a batch's Retry-After (the composition), an MCP tool's result.
    'src/server/app/app.ts',
    'src/server/mcp/server.ts',
  ],
  "A page maps a procedure's error with pageRefusal (src/server/http/page-refusal.ts): the statuses it shows, Retry-After, the log line. toHttpError is the transports' own.",
  (report) => ({
    ImportDeclaration(node) {
      const named = node.specifiers.filter((s) => s.type === 'ImportSpecifier');
      if (named.some((s) => nameOf(s.imported) === 'toHttpError')) report(node);
    },
  }),
);

const linkToken = onePlace(
  ['src/server/platform/link-misses.ts'],
  "A link's token is looked up with lookedUpToken (src/server/platform/link-misses.ts): it hashes the token, finds the row by the hash and counts a miss.",
  (report, context) => ({
    "CallExpression[callee.name='lookedUpLink']"(node) {
      const scope = context.sourceCode
        .getAncestors(node)
        .findLast((n) => n.type.includes('Function'));
      const text = context.sourceCode.getText(scope ?? context.sourceCode.ast);
      if (/\btokenHash\(/.test(text)) report(node);
    },
  }),
);

/** The numbers multiplied in `node`, a chain of `*` (other factors are left out). */
function factorsOf(node) {
  if (node.type === 'BinaryExpression' && node.operator === '*') {
    return [...factorsOf(node.left), ...factorsOf(node.right)];
  }
  return node.type === 'Literal' && typeof node.value === 'number' ? [node.value] : [];
}

const days = onePlace(
  ['src/shared/calendar-days.ts'],
  "A day's length is written once: DAY_MS, DAY_SECONDS, DAY_MINUTES, daysAfter, daysBefore and addDays in src/shared/calendar-days.ts.",
  (report) => ({
    // A day's length under a name of its own (a pattern of a day's text, a RegExp, is not one).
    'VariableDeclarator[id.name=/^(ONE_|MS_PER_|SECONDS_PER_)?DAYS?(_MS|_SECONDS|_MINUTES|_IN_MS)?$/]'(
      node,
    ) {
      if (!node.init?.regex) report(node);
    },
    // 24 * 60 * 60, 24 * 60 * 60_000, 24 * 3_600_000, 7 * 24 * 60 * 60_000 ...
    BinaryExpression(node) {
      if (node.operator !== '*') return;
      if (node.parent.type === 'BinaryExpression' && node.parent.operator === '*') return;
      const factors = factorsOf(node);
      const product = factors.reduce((a, b) => a * b, 1);
      if (factors.includes(24) && product % 86_400 === 0) report(node);
    },
    // 86_400 seconds, or whole days in milliseconds (86_400_000, 864_000_000 ...).
    Literal(node) {
      const value = node.value;
      if (typeof value !== 'number') return;
      if (value === 86_400 || (value > 0 && value % 86_400_000 === 0)) report(node);
    },
  }),
);

const namedBatch = onePlace(
  ['db/'],
  "A batch's rows are read by name, never by a statement's place: writeNamedBatch (db/named-batch.ts), or takeInBatch with batchStatements' named statements.",
  (report) => ({
    "CallExpression[callee.name='writeBatch']"(node) {
      const value = node.parent.type === 'AwaitExpression' ? node.parent : node;
      const { parent } = value;
      const kept =
        parent.type === 'VariableDeclarator' ||
        (parent.type === 'AssignmentExpression' && parent.right === value) ||
        (parent.type === 'MemberExpression' && parent.object === value && parent.computed);
      if (kept) report(node);
    },
  }),
);

export default {
  meta: { name: 'one-place' },
  rules: {
    shapes,
    'escape-html': escapeHtml,
    'cross-site': crossSite,
    'page-refusal': pageRefusal,
    'link-token': linkToken,
    days,
    'named-batch': namedBatch,
  },
};
