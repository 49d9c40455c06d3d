/**
 * The one set of button styles (docs/product.md, "Buttons"), for the public site and the admin
 * area alike: RAC buttons, native buttons and links drawn as buttons all take `buttonClass`.
 * Colours keep at least 4.5:1 contrast in both themes.
 */
export const focusRing =
  'outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 focus-visible:ring-offset-surface data-focus-visible:ring-2 data-focus-visible:ring-brand-600 data-focus-visible:ring-offset-2 data-focus-visible:ring-offset-surface dark:focus-visible:ring-brand-400 dark:data-focus-visible:ring-brand-400';

/**
 * `hover:` for links and native buttons, `data-hovered:` and `data-pressed:` for RAC buttons
 * (which set no `:hover` after a touch). Extra classes must not set what a variant sets.
 */
const variants = {
  primary:
    'bg-brand-700 text-white shadow-sm hover:bg-brand-800 data-hovered:bg-brand-800 data-pressed:bg-brand-900 dark:bg-brand-400 dark:text-slate-950 dark:hover:bg-brand-300 dark:data-hovered:bg-brand-300 dark:data-pressed:bg-brand-200',
  secondary:
    'border border-line-strong bg-raised text-ink shadow-sm hover:bg-subtle data-hovered:bg-subtle data-pressed:bg-line',
  danger:
    'bg-red-700 text-white shadow-sm hover:bg-red-800 data-hovered:bg-red-800 data-pressed:bg-red-900 dark:bg-red-400 dark:text-slate-950 dark:hover:bg-red-300 dark:data-hovered:bg-red-300 dark:data-pressed:bg-red-200',
  inverse: 'bg-white text-brand-800 shadow-sm hover:bg-brand-50 data-hovered:bg-brand-50',
  ghost:
    'text-muted hover:bg-subtle hover:text-ink data-hovered:bg-subtle data-hovered:text-ink data-pressed:bg-line',
  /** A quiet destructive action: red text, no fill (the trash can in a list row). */
  'ghost-danger':
    'text-red-700 hover:bg-subtle data-hovered:bg-subtle data-pressed:bg-line dark:text-red-300',
} as const;

export type ButtonVariant = keyof typeof variants;

/**
 * A link or small control under 768 px, the mobile breakpoint (docs/product.md, "Phones"): at
 * least 44 × 44 px for a finger, grown by its box, never its font; unchanged from 768 px.
 */
export const touchTarget = 'max-md:inline-flex max-md:min-h-11 max-md:min-w-11 max-md:items-center';

/**
 * Every size is at least 44 px tall below 640 px, where fingers press it. `sm` and `icon-sm`
 * become 36 px from 640 px, for the admin's dense rows; the others stay as they are.
 * Heights are minimums: a label that wraps makes the button taller, never clipped.
 */
export const buttonSizes = {
  sm: 'min-h-11 px-4 text-sm sm:min-h-9 sm:px-3',
  md: 'min-h-11 px-5 text-sm',
  lg: 'min-h-12 px-6 text-base',
  icon: 'size-11 shrink-0',
  'icon-sm': 'size-11 shrink-0 sm:size-9',
} as const;

export type ButtonSize = keyof typeof buttonSizes;

export function buttonClass(
  variant: ButtonVariant = 'primary',
  size: ButtonSize = 'md',
  extra = '',
): string {
  return `inline-flex cursor-pointer items-center justify-center gap-2 rounded-lg py-2 font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60 data-disabled:cursor-not-allowed data-disabled:opacity-60 data-busy:cursor-wait data-busy:opacity-70 ${buttonSizes[size]} ${variants[variant]} ${focusRing} ${extra}`;
}
