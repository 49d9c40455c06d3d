import type { ReactNode } from 'react';
import type { Turn } from './use-conversation';

const linkClass =
  'rounded font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900 dark:text-brand-300 dark:hover:text-brand-200';

/** An answer's pages (title → address), under it. */
function Sources({ sources }: { sources: Extract<Turn, { role: 'assistant' }>['sources'] }) {
  if (sources.length === 0) return null;
  return (
    <div className="mt-2 text-sm">
      <p className="font-medium text-muted">From the site:</p>
      <ul className="mt-1 grid gap-1">
        {sources.map((source) => (
          <li key={source.url}>
            <a href={source.url} className={linkClass}>
              {source.title}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The conversation so far: each question, each answer with its pages, and the answer still
 * streaming in. It is not a live region: the finished answer is said once, elsewhere.
 */
export function ConversationView({
  turns,
  streaming,
  offer,
}: {
  turns: Turn[];
  streaming: string | null;
  /** What an answer with `offer` shows under it: the way to write or to book. */
  offer: ReactNode;
}) {
  if (turns.length === 0 && streaming === null) return null;
  return (
    <ol aria-label="Conversation" className="grid gap-3">
      {turns.map((turn) =>
        turn.role === 'user' ? (
          <li
            key={turn.id}
            className="justify-self-end rounded-2xl rounded-br-sm bg-brand-700 px-3 py-2 whitespace-pre-wrap text-white dark:bg-brand-400 dark:text-slate-950"
          >
            <span className="sr-only">You asked: </span>
            {turn.content}
          </li>
        ) : (
          <li key={turn.id} className="rounded-2xl rounded-bl-sm bg-subtle px-3 py-2 text-ink">
            <span className="sr-only">The site answered: </span>
            <span className="whitespace-pre-wrap">{turn.content}</span>
            <Sources sources={turn.sources} />
            {turn.offer ? offer : null}
          </li>
        ),
      )}
      {streaming !== null ? (
        <li aria-busy="true" className="rounded-2xl rounded-bl-sm bg-subtle px-3 py-2 text-ink">
          <span className="whitespace-pre-wrap">{streaming || 'Looking through the site...'}</span>
        </li>
      ) : null}
    </ol>
  );
}
