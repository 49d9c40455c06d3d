/**
 * The part of fflate the accountant's ZIP uses (accountant-zip.ts) and its test reads back.
 * fflate 0.7 ships types its package.json "exports" do not name, so TypeScript's bundler
 * resolution cannot find them; these are their signatures (fflate's lib/index.d.ts).
 */
declare module 'fflate' {
  export interface ZipOptions {
    /** 0 stores; 1-9 deflate. */
    level?: 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;
  }
  export type ZippableFile = Uint8Array | [Uint8Array, ZipOptions];
  /** A new buffer of its own, as Response bodies want. */
  export function zipSync(
    data: Record<string, ZippableFile>,
    opts?: ZipOptions,
  ): Uint8Array<ArrayBuffer>;
  export function unzipSync(data: Uint8Array): Record<string, Uint8Array>;
  export function strToU8(text: string): Uint8Array;
}
