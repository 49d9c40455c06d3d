/**
 * What the call notes' tests share (src/server/engagements/call-notes/): an app whose AI is
 * the tests' own OpenAI-compatible server (or none), a lead with a message and a call, a
 * transcript and the model's answer about it, and the request that adds it.
 */
import { writeTransaction } from '#db';
import { bookings } from '#db/schema';
import type { App } from '#server/app/app';
import type { Config } from '#server/platform/config';
import { createTestApp, signedInCookie, testConfig, type TestDeps } from './app';
import type { OpenAiServer } from './openai-server';
import { storeLeads } from './stored-leads';

export const VTT = [
  'WEBVTT',
  '',
  '1',
  '00:00:01.000 --> 00:00:05.000',
  '<v Ana>Thanks Bob. So we agree on a two-week pilot.',
  '',
  '2',
  '00:00:05.000 --> 00:00:09.000',
  '<v Bob>Yes. I will send the data export by Friday.',
  '',
  '3',
  '00:00:09.000 --> 00:00:12.000',
  "<v Ana>Great, I'll draft the plan.",
].join('\n');

export const VTT_PLAIN = [
  'Ana: Thanks Bob. So we agree on a two-week pilot.',
  'Bob: Yes. I will send the data export by Friday.',
  "Ana: Great, I'll draft the plan.",
].join('\n');

/** The model's note: stated owners and dates, one date and one owner not said, one proposed. */
export const NOTE_ANSWER = {
  summary: 'A two-week pilot was agreed.',
  decisions: ['A two-week pilot'],
  actions: [
    { what: 'Send the data export', owner: 'Bob', due: 'friday', proposed: false },
    { what: 'Draft the plan', owner: 'Ana', due: '2026-12-05', proposed: false },
    { what: 'Book the review call', owner: 'Carol', due: null, proposed: false },
    { what: 'Share the slides', owner: null, due: null, proposed: true },
  ],
  reply: 'Thank you for the call, Bob. We start the two-week pilot once your export arrives.',
};

/** An app with the fake server as its provider (null: AI off), a signed-in admin, lead 1 with a call and lead 2 with one. */
export async function callNotesApp(ai: OpenAiServer | null, config: Partial<Config> = {}) {
  const { app, deps } = await createTestApp({
    config: testConfig({
      ...config,
      ...(ai
        ? {
            ai: {
              provider: 'openai-compatible',
              baseUrl: ai.baseUrl,
              apiKey: null,
              model: 'fake-model',
            },
          }
        : {}),
    }),
  });
  const cookie = await signedInCookie(deps, 'alice');
  await storeLeads(deps, 2, (i) => ({
    name: i === 0 ? 'Bob Client' : 'Other Person',
    company: i === 0 ? 'Acme' : null,
    email: i === 0 ? 'bob@client.example' : 'other@example.com',
    messages: ['We would like a pilot of the support assistant, please.'],
  }));
  const callOf = [await storeCall(deps, 1, 1), await storeCall(deps, 2, 2)];
  return { app, deps, cookie, callOf };
}

async function storeCall(deps: TestDeps, leadId: number, day: number): Promise<number> {
  const start = new Date(Date.UTC(2026, 10, day, 9));
  const row = await writeTransaction(deps.db, (tx) =>
    tx
      .insert(bookings)
      .values({
        leadId,
        name: 'Caller',
        email: `caller${leadId}@example.com`,
        start,
        end: new Date(start.getTime() + 30 * 60_000),
        location: 'Video call',
        tokenHash: `test-hash-${leadId}-${day}`,
        updatedAt: start,
      })
      .returning({ id: bookings.id })
      .get(),
  );
  return row.id;
}

/** POST /api/leads/:id/call-notes with a file (multipart) or JSON, as the signed-in admin. */
export async function addTranscript(
  app: App,
  cookie: string | null,
  leadId: number,
  body: { file: { bytes: Uint8Array; name: string }; bookingId?: number } | { json: unknown },
) {
  const headers: Record<string, string> = cookie ? { cookie } : {};
  let sent: FormData | string;
  if ('json' in body) {
    headers['content-type'] = 'application/json';
    sent = JSON.stringify(body.json);
  } else {
    sent = new FormData();
    sent.append('file', new File([new Uint8Array(body.file.bytes)], body.file.name));
    if (body.bookingId !== undefined) sent.append('bookingId', String(body.bookingId));
  }
  const response = await app.request(`/api/leads/${leadId}/call-notes`, {
    method: 'POST',
    headers,
    body: sent,
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as unknown };
}

export const utf8 = (text: string) => new TextEncoder().encode(text);
