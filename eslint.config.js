import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import onePlace from './scripts/one-place-rules.js';

// The type-aware rules (a promise never awaited) are oxlint's, on typescript-go:
// .oxlintrc.json, `npm run lint` runs both (docs/decisions/0060).
export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'data', 'src/routeTree.gen.ts', '.test-results'] },
  {
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/ban-ts-comment': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    // React's rules where React is: the client, and the tests' JSX. Their compiler-based checks
    // were a third of the lint's time when they also read the server's files.
    files: ['src/client/**/*.{ts,tsx}', '**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Production code never reaches into test code (scripts/ are dev tools and may).
    files: ['src/**/*.{ts,tsx}', 'db/**/*.ts', 'server.ts'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'zod',
              message:
                "Use 'zod/mini': one flavour of zod, the one the public page can afford (docs/decisions/0024).",
            },
          ],
          patterns: [
            {
              group: ['**/tests/**', '#tests/**', '**/*.test', '**/*.test.*'],
              message: 'Production code must not import test code.',
            },
          ],
        },
      ],
    },
  },
  {
    // The browser bundle may know the server's types (the tRPC router), never its runtime.
    // This block replaces the one above for src/client, so it repeats the rule on test code.
    files: ['src/client/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'zod',
              message:
                "Use 'zod/mini': one flavour of zod, the one the public page can afford (docs/decisions/0024).",
            },
          ],
          patterns: [
            {
              group: ['**/tests/**', '#tests/**', '**/*.test', '**/*.test.*'],
              message: 'Production code must not import test code.',
            },
            {
              // Paths into src/server, db or tests (aliased or relative); packages such as
              // react-dom/server are fine.
              regex: '^(#server|#db|#tests)(/|$)|^(\\.{1,2}/)+(.*/)?(server|db|tests)(/|$)',
              allowTypeImports: true,
              message: 'Client code may import server types only (import type).',
            },
          ],
        },
      ],
    },
  },
  {
    // Two rules of the tests on a busy machine (docs/testing.md, "A busy machine"). A test
    // waits for a state up to the suite's one bound: `vi.waitFor` gives up after 1 s by
    // default, which a slow machine has exceeded. A request beside the browser takes a
    // connection of its own: Playwright's `page.request` reuses one the server may be closing.
    files: ['**/*.test.{ts,tsx}', 'tests/**/*.{ts,tsx}'],
    ignores: ['tests/support/wait.ts', 'tests/e2e/support/api-request.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='vi'][callee.property.name='waitFor']",
          message:
            "Wait with waitUntil from #tests/support/wait (the suite's bound), not vi.waitFor (1 s by default).",
        },
        {
          selector:
            "MemberExpression[object.type='MemberExpression'][object.property.name='request'][property.name=/^(get|post|put|patch|delete|head|fetch)$/]",
          message:
            'Send it with apiRequest from tests/e2e/support: page.request reuses a connection the server may be closing (ECONNRESET on a busy machine).',
        },
      ],
    },
  },
  {
    // Mail leaves only through the outbox (docs/mail.md): its sender (mail/outbox/) is
    // the one caller of the Mailer, without exception.
    files: ['src/**/*.{ts,tsx}', 'db/**/*.ts', 'server.ts'],
    ignores: ['**/*.test.{ts,tsx}', 'src/server/mail/outbox/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.property.name='send'][callee.object.name='mailer'], CallExpression[callee.property.name='send'][callee.object.property.name='mailer']",
          message:
            'Send mail through the outbox (mail/outbox/: queueMail, sendInBackground, deliverNow), not the Mailer itself (docs/mail.md).',
        },
      ],
    },
  },
  {
    // Rules written once (docs/architecture.md, "Written once"): a copy in production code
    // fails here with the way to the one place (scripts/one-place-rules.js).
    files: ['src/**/*.{ts,tsx}', 'db/**/*.ts', 'server.ts', 'scripts/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', '**/*-fixtures.ts'],
    plugins: { 'one-place': onePlace },
    rules: {
      'one-place/shapes': 'error',
      'one-place/escape-html': 'error',
      'one-place/cross-site': 'error',
      'one-place/page-refusal': 'error',
      'one-place/link-token': 'error',
      'one-place/days': 'error',
      'one-place/named-batch': 'error',
    },
  },
);
