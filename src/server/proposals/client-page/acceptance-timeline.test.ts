/**
 * The lead's timeline after an acceptance (docs/proposals.md, "The steps"): the acceptance is
 * what happened, the lead's move to Won follows from it, so "Proposal accepted" reads first and
 * "status to Won" after it, as the lead's page lists them (oldest first).
 */
import { beforeEach, expect, it } from 'vitest';
import {
  adminCaller,
  callerFor,
  createTestDeps,
  testConfig,
  type TestDeps,
} from '#tests/support/app';
import { storeLeads } from '#tests/support/stored-leads';
import { storeSentProposal } from '#tests/support/client-proposals';

let deps: TestDeps;
let leadId: number;

beforeEach(async () => {
  deps = await createTestDeps({ config: testConfig({ siteUrl: 'https://harbor.example' }) });
  const [stored] = await storeLeads(deps, 1, {
    email: 'helen@client.example',
    name: 'Helen Marsh',
    status: 'proposal',
  });
  leadId = stored!.lead.id;
});

it('lists "Proposal accepted" before the move to Won it caused', async () => {
  const { token } = await storeSentProposal(deps, { leadId });
  await callerFor(deps).caller.proposalClientPage.accept({
    token,
    name: 'Helen Marsh',
    email: 'helen@client.example',
    agree: true,
  });
  const { timeline } = await (await adminCaller(deps)).leads.get({ id: leadId });
  const last = timeline.slice(-2).map((event) => [event.kind, event.status ?? null]);
  expect(last).toEqual([
    ['proposal_accepted', null],
    ['status_changed', 'won'],
  ]);
});
