/**
 * The terms a new proposal starts with (docs/proposals.md, "Settings"): the proposals' own
 * default, an engagement that becomes a contract when the client accepts it, which the owner
 * may rewrite; never the website's Terms of Service, which say the site is no offer.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { PROPOSAL_MESSAGES as M } from '#shared/proposals';
import { currentContent } from '#server/site/site-content';
import { procedureCallers, signedInCookie, type Caller, type TestDeps } from '#tests/support/app';
import { rest } from '#tests/support/rest';
import { createApp } from '#server/app/app';
import { storeLeads } from '#tests/support/stored-leads';
import { issuesOf } from '#tests/support/trpc-errors';

let deps: TestDeps;
let admin: Caller;
let leadId: number;

beforeEach(async () => {
  ({ deps, admin } = await procedureCallers());
  const [stored] = await storeLeads(deps, 1, { name: 'Ada Client', email: 'ada@client.example' });
  leadId = stored!.lead.id;
});

const SETTINGS = { currency: 'EUR', bankTransferText: '', priceList: '' };
const newDraft = async (terms?: string) =>
  (
    await admin.proposals.create({
      id: leadId,
      title: 'Pilot',
      ...(terms !== undefined && { terms }),
    })
  ).proposal;

describe('the terms a new proposal starts with', () => {
  it("are the settings' default: an engagement that becomes a contract on acceptance, not the site's terms", async () => {
    const { settings } = await admin.proposals.settings();
    expect(settings.defaultTerms).toMatch(/becomes a contract between you and us when you accept/);
    for (const part of ['## The work', '## Fees', '## Changes', '## Confidentiality']) {
      expect(settings.defaultTerms).toContain(part);
    }
    for (const part of ['## Liability', '## Ending', '## Which law']) {
      expect(settings.defaultTerms).toContain(part);
    }
    const proposal = await newDraft();
    expect(proposal.terms).toBe(settings.defaultTerms);
    const siteTerms = (await currentContent(deps.db)).content.legal.terms;
    expect(siteTerms).toContain('not an offer that becomes a contract');
    expect(proposal.terms).not.toContain('not an offer');
    expect(proposal.terms).not.toContain('Terms of Service');
  });

  it("follow the owner's saved text; a draft made before, or given its own terms, keeps its own", async () => {
    const before = await newDraft();
    const saved = await admin.proposals.saveSettings({
      ...SETTINGS,
      defaultTerms: '## Our terms\n\nThis proposal becomes a contract once accepted.',
    });
    expect(saved.settings.defaultTerms).toBe(
      '## Our terms\n\nThis proposal becomes a contract once accepted.',
    );
    expect((await newDraft()).terms).toBe(saved.settings.defaultTerms);
    expect((await newDraft('Only these.')).terms).toBe('Only these.');
    expect((await admin.proposals.get({ id: before.id })).proposal.terms).toBe(before.terms);
  });

  it('may be emptied: new proposals then start without terms', async () => {
    await admin.proposals.saveSettings({ ...SETTINGS, defaultTerms: '' });
    expect((await admin.proposals.settings()).settings.defaultTerms).toBe('');
    expect((await newDraft()).terms).toBe('');
  });

  it('refuses default terms longer than a proposal may hold, at their field', async () => {
    const issues = await issuesOf(
      admin.proposals.saveSettings({ ...SETTINGS, defaultTerms: 'x'.repeat(50_001) }),
    );
    expect(issues).toEqual([{ path: 'defaultTerms', message: M.termsMax }]);
  });

  it('stay as saved when a PUT leaves them out (a client of the API before the setting)', async () => {
    const app = createApp(deps);
    const cookie = await signedInCookie(deps);
    const put = (json: unknown) => rest(app, 'PUT', '/api/proposals/settings', { cookie, json });
    expect((await put({ ...SETTINGS, defaultTerms: 'Ours.' })).status).toBe(200);
    const answer = await put({ ...SETTINGS, currency: 'GBP' });
    expect(answer.body).toEqual({
      success: true,
      settings: { ...SETTINGS, currency: 'GBP', defaultTerms: 'Ours.' },
    });
  });
});
