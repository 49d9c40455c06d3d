import { useId, type Ref } from 'react';
import { PROOF_LIMITS } from '#shared/proof';
import { TextInputField } from '../ui/controls';
import type { ProofIssues } from './proof-issues';
import type { ConsentValues } from './proof-values';

interface ConsentRecordFieldsProps {
  values: ConsentValues;
  onChange: (values: ConsentValues) => void;
  issues: ProofIssues;
  /** The date's input: focused when a publish is refused for want of consent. */
  dateRef?: Ref<HTMLInputElement>;
}

/**
 * The consent record (docs/admin-guide.md, "Testimonials and client logos"): when and how the
 * client agreed. The server refuses to publish without it; its words appear here, under the
 * sentence that says why the record is asked for.
 */
export function ConsentRecordFields({
  values,
  onChange,
  issues,
  dateRef,
}: ConsentRecordFieldsProps) {
  const explanationId = useId();
  const refusalId = useId();
  const refusal = issues.consent;
  return (
    <fieldset
      aria-describedby={refusal ? `${explanationId} ${refusalId}` : explanationId}
      className={`flex flex-col gap-3 rounded-md border p-4 ${refusal ? 'border-red-700 dark:border-red-300' : 'border-line'}`}
    >
      <legend className="px-1 text-sm font-semibold text-ink">Consent</legend>
      <p id={explanationId} className="text-sm text-muted">
        Publishing needs the client’s agreement: record when and how they gave it.
      </p>
      {refusal ? (
        <p id={refusalId} className="text-sm font-medium text-red-700 dark:text-red-300">
          {refusal}
        </p>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-[12rem_1fr]">
        <TextInputField
          label="Date of consent"
          type="date"
          value={values.at}
          onChange={(at) => onChange({ ...values, at })}
          error={issues['consent.at']}
          inputRef={dateRef}
        />
        <TextInputField
          label="How it was given"
          value={values.how}
          onChange={(how) => onChange({ ...values, how })}
          error={issues['consent.how']}
          description={`For example “e-mail of 3 May”; at most ${PROOF_LIMITS.consentHowMax} characters.`}
        />
      </div>
    </fieldset>
  );
}
