/**
 * The layer rules of `npm run check` (scripts/layers.ts with .dependency-cruiser.cjs,
 * docs/architecture.md "The layers"): a tree that breaks one, or loops between modules or
 * between folders, is refused by name (the features' order and src/client/'s folders:
 * layers-order.test.ts). Whether the repository itself keeps them is `npm run layers`, part of
 * `npm run check` that CI runs beside the tests: cruising the whole tree here too cost about
 * 25 s of a busy machine for the same answer.
 */
import { describe, expect, it } from 'vitest';
import { layerTree as tree } from '#tests/support/layer-tree';
import { checkLayers } from './layers';
import { platformTableUses } from './platform-tables';

/** Runs the checker in `cwd` on `targets`; answers whether it passed and its output. */
const layers = (cwd: string, targets: string[]) => checkLayers(cwd, targets);

describe('the layer rules', () => {
  it('refuse the SMTP library anywhere but platform/mail.ts (issue 46: mail through the outbox)', async () => {
    const nodemailer = {
      'node_modules/nodemailer/package.json': '{"name":"nodemailer","main":"index.js"}',
      'node_modules/nodemailer/index.js': 'module.exports = {};\n',
    };
    const refused = await layers(
      tree({
        ...nodemailer,
        'src/server/contact/notify.ts':
          "import nodemailer from 'nodemailer';\nexport const n = nodemailer;\n",
      }),
      ['src'],
    );
    expect(refused.ok).toBe(false);
    expect(refused.output).toContain('mail-through-outbox');
    const allowed = await layers(
      tree({
        ...nodemailer,
        'src/server/platform/mail.ts':
          "import nodemailer from 'nodemailer';\nexport const n = nodemailer;\n",
      }),
      ['src'],
    );
    expect(allowed.output).not.toContain('mail-through-outbox');
  });

  it('refuse plumbing that imports a feature or reads its table, the server reaching into the client, and a loop', async () => {
    const folder = tree({
      'src/server/facts/router.ts':
        "import { errors } from '../http/errors';\nexport const facts = errors;\n",
      'src/server/http/errors.ts':
        "import { facts } from '../facts/router';\nexport const errors = 1;\nexport const again = facts;\n",
      'src/server/content/pages.ts':
        "import { look } from '../../client/look';\nexport const pages = look;\n",
      'src/client/look.ts': 'export const look = 1;\n',
      'src/shared/a.ts': "import { b } from './b';\nexport const a = b;\n",
      'src/shared/b.ts': "import { a } from './a';\nexport const b = () => a;\n",
      // A feature's table read in platform/ (its cases: "refuse a feature's table" below).
      'db/schema.ts': "export const siteSettings = sqliteTable('site_settings', {});\n",
      'src/server/platform/site.ts':
        "import { siteSettings } from '../../../db/schema';\nexport const site = siteSettings;\n",
    });
    const result = await layers(folder, ['src']);
    expect(result.ok).toBe(false);
    expect(result.output).toMatch(
      /plumbing-uses-no-feature: src\/server\/http\/errors\.ts → src\/server\/facts\/router\.ts/,
    );
    expect(result.output).toMatch(
      /server-not-client: src\/server\/content\/pages\.ts → src\/client\/look\.ts/,
    );
    expect(result.output).toMatch(/no-cycle: src\/shared\/a\.ts/);
    expect(result.output).toContain(
      "platform-tables: platform/ is plumbing and touches no feature's table",
    );
    expect(result.output).toContain(
      'error src/server/platform/site.ts → siteSettings (db/schema.ts)',
    );
  });

  it('know every folder under src/server/ as a feature, booking/ and media/ too, and any new one', async () => {
    const folder = tree({
      'src/server/http/rest.ts':
        "import { book } from '../booking/book';\nimport { store } from '../media/store';\nimport { born } from '../newborn/born';\nexport const rest = [book, store, born];\n",
      'src/server/booking/book.ts': 'export const book = 1;\n',
      'src/server/media/store.ts': 'export const store = 1;\n',
      'src/server/newborn/born.ts': 'export const born = 1;\n',
    });
    const result = await layers(folder, ['src']);
    expect(result.ok).toBe(false);
    for (const target of ['booking/book', 'media/store', 'newborn/born']) {
      expect(result.output).toContain(
        `plumbing-uses-no-feature: src/server/http/rest.ts → src/server/${target}.ts`,
      );
    }
    expect(result.output).toContain(
      "error src/server/newborn/ is in no tier and not in the features' order",
    );
  });

  it('name the tiers and refuse an import from a lower tier into a higher one, downward ones and types allowed', async () => {
    const folder = tree({
      // Upward, each refused by its tier's rule.
      'src/server/platform/config.ts':
        "import { lead } from '../leads/lead';\nexport const config = lead;\n",
      'src/server/mail/outbox/queue.ts':
        "import { lead } from '../../leads/lead';\nimport { session } from '../../identity/session';\nexport const queue = [lead, session];\n",
      'src/server/identity/session.ts':
        "import { letter } from '../newsletter/letter';\nimport { log } from '../audit/log';\nexport const session = [letter, log];\n",
      'src/server/audit/log.ts': "import { sent } from '../mail/sent';\nexport const log = sent;\n",
      // The site's readers: above platform/, below http/ (which reads them for every page).
      'src/server/platform/page-frame.ts':
        "import { settings } from '../site/settings';\nexport const frame = settings;\n",
      'src/server/site/brand.ts':
        "import { slot } from '../booking/slot';\nexport const brand = slot;\n",
      'src/server/booking/slot.ts': 'export const slot = 1;\n',
      'src/server/site/settings.ts':
        "import { clock } from '../platform/clock';\nexport const settings = clock;\n",
      'src/server/http/middleware.ts':
        "import { settings } from '../site/settings';\nexport const middleware = settings;\n",
      // Downward, and a type-only import upward (gone at run time): allowed.
      'src/server/mail/sent.ts':
        "import type { Admin } from '../identity/admin';\nimport { clock } from '../platform/clock';\nexport const sent: Admin[] = [];\nexport const at = clock;\n",
      'src/server/identity/admin.ts':
        "import { sent } from '../mail/sent';\nexport type Admin = string;\nexport const admins = sent;\n",
      'src/server/newsletter/letter.ts':
        "import { sent } from '../mail/sent';\nimport { admins } from '../identity/admin';\nexport const letter = [sent, admins];\n",
      'src/server/leads/lead.ts':
        "import { letter } from '../newsletter/letter';\nexport const lead = letter;\n",
      'src/server/platform/clock.ts': 'export const clock = 1;\n',
    });
    const result = await layers(folder, ['src']);
    expect(result.ok).toBe(false);
    expect(result.output).toMatch(/^The tiers of src\/server\//);
    expect(result.output).toContain('2. site: site/: the site');
    expect(result.output).toContain('5. mail: mail/: the mail layer');
    expect(result.output).toContain('7. features: every other folder');
    const refused = [
      'tier-platform: src/server/platform/config.ts → src/server/leads/lead.ts',
      'tier-mail: src/server/mail/outbox/queue.ts → src/server/leads/lead.ts',
      'tier-mail: src/server/mail/outbox/queue.ts → src/server/identity/session.ts',
      'tier-foundation: src/server/identity/session.ts → src/server/newsletter/letter.ts',
      'tier-audit: src/server/audit/log.ts → src/server/mail/sent.ts',
      'tier-platform: src/server/platform/page-frame.ts → src/server/site/settings.ts',
      'tier-site: src/server/site/brand.ts → src/server/booking/slot.ts',
    ];
    for (const line of refused) expect(result.output).toContain(line);
    // The message a broken import gets is the rule's comment, naming what the tier may import.
    expect(result.output).toContain('Tier 5 of 8, mail (the mail layer');
    expect(result.output).toContain("Tier 2 of 8, site (the site's settings");
    expect(result.output).not.toContain('src/server/http/middleware.ts →');
    const errors = result.output.match(/^\s*error tier-/gm) ?? [];
    expect(errors).toHaveLength(refused.length);
  });

  it('refuse folders that import each other, directly or through others, with no module cycle', async () => {
    // Folders of one tier with no order among them (foundation); features are held to theirs.
    const folder = tree({
      // identity -> media -> search -> identity, each import from another module.
      'src/server/identity/page.ts':
        "import { assets } from '../media/assets';\nexport const page = assets;\n",
      'src/server/identity/reminder.ts': 'export const reminder = 1;\n',
      'src/server/media/assets.ts': 'export const assets = 1;\n',
      'src/server/media/sender.ts':
        "import { reply } from '../search/reply';\nexport const sender = reply;\n",
      'src/server/search/reply.ts': 'export const reply = 1;\n',
      'src/server/search/join.ts':
        "import { reminder } from '../identity/reminder';\nexport const join = reminder;\n",
      // A type-only import may close a loop: it is gone at run time.
      'src/server/analytics/router.ts':
        "import type { Tag } from '../ai/tag';\nexport const counts: Tag[] = [];\n",
      'src/server/ai/tag.ts':
        "import { counts } from '../analytics/router';\nexport type Tag = string;\nexport const tags = counts;\n",
    });
    const result = await layers(folder, ['src']);
    expect(result.output).toContain('no dependency violations found');
    expect(result.ok).toBe(false);
    expect(result.output).toContain(
      'error src/server/identity → src/server/media → src/server/search → src/server/identity',
    );
    expect(result.output).toContain('src/server/search/join.ts → src/server/identity/reminder.ts');
    expect(result.output).not.toContain('src/server/ai →');
  });

  it("refuse a feature's table in platform/, imported or named in raw SQL, and let it take the plumbing's own", () => {
    // Read from the source, no process started: the schema is one module to dependency-cruiser;
    // that `npm run layers` prints these lines is the plumbing test's above.
    const folder = tree({
      'db/schema.ts':
        "export const siteSettings = sqliteTable('site_settings', {});\nexport const throttleEvents = sqliteTable('throttle_events', {});\nexport const users = sqliteTable(\n  'users',\n  {},\n);\n",
      'src/server/platform/site.ts':
        "import {\n  throttleEvents,\n  siteSettings as settings,\n} from '#db/schema';\nexport const site = [throttleEvents, settings];\n",
      'src/server/platform/whole.ts':
        "import * as schema from '../../../db/schema';\nexport const whole = schema;\n",
      'src/server/platform/raw.ts':
        "export const raw = (id: number) => sql`select name from users where id = ${id}`;\nexport const events = 'delete from throttle_events';\n",
      'src/server/platform/throttle.ts':
        "import { throttleEvents } from '#db/schema';\nexport const rows = throttleEvents;\n",
      // Tests may reach across layers.
      'src/server/platform/keys.test.ts':
        "import { users } from '#db/schema';\nexport const who = users;\n",
    });
    expect(platformTableUses(folder).sort()).toEqual([
      '  error src/server/platform/raw.ts → users (raw SQL)',
      '  error src/server/platform/site.ts → siteSettings (db/schema.ts)',
      '  error src/server/platform/whole.ts → * (db/schema.ts)',
    ]);
  });

  it('refuse sub-folders of one folder that import each other, and let them import one way', async () => {
    const folder = tree({
      // identity/sign-in -> identity/second-factors -> identity/sign-in, each from another module.
      'src/server/identity/sign-in/login.ts':
        "import { code } from '../second-factors/code';\nexport const login = code;\n",
      'src/server/identity/sign-in/buckets.ts': 'export const bucket = 1;\n',
      'src/server/identity/second-factors/code.ts': 'export const code = 1;\n',
      'src/server/identity/second-factors/challenge.ts':
        "import { bucket } from '../sign-in/buckets';\nexport const challenge = bucket;\n",
      // One way only: sessions is below both, and a folder's own top file composes them.
      'src/server/identity/sessions/session.ts': 'export const session = 1;\n',
      'src/server/identity/passkeys/store.ts':
        "import { session } from '../sessions/session';\nexport const store = session;\n",
      'src/server/identity/compose.ts':
        "import { store } from './passkeys/store';\nexport const all = store;\n",
    });
    const result = await layers(folder, ['src']);
    expect(result.ok).toBe(false);
    expect(result.output).toContain('sub-folder-loop');
    expect(result.output).toContain(
      'error src/server/identity/second-factors → src/server/identity/sign-in → src/server/identity/second-factors',
    );
    expect(result.output).toContain(
      'src/server/identity/second-factors/challenge.ts → src/server/identity/sign-in/buckets.ts',
    );
    expect(result.output).not.toContain('src/server/identity/passkeys →');
    expect(result.output).not.toContain('folder-loop: folders');
  });
});
