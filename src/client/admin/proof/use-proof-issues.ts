import { useEffect, useRef, useState } from 'react';
import type { ProofIssues } from './proof-issues';

/**
 * The editor's refusal, and where focus goes after one: the consent's date when the consent
 * is missing (the record is what the owner must fill in), else the first field marked
 * invalid, else the form's message, else (a logo without its image) the upload. A keyboard user lands on the problem.
 */
export function useProofIssues() {
  const formRef = useRef<HTMLFormElement>(null);
  const dateRef = useRef<HTMLInputElement>(null);
  const [refusal, setRefusal] = useState<{ issues: ProofIssues } | null>(null);
  useEffect(() => {
    if (!refusal) return;
    const form = formRef.current;
    const target = refusal.issues.consent
      ? dateRef.current
      : (form?.querySelector<HTMLElement>('[aria-invalid="true"], [data-form-refusal]') ??
        (refusal.issues.image ? form?.querySelector<HTMLElement>('input[type="file"]') : null));
    target?.focus();
  }, [refusal]);
  return {
    issues: refusal?.issues ?? {},
    refuse: (issues: ProofIssues) => setRefusal({ issues }),
    clear: () => setRefusal(null),
    formRef,
    dateRef,
  };
}
