import { useId, type FormEvent } from 'react';
import { ASSISTANT_LIMITS } from '#shared/assistant';
import { buttonClass, focusRing } from '#shared/ui-styles';

const MAX = ASSISTANT_LIMITS.contentMax;

/**
 * The visitor's question: at most 1,000 characters, counted as typed; Ask sends it and
 * empties the field. While an answer streams in, Ask waits for it. The text is the panel's,
 * so a question half typed is still there when the panel opens again.
 */
export function QuestionForm({
  busy,
  question,
  setQuestion,
  onAsk,
}: {
  busy: boolean;
  question: string;
  setQuestion: (question: string) => void;
  onAsk: (question: string) => void;
}) {
  const id = useId();
  const countId = `${id}-count`;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = question.trim();
    if (busy || text === '') return;
    onAsk(text);
    setQuestion('');
  }

  return (
    <form onSubmit={onSubmit} aria-label="Ask the site" className="grid gap-2">
      <label htmlFor={id} className="text-sm font-medium text-ink">
        Your question
      </label>
      <textarea
        id={id}
        name="question"
        // The panel opens for this: the question is what the visitor came to type.
        autoFocus
        rows={3}
        maxLength={MAX}
        value={question}
        onChange={(event) => setQuestion(event.target.value)}
        aria-describedby={countId}
        className={`w-full resize-y rounded-lg border border-line-strong bg-surface px-3 py-2 text-base text-ink ${focusRing}`}
      />
      <div className="flex items-center justify-between gap-3">
        <span id={countId} className="text-sm text-muted">
          {question.length} of {MAX.toLocaleString('en')} characters
        </span>
        {/* Not disabled while busy: a disabled button would drop the keyboard's focus. */}
        <button
          type="submit"
          aria-disabled={busy || undefined}
          className={buttonClass('primary', 'md', 'aria-disabled:opacity-60')}
        >
          {busy ? 'Answering...' : 'Ask'}
        </button>
      </div>
    </form>
  );
}
