/**
 * Shared class names, so links that look like buttons, RAC buttons and native buttons match.
 * Colours keep at least 4.5:1 contrast in both themes.
 */
export const focusRing =
  'outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 focus-visible:ring-offset-surface data-focus-visible:ring-2 data-focus-visible:ring-brand-600 data-focus-visible:ring-offset-2 data-focus-visible:ring-offset-surface';

const variants = {
  primary:
    'bg-brand-700 text-white shadow-sm hover:bg-brand-800 data-hovered:bg-brand-800 data-pressed:bg-brand-900 dark:bg-brand-400 dark:text-slate-950 dark:hover:bg-brand-300 dark:data-hovered:bg-brand-300 dark:data-pressed:bg-brand-200',
  secondary:
    'border border-line bg-surface text-ink hover:bg-subtle data-hovered:bg-subtle data-pressed:bg-subtle',
  inverse: 'bg-white text-brand-800 shadow-sm hover:bg-brand-50 data-hovered:bg-brand-50',
  ghost: 'text-ink hover:bg-subtle data-hovered:bg-subtle data-pressed:bg-subtle',
} as const;

export type ButtonVariant = keyof typeof variants;

const sizes = {
  md: 'h-11 px-5 text-sm',
  lg: 'h-12 px-6 text-base',
  icon: 'h-10 w-10 justify-center',
} as const;

export function buttonClass(
  variant: ButtonVariant = 'primary',
  size: keyof typeof sizes = 'md',
  extra = '',
): string {
  return `inline-flex cursor-pointer items-center justify-center gap-2 rounded-lg font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60 data-disabled:cursor-not-allowed data-disabled:opacity-60 ${sizes[size]} ${variants[variant]} ${focusRing} ${extra}`;
}
