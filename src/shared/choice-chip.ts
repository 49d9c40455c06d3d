/**
 * The label of a radio drawn as a chip (a free time, a day): the input is `peer sr-only` just
 * before it, so the label shows its checked and keyboard-focused states. 44 px tall. Apart from
 * ui-styles.ts so the home page's first load does not carry it: only the booking picker and the
 * manage page draw chips.
 */
export const choiceChip =
  'flex min-h-11 cursor-pointer items-center justify-center rounded-lg border border-line-strong bg-raised px-2 text-center text-sm font-medium text-ink peer-checked:border-brand-700 peer-checked:bg-brand-700 peer-checked:text-white peer-focus-visible:ring-2 peer-focus-visible:ring-brand-600 peer-focus-visible:ring-offset-2 dark:peer-checked:border-brand-400 dark:peer-checked:bg-brand-400 dark:peer-checked:text-slate-950';
