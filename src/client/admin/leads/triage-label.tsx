import { triageLabelValues, type TriageLabel } from '#shared/triage';
import { Badge, type BadgeTone } from '../ui/badge';

export { triageLabelValues, type TriageLabel };

/** The words the admin shows for each label (docs/leads.md, "Triage on the screens"). */
export const TRIAGE_LABEL_NAMES: Record<TriageLabel, string> = {
  genuine: 'Genuine',
  pitch: 'Pitch',
  spam: 'Spam',
  unsure: 'Unsure',
};

/**
 * A possible client is what the owner is after; spam and pitches are set aside; unsure asks
 * the owner to look. The word carries the meaning, the colour only repeats it.
 */
const TONES: Record<TriageLabel, BadgeTone> = {
  genuine: 'done',
  unsure: 'waiting',
  pitch: 'quiet',
  spam: 'quiet',
};

/** "Triage: Spam" to a screen reader (beside the status badge, "Spam" alone is unclear). */
export function TriageBadge({ label }: { label: TriageLabel }) {
  return (
    <Badge tone={TONES[label]}>
      <span className="sr-only">Triage: </span>
      {TRIAGE_LABEL_NAMES[label]}
    </Badge>
  );
}

/** The summary's first non-blank line: what the leads list shows under the name. */
export function firstLine(summary: string): string {
  return (
    summary
      .split(/\r?\n/)
      .map((line) => line.trim())
      .find((line) => line !== '') ?? ''
  );
}
