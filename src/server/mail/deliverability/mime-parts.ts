import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Headers, Splitter } from '@zone-eu/mailsplit';
import type { MimeNode } from '@zone-eu/mailsplit';

/**
 * A report's MIME tree, walked with mailparser's own splitter (`@zone-eu/mailsplit`).
 * `simpleParser` is not enough here: it folds an inline `message/rfc822` part (the original
 * message an ARF report quotes) into the text and keeps none of its headers, and those headers
 * are where the recipient and the VERP Return-Path are (docs/deliverability.md).
 */

/** The parts a report is read from; the bodies of every other part are not kept. */
const READ_TYPES = new Set([
  'message/delivery-status',
  'message/global-delivery-status',
  'message/feedback-report',
  'message/rfc822',
  'message/global',
  'text/rfc822-headers',
  'message/global-headers',
]);

export interface MimePart {
  /** Lower case, without parameters. */
  contentType: string;
  /** The part's body, its transfer encoding (base64, quoted-printable) undone. */
  body: Buffer;
}

export interface SplitMessage {
  headers: Headers;
  /** The top-level Content-Type value, lower case, without parameters. */
  contentType: string;
  /** The top-level `report-type` parameter, lower case, or null. */
  reportType: string | null;
  /** The parts of READ_TYPES, in order, at any depth. */
  parts: MimePart[];
}

async function decode(node: MimeNode, chunks: Buffer[]): Promise<Buffer> {
  const decoder = node.getDecoder();
  const out: Buffer[] = [];
  decoder.on('data', (chunk: Buffer) => out.push(chunk));
  await pipeline(Readable.from(chunks), decoder);
  return Buffer.concat(out);
}

/** Reads the headers that open a text (a header block, a quoted original message). */
export function headersOf(text: Buffer | string): Headers {
  const source = Buffer.isBuffer(text) ? text.toString('utf8') : text;
  const end = /\r?\n\r?\n/.exec(source);
  return new Headers(`${end ? source.slice(0, end.index) : source}\r\n`);
}

export async function splitMessage(raw: Buffer): Promise<SplitMessage> {
  // A quoted original is kept whole as one part (ignoreEmbedded), not walked into.
  const splitter = new Splitter({ ignoreEmbedded: true, maxChildNodes: 256 });
  const nodes: MimeNode[] = [];
  const bodies = new Map<MimeNode, Buffer[]>();
  splitter.on('data', (chunk) => {
    if (chunk.type === 'node') {
      nodes.push(chunk);
      if (chunk.contentType && READ_TYPES.has(chunk.contentType)) bodies.set(chunk, []);
    } else if (chunk.type === 'body') {
      bodies.get(chunk.node)?.push(chunk.value);
    }
  });
  await pipeline(Readable.from([raw]), splitter);

  const root = nodes[0];
  if (!root?.headers) throw new Error('no message headers');
  const parts: MimePart[] = [];
  for (const [node, chunks] of bodies) {
    if (node.contentType)
      parts.push({ contentType: node.contentType, body: await decode(node, chunks) });
  }
  const contentTypeHeader = root.headers.getFirst('content-type');
  const reportType = /(?:^|;)\s*report-type\s*=\s*"?([\w.-]+)/i.exec(contentTypeHeader)?.[1];
  return {
    headers: root.headers,
    contentType: (root.contentType || 'text/plain').toLowerCase(),
    reportType: reportType ? reportType.toLowerCase() : null,
    parts,
  };
}
