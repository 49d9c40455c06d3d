/**
 * The order the layer check holds beyond the tiers (scripts/layers.ts, docs/architecture.md
 * "The features' order" and "Client"): each feature imports only what it builds on, a new
 * folder has no place until it is given one, and the folders of src/client/ import one way.
 * The tiers, the plumbing and the server's folder loops: layers.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { layerTree as tree } from '#tests/support/layer-tree';
import { checkLayers as layers } from './layers';

describe("the features' order and the client's folders", () => {
  it("name the features' order and refuse an import against it, saying which feature builds on which", async () => {
    const folder = tree({
      // Against the order: leads is below booking, invoices builds on proposals and leads only.
      'src/server/leads/join.ts':
        "import { reminder } from '../booking/reminder';\nexport const join = reminder;\n",
      'src/server/booking/reminder.ts': 'export const reminder = 1;\n',
      'src/server/invoices/due.ts':
        "import { reminder } from '../booking/reminder';\nexport const due = reminder;\n",
      // Along it: contact on leads, and through leads on the newsletter; engagements on
      // invoices and booking; a type-only import binds nothing.
      'src/server/newsletter/letter.ts': 'export const letter = 1;\n',
      'src/server/contact/form.ts':
        "import { join } from '../leads/join';\nimport { letter } from '../newsletter/letter';\nexport const form = [join, letter];\n",
      'src/server/engagements/start.ts':
        "import { due } from '../invoices/due';\nimport { reminder } from '../booking/reminder';\nexport const start = [due, reminder];\n",
      'src/server/newsletter/types.ts':
        "import type { Form } from '../contact/types';\nexport type Letter = Form;\n",
      'src/server/contact/types.ts': 'export type Form = string;\n',
    });
    const result = await layers(folder, ['src']);
    expect(result.ok).toBe(false);
    expect(result.output).toContain("The features' order, lowest first");
    expect(result.output).toMatch(/^ {2}5\. leads: .*; builds on newsletter, proof, entries$/m);
    expect(result.output).toMatch(/^ {2}\d+\. invoices: .*; builds on proposals, leads$/m);
    expect(result.output).toMatch(
      /^ {2}\d+\. engagements: .*; builds on proposals, invoices, leads, booking$/m,
    );
    expect(result.output).toContain(
      'feature-leads: src/server/leads/join.ts → src/server/booking/reminder.ts',
    );
    expect(result.output).toContain(
      'feature-invoices: src/server/invoices/due.ts → src/server/booking/reminder.ts',
    );
    // The message a broken import gets (its lines wrapped): what the feature builds on, and
    // where that is declared.
    const said = result.output.replace(/\s+/g, ' ');
    expect(said).toContain("In the features' order, leads (the pipeline");
    expect(said).toContain('builds on newsletter, proof, entries: it imports no other feature.');
    expect(said).toContain(
      'builds on proposals, leads (and through them on newsletter, proof, entries): it imports no other feature.',
    );
    expect(said).toContain('FEATURES of .dependency-cruiser.cjs');
    for (const from of ['contact/form.ts', 'engagements/start.ts', 'newsletter/types.ts']) {
      expect(result.output).not.toContain(`src/server/${from} →`);
    }
    const errors = result.output.match(/^\s*error feature-/gm) ?? [];
    expect(errors).toHaveLength(2);
  });

  it("refuse a new folder until it is placed in the features' order, and a feature's import of it", async () => {
    const folder = tree({
      'src/server/newborn/born.ts':
        "import { join } from '../leads/join';\nexport const born = join;\n",
      'src/server/leads/join.ts': 'export const join = 1;\n',
      'src/server/contact/form.ts':
        "import { born } from '../newborn/born';\nexport const form = born;\n",
    });
    const result = await layers(folder, ['src']);
    expect(result.ok).toBe(false);
    expect(result.output).toContain('feature-order: a folder under src/server/ that no tier names');
    expect(result.output).toContain(
      "error src/server/newborn/ is in no tier and not in the features' order",
    );
    expect(result.output).toContain(
      'feature-contact: src/server/contact/form.ts → src/server/newborn/born.ts',
    );
    expect(result.output).not.toContain('src/server/leads/ is in no tier');
  });

  it("refuse folders of src/client that import each other, client/admin's and its loose files included", async () => {
    const folder = tree({
      // leads -> proposals -> leads: the lead's page shows its proposals, and the proposals'
      // form took the leads' field issues.
      'src/client/admin/leads/lead-page.tsx':
        "import { LeadProposals } from '../proposals/lead-proposals';\nexport const LeadPage = LeadProposals;\n",
      'src/client/admin/leads/field-issues.ts': 'export const fieldIssues = 1;\n',
      'src/client/admin/proposals/lead-proposals.tsx': 'export const LeadProposals = 1;\n',
      'src/client/admin/proposals/proposal-mutations.ts':
        "import { fieldIssues } from '../leads/field-issues';\nexport const mutations = fieldIssues;\n",
      // A file loose in client/admin/ is a folder of its own: the old proof dialog's loop.
      'src/client/admin/proof-dialog.tsx':
        "import { explain } from './account/account-session';\nexport const dialog = explain;\n",
      'src/client/admin/account/account-session.ts': 'export const explain = 1;\n',
      'src/client/admin/account/token-form.tsx':
        "import { dialog } from '../proof-dialog';\nexport const form = dialog;\n",
      // One way through the shared UI, and the entry composing everything: allowed.
      'src/client/admin/ui/errors.ts': 'export const errors = 1;\n',
      'src/client/admin/suppressions/page.tsx':
        "import { errors } from '../ui/errors';\nexport const page = errors;\n",
      'src/client/admin/leads/reply.tsx':
        "import { page } from '../suppressions/page';\nexport const reply = page;\n",
      'src/client/main.tsx':
        "import { LeadPage } from './admin/leads/lead-page';\nimport { page } from './admin/suppressions/page';\nexport const main = [LeadPage, page];\n",
    });
    const result = await layers(folder, ['src']);
    expect(result.output).toContain('no dependency violations found');
    expect(result.ok).toBe(false);
    expect(result.output).toContain('client-folder-loop: folders of src/client/');
    expect(result.output).toContain(
      'error src/client/admin/leads → src/client/admin/proposals → src/client/admin/leads',
    );
    expect(result.output).toContain(
      'src/client/admin/proposals/proposal-mutations.ts → src/client/admin/leads/field-issues.ts',
    );
    expect(result.output).toContain(
      'error src/client/admin → src/client/admin/account → src/client/admin',
    );
    expect(result.output).not.toContain('src/client/admin/suppressions →');
    expect(result.output).not.toContain('error src/client/admin/ui');
  });
});
