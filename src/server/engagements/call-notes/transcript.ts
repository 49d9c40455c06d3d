/**
 * A call's transcript made into what is kept and read (docs/engagements.md, "Call notes"):
 * its bytes checked as UTF-8 text, and a WebVTT or SubRip file brought down to speaker-labelled
 * plain lines: the WEBVTT header, NOTE, STYLE and REGION blocks, cue numbers and identifiers,
 * timings and styling tags go; `<v Ana>` becomes `Ana: `. A plain text transcript is kept as it
 * was written, runs of blank lines made one.
 */
import { TRPCError } from '@trpc/server';
import { CALL_NOTE_LIMITS, CALL_NOTE_MESSAGES as M } from '#shared/call-notes';

/** A cue's timing line (`00:01.000 --> 00:04.000`, SubRip's commas too): an arrow alone is text. */
const TIMING = /^\s*(?:\d+:)?\d{1,2}:\d{2}[.,]\d{1,3}\s*-->\s*(?:\d+:)?\d{1,2}:\d{2}[.,]\d{1,3}/u;
const WEBVTT_HEADER = /^WEBVTT(?:[ \t\n]|$)/u;
const VOICE = /<v(?:\.[^ \t>]*)?[ \t]+([^>]+)>/u;
const TAG = /<[^>]*>/gu;
/** SubRip's styling in braces (`{\an8}`, `{\i1}`). */
const BRACE_TAG = /\{\\[^}]*\}/gu;
const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&nbsp;': ' ',
  '&apos;': "'",
  '&quot;': '"',
  '&lrm;': '',
  '&rlm;': '',
};
/** Control characters no transcript holds (tab and line ends are kept). */
// eslint-disable-next-line no-control-regex -- the very characters refused
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/u;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/u;

const badRequest = (message: string) => new TRPCError({ code: 'BAD_REQUEST', message });

/** 413 past the limit, in the bytes sent. */
export function assertTranscriptSize(bytes: number): void {
  if (bytes > CALL_NOTE_LIMITS.transcriptMaxBytes) {
    throw new TRPCError({ code: 'PAYLOAD_TOO_LARGE', message: M.tooLarge });
  }
}

/** 415 for a file whose name says it is another kind (a name without extension is let through). */
export function assertTranscriptName(name: string): void {
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return;
  const extension = name.slice(dot + 1).toLowerCase();
  if (!(CALL_NOTE_LIMITS.extensions as readonly string[]).includes(extension)) {
    throw new TRPCError({ code: 'UNSUPPORTED_MEDIA_TYPE', message: M.type });
  }
}

/** The file's text; 400 when its bytes are not UTF-8 text. A leading BOM is dropped. */
export function decodeTranscript(bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw badRequest(M.notUtf8);
  }
  assertText(text);
  return text;
}

/** 400 for text that cannot be a transcript (binary control bytes, broken surrogates). */
export function assertText(text: string): void {
  if (CONTROL.test(text) || LONE_SURROGATE.test(text)) throw badRequest(M.notUtf8);
}

const decodeEntities = (line: string) =>
  line.replace(/&(?:amp|lt|gt|nbsp|apos|quot|lrm|rlm);/gu, (entity) => ENTITIES[entity] ?? entity);

/** One cue's words as one line, labelled with its speaker when it names one. */
function cueLine(lines: string[]): { speaker: string | null; text: string } {
  let speaker: string | null = null;
  const words = lines.map((line) => {
    const voice = VOICE.exec(line);
    if (voice?.[1] && speaker === null) speaker = decodeEntities(voice[1].trim());
    return decodeEntities(line.replace(BRACE_TAG, '').replace(TAG, '')).trim();
  });
  return { speaker, text: words.filter(Boolean).join(' ') };
}

/** The cues of a WebVTT or SubRip text as lines; consecutive cues of one speaker joined. */
function subtitleLines(blocks: string[][]): string[] {
  const out: { speaker: string | null; text: string }[] = [];
  for (const block of blocks) {
    const timing = block.findIndex((line) => TIMING.test(line));
    // No timing: the header, a NOTE, STYLE or REGION block, or a stray number.
    if (timing < 0) continue;
    const cue = cueLine(block.slice(timing + 1));
    if (!cue.text) continue;
    const last = out.at(-1);
    if (last && cue.speaker !== null && last.speaker === cue.speaker) {
      last.text = `${last.text} ${cue.text}`;
    } else out.push(cue);
  }
  return out.map(({ speaker, text }) => (speaker ? `${speaker}: ${text}` : text));
}

/**
 * The transcript as kept: subtitles (a WEBVTT header, or any cue timing line) as their
 * speakers' lines, anything else as written; 400 when nothing is left.
 */
export function plainTranscript(raw: string): string {
  const text = raw.replace(/^\ufeff/u, '').replace(/\r\n?/gu, '\n');
  const blocks = text
    .split(/\n[ \t]*\n/u)
    .map((block) => block.split('\n').map((line) => line.trimEnd()))
    .map((lines) => lines.filter((line) => line.trim() !== ''))
    .filter((lines) => lines.length > 0);
  const subtitles =
    WEBVTT_HEADER.test(text.trimStart()) || blocks.some((b) => b.some((l) => TIMING.test(l)));
  const plain = (
    subtitles
      ? subtitleLines(blocks).join('\n')
      : blocks.map((block) => block.join('\n')).join('\n\n')
  ).trim();
  if (!plain) throw badRequest(M.empty);
  return plain;
}
