/**
 * POST /api/leads/:id/call-notes without the AI's note (docs/engagements.md, "Call notes"):
 * AI off or the month's tokens used up keep the transcript and say so; bad transcripts and
 * another lead's call are refused (400, 404, 413, 415) and keep nothing.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { callNotes, leadDrafts } from '#db/schema';
import { CALL_NOTE_LIMITS, CALL_NOTE_MESSAGES as M } from '#shared/call-notes';
import { LEAD_MESSAGES } from '#shared/lead-pipeline';
import {
  VTT,
  VTT_PLAIN,
  addTranscript,
  callNotesApp,
  utf8,
} from '#tests/support/call-notes-fixtures';
import { startOpenAiServer, type OpenAiServer } from '#tests/support/openai-server';
import { UNAUTHORIZED } from '#tests/support/rest';

let fake: OpenAiServer | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

describe('a transcript kept without the AI', () => {
  it('with AI off keeps the transcript sent as JSON text, with an empty note, no draft, and says so', async () => {
    const { app, deps, cookie } = await callNotesApp(null);
    const sent = await addTranscript(app, cookie, 1, { json: { text: VTT } });
    expect(sent).toMatchObject({
      status: 201,
      body: {
        success: true,
        ai: 'off',
        notice: M.off,
        callNote: {
          leadId: 1,
          bookingId: null,
          transcript: VTT_PLAIN,
          summary: '',
          decisions: [],
          actions: [],
          model: null,
          draftId: null,
        },
      },
    });
    expect(sent.body).not.toHaveProperty('draft');
    expect(await deps.db.select().from(leadDrafts).all()).toEqual([]);
  });

  it('past the month’s token cap keeps the transcript, asks no model, and says so', async () => {
    fake = await startOpenAiServer();
    const { app, deps, cookie, callOf } = await callNotesApp(fake, { aiMonthlyTokens: 100 });
    const sent = await addTranscript(app, cookie, 1, {
      file: { bytes: utf8(VTT), name: 'call.vtt' },
      bookingId: callOf[0],
    });
    expect(sent).toMatchObject({
      status: 201,
      body: { ai: 'limit_reached', notice: M.limit_reached, callNote: { transcript: VTT_PLAIN } },
    });
    expect(fake.chatRequests()).toEqual([]);
    expect(await deps.db.select().from(callNotes).all()).toHaveLength(1);
    expect(await deps.db.select().from(leadDrafts).all()).toEqual([]);
  });
});

describe('the ways a transcript comes', () => {
  it('takes a file sent under `text` as the file, and a null bookingId as no call', async () => {
    const { app, cookie } = await callNotesApp(null);
    const form = new FormData();
    form.append('text', new File([utf8(VTT)], 'call.vtt'));
    const response = await app.request('/api/leads/1/call-notes', {
      method: 'POST',
      headers: { cookie },
      body: form,
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ callNote: { transcript: VTT_PLAIN } });
    expect(
      await addTranscript(app, cookie, 1, { json: { text: 'Ana: hi', bookingId: null } }),
    ).toMatchObject({
      status: 201,
      body: { callNote: { bookingId: null, transcript: 'Ana: hi' } },
    });
  });
});

describe('what is refused, keeping nothing', () => {
  it('answers 404 for another lead’s call and for an unknown lead, never the call', async () => {
    const { app, deps, cookie, callOf } = await callNotesApp(null);
    const file = { bytes: utf8(VTT), name: 'call.vtt' };
    expect(await addTranscript(app, cookie, 1, { file, bookingId: callOf[1] })).toEqual({
      status: 404,
      body: { success: false, message: M.bookingNotFound },
    });
    expect(await addTranscript(app, cookie, 1, { json: { text: VTT, bookingId: 9999 } })).toEqual({
      status: 404,
      body: { success: false, message: M.bookingNotFound },
    });
    expect(await addTranscript(app, cookie, 99, { file })).toEqual({
      status: 404,
      body: { success: false, message: LEAD_MESSAGES.notFound },
    });
    expect(await deps.db.select().from(callNotes).all()).toEqual([]);
  });

  it('answers 400 for bytes that are not UTF-8, an empty transcript or none; 415 for another file type', async () => {
    const { app, deps, cookie } = await callNotesApp(null);
    const latin1 = Uint8Array.from([0x5a, 0x6f, 0xeb, 0x3a, 0x20, 0x68, 0x69]);
    const refused = [
      [{ file: { bytes: latin1, name: 'call.txt' } }, 400, M.notUtf8],
      [{ file: { bytes: utf8('WEBVTT\n\n'), name: 'call.vtt' } }, 400, M.empty],
      [{ json: { text: '  \n ' } }, 400, M.empty],
      [{ json: {} }, 400, M.noTranscript],
      [{ file: { bytes: utf8('%PDF-1.7'), name: 'call.pdf' } }, 415, M.type],
    ] as const;
    for (const [body, status, message] of refused) {
      expect(await addTranscript(app, cookie, 1, body)).toMatchObject({
        status,
        body: { success: false, message },
      });
    }
    expect(await deps.db.select().from(callNotes).all()).toEqual([]);
  });

  it('takes 200 KB and answers 413 past it, as a file or as text; 401 signed out', async () => {
    const { app, deps, cookie } = await callNotesApp(null);
    const max = CALL_NOTE_LIMITS.transcriptMaxBytes;
    const line = 'Ana: word\n';
    const full = line.repeat(Math.floor(max / line.length));
    const over = `${full}${'x'.repeat(max - full.length + 1)}`;
    expect(await addTranscript(app, cookie, 1, { json: { text: full } })).toMatchObject({
      status: 201,
    });
    for (const body of [{ json: { text: over } }, { file: { bytes: utf8(over), name: 't.txt' } }]) {
      expect(await addTranscript(app, cookie, 1, body)).toEqual({
        status: 413,
        body: { success: false, message: M.tooLarge },
      });
    }
    expect(await addTranscript(app, null, 1, { json: { text: 'Ana: hi' } })).toEqual({
      status: 401,
      body: UNAUTHORIZED,
    });
    expect(await deps.db.select().from(callNotes).all()).toHaveLength(1);
  });
});
