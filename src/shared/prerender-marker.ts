/** Set on #root by scripts/prerender.ts: the path whose HTML #root holds. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';
