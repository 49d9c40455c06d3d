/**
 * The type of a shared file by its bytes: each allowed type, the Office files told from a ZIP
 * by their entries, text only as UTF-8 without NUL and named as text, and the wrong bytes
 * behind a right name refused.
 */
import { describe, expect, it } from 'vitest';
import { strToU8, zipSync } from 'fflate';
import { EXE_BYTES, HTML_BYTES, pdfBytes, sampleFiles } from '#tests/support/engagement-files';
import { testImage } from '#tests/support/images';
import { ChunkedBytes } from '#server/http/chunked-bytes';
import { fileKind } from './file-type';
import { zipEntryNames } from './zip-entries';

describe('fileKind', () => {
  it('knows each allowed type by its bytes', async () => {
    for (const { kind, name, bytes } of await sampleFiles()) {
      expect([name, fileKind(bytes, name)]).toEqual([name, kind]);
    }
  });

  it('goes by the bytes, not the name, for every type with a signature', async () => {
    for (const { kind, bytes } of await sampleFiles()) {
      if (kind === 'txt' || kind === 'md' || kind === 'csv') continue;
      expect(fileKind(bytes, 'renamed.txt')).toBe(kind);
    }
  });

  it('refuses a program or a web page named report.pdf', () => {
    expect(fileKind(EXE_BYTES, 'report.pdf')).toBeNull();
    expect(fileKind(HTML_BYTES, 'report.pdf')).toBeNull();
  });

  it('calls a PNG named x.pdf a PNG', async () => {
    expect(fileKind(await testImage('png', 8, 8), 'x.pdf')).toBe('png');
  });

  it('takes text named as text, Markdown or CSV, or with no extension, and no other', () => {
    const text = Buffer.from('plain words');
    expect(fileKind(text, 'a.TXT')).toBe('txt');
    expect(fileKind(text, 'a.markdown')).toBe('md');
    expect(fileKind(text, 'a.csv')).toBe('csv');
    expect(fileKind(text, 'README')).toBe('txt');
    expect(fileKind(text, 'a.html')).toBeNull();
    expect(fileKind(text, 'a.svg')).toBeNull();
  });

  it('refuses text with a NUL byte or bytes that are not UTF-8', () => {
    expect(fileKind(Buffer.from('a\u0000b'), 'a.txt')).toBeNull();
    expect(fileKind(Buffer.from([0x63, 0x61, 0x66, 0xe9]), 'latin1.txt')).toBeNull();
  });

  it('refuses a GIF, an image type the list does not name', () => {
    expect(
      fileKind(Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), 'a.gif'),
    ).toBeNull();
  });

  it('calls a ZIP with [Content_Types].xml but no Office folder a plain ZIP', () => {
    const zip = Buffer.from(
      zipSync({ '[Content_Types].xml': strToU8('<Types/>'), 'a/b': strToU8('x') }),
    );
    expect(fileKind(zip, 'x.docx')).toBe('zip');
    const word = Buffer.from(zipSync({ 'word/document.xml': strToU8('<w/>') }));
    expect(fileKind(word, 'x.docx')).toBe('zip');
  });

  it('reads the same from a file in many chunks, a character split between two', async () => {
    for (const { kind, name, bytes } of await sampleFiles()) {
      const chunked = new ChunkedBytes();
      for (let at = 0; at < bytes.length; at += 7) chunked.add(bytes.subarray(at, at + 7));
      expect([name, fileKind(chunked, name)]).toEqual([name, kind]);
    }
  });

  it('refuses bytes that open as a ZIP but are none', () => {
    const broken = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(100, 1)]);
    expect(fileKind(broken, 'a.zip')).toBeNull();
  });

  it('takes a PDF only by its opening', () => {
    expect(fileKind(pdfBytes(), 'no-extension')).toBe('pdf');
    expect(fileKind(Buffer.concat([Buffer.from(' '), pdfBytes()]), 'a.pdf')).toBeNull();
  });
});

describe('zipEntryNames', () => {
  it('lists the entries of a ZIP from its central directory', () => {
    const zip = Buffer.from(zipSync({ 'a.txt': strToU8('a'), 'dir/b.txt': strToU8('b') }));
    expect(zipEntryNames(ChunkedBytes.of(zip))).toEqual(['a.txt', 'dir/b.txt']);
  });

  it('answers null for a ZIP cut short', () => {
    const zip = Buffer.from(zipSync({ 'a.txt': strToU8('a') }));
    expect(zipEntryNames(ChunkedBytes.of(zip.subarray(0, zip.length - 10)))).toBeNull();
  });
});
