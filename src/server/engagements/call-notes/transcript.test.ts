/**
 * A transcript made plain (transcript.ts): WebVTT and SubRip brought down to speaker-labelled
 * lines, plain text kept, and the 400, 413 and 415 of what cannot be a transcript.
 */
import { describe, expect, it } from 'vitest';
import { CALL_NOTE_LIMITS, CALL_NOTE_MESSAGES as M } from '#shared/call-notes';
import {
  assertText,
  assertTranscriptName,
  assertTranscriptSize,
  decodeTranscript,
  plainTranscript,
} from './transcript';

const VTT = [
  'WEBVTT - Weekly call',
  'Kind: captions',
  '',
  'STYLE',
  '::cue { color: yellow }',
  '',
  'NOTE recorded by the meeting tool',
  'over two lines',
  '',
  'intro-1',
  '00:00:01.000 --> 00:00:04.000 align:start',
  '<v Ana Owner>Thanks for joining, <b>Bob</b>.',
  '',
  '2',
  '00:00:04.500 --> 00:00:06.000',
  '<v Ana Owner>Shall we start?</v>',
  '',
  '00:00:06.000 --> 00:00:09.000',
  '<v.loud Bob Client><i>Yes</i> &amp; let&apos;s &lt;go&gt;',
  'on two lines.',
].join('\r\n');

const SRT = [
  '1',
  '00:00:01,000 --> 00:00:03,000',
  '{\\an8}Ana: We ship the first draft',
  'by Friday 12 December.',
  '',
  '2',
  '00:00:03,500 --> 00:00:05,000',
  '<i>Bob: Good, I will review it.</i>',
  '',
].join('\n');

describe('plainTranscript', () => {
  it('keeps a WebVTT file’s words by speaker: no header, style, note, cue id, timing or tag', () => {
    expect(plainTranscript(`\ufeff${VTT}`)).toBe(
      [
        'Ana Owner: Thanks for joining, Bob. Shall we start?',
        "Bob Client: Yes & let's <go> on two lines.",
      ].join('\n'),
    );
  });

  it('keeps a SubRip file’s words: no cue number, timing, brace or tag', () => {
    expect(plainTranscript(SRT)).toBe(
      ['Ana: We ship the first draft by Friday 12 December.', 'Bob: Good, I will review it.'].join(
        '\n',
      ),
    );
  });

  it('keeps plain text as written, runs of blank lines made one', () => {
    expect(
      plainTranscript(
        'Ana: Hello.\r\nBob: Hi.\n\n\n\nAna: A --> B, 10:00 --> 11:00 <b>not a tag here</b>',
      ),
    ).toBe('Ana: Hello.\nBob: Hi.\n\nAna: A --> B, 10:00 --> 11:00 <b>not a tag here</b>');
  });

  it('refuses a transcript with no words: blank, or a WebVTT header and cues without text', () => {
    for (const empty of [
      '',
      ' \n\t\n',
      'WEBVTT\n\nNOTE nothing\n',
      'WEBVTT\n\n1\n00:00:01.000 --> 00:00:02.000\n<i></i>\n',
    ]) {
      expect(() => plainTranscript(empty)).toThrow(M.empty);
    }
  });
});

describe('the checks before parsing', () => {
  it('decodes UTF-8 and refuses other bytes, and control characters, with 400', () => {
    expect(decodeTranscript(new TextEncoder().encode('Zoë: ça va'))).toBe('Zoë: ça va');
    const latin1 = Uint8Array.from([0x5a, 0x6f, 0xeb, 0x3a, 0x20, 0x68, 0x69]);
    expect(() => decodeTranscript(latin1)).toThrow(
      expect.objectContaining({ code: 'BAD_REQUEST', message: M.notUtf8 }),
    );
    expect(() => decodeTranscript(Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0x00]))).toThrow(
      M.notUtf8,
    );
    expect(() => assertText('half \ud800 a pair')).toThrow(M.notUtf8);
  });

  it('takes up to 200 KB (413 past it)', () => {
    expect(() => assertTranscriptSize(CALL_NOTE_LIMITS.transcriptMaxBytes)).not.toThrow();
    expect(() => assertTranscriptSize(CALL_NOTE_LIMITS.transcriptMaxBytes + 1)).toThrow(
      expect.objectContaining({ code: 'PAYLOAD_TOO_LARGE', message: M.tooLarge }),
    );
  });

  it('takes .vtt, .srt, .txt or no extension (415 for another)', () => {
    for (const name of ['call.vtt', 'CALL.SRT', 'notes.txt', 'transcript']) {
      expect(() => assertTranscriptName(name)).not.toThrow();
    }
    for (const name of ['call.pdf', 'call.vtt.exe', 'notes.docx']) {
      expect(() => assertTranscriptName(name)).toThrow(
        expect.objectContaining({ code: 'UNSUPPORTED_MEDIA_TYPE', message: M.type }),
      );
    }
  });
});
