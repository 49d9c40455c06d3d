/**
 * The one part of jsdom the server uses (svg-sanitizer.ts): a window for DOMPurify. jsdom
 * ships no types and @types/jsdom is not installed.
 */
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string);
    readonly window: Window & typeof globalThis;
  }
}
