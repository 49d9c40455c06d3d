import { LIMITS } from '#shared/constants';
import { passwordStrength, type PasswordScore } from '#shared/account';

/** Filled segments' colour by score; the word beside them carries the meaning. */
const FILL: Record<PasswordScore, string> = {
  0: 'bg-red-700 dark:bg-red-400',
  1: 'bg-red-700 dark:bg-red-400',
  2: 'bg-amber-600 dark:bg-amber-400',
  3: 'bg-green-700 dark:bg-green-400',
  4: 'bg-green-700 dark:bg-green-400',
};

const SEGMENTS = [1, 2, 3, 4] as const;

/**
 * The new password's strength as it is typed: a four-part bar (decoration) and the word
 * ("Strength: Fair"), which is what screen readers hear, politely, when it changes. Only a
 * hint: the one rule the server applies is the length (shared/account.ts). Inline elements
 * only: it is the field's description, inside a <span>.
 */
export function PasswordStrengthHint({ password }: { password: string }) {
  const { score, label } = passwordStrength(password);
  return (
    <span className="flex flex-col gap-1">
      <span aria-hidden="true" className="flex gap-1" data-score={password ? score : undefined}>
        {SEGMENTS.map((segment) => (
          <span
            key={segment}
            className={`h-1.5 flex-1 rounded-full ${
              password && segment <= Math.max(score, 1) ? FILL[score] : 'bg-line'
            }`}
          />
        ))}
      </span>
      <span>
        {/* Present from the start, so the first word typed is announced. */}
        <span aria-live="polite" className="font-medium text-ink">
          {password ? `Strength: ${label}.` : ''}
        </span>{' '}
        At least {LIMITS.passwordMin} characters; a few unrelated words make a strong one.
      </span>
    </span>
  );
}
