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
          // Two passages of one page (two services on the home page) share its address.
          <li key={`${source.url} ${source.title}`}>
            <a href={source.url} className={linkClass}>
              {source.title}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

const bubble = 'rounded-2xl px-3 py-2';
const answerBubble = `${bubble} rounded-bl-sm bg-subtle text-ink`;

/**
 * The conversation so far, a polite log (docs/assistant.md, "The panel"): a screen reader is
 * told each message as it is added, the question as asked and the answer once, whole, with its
 * pages, never the whole log again. The log is there, empty, from the panel's first render, so
 * its first message is announced too. The answer streaming in is drawn after it, outside it:
 * piece by piece nothing is said, and once finished it is added to the log as one message.
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
  // Before the first question it is out of the flow, leaving the panel's grid no empty row,
  // and still in the accessibility tree (hidden, it would not be a live region yet).
  return (
    <div className={turns.length === 0 ? 'absolute' : 'grid gap-3'}>
      <div role="log" aria-live="polite" aria-label="Conversation">
        {turns.length > 0 ? (
          <ol className="grid gap-3">
            {turns.map((turn) =>
              turn.role === 'user' ? (
                <li
                  key={turn.id}
                  className={`${bubble} justify-self-end rounded-br-sm bg-brand-700 whitespace-pre-wrap text-white dark:bg-brand-400 dark:text-slate-950`}
                >
                  <span className="sr-only">You asked: </span>
                  {turn.content}
                </li>
              ) : (
                <li key={turn.id} className={answerBubble}>
                  <span className="sr-only">The site answered: </span>
                  <span className="whitespace-pre-wrap">{turn.content}</span>
                  <Sources sources={turn.sources} />
                  {turn.offer ? offer : null}
                </li>
              ),
            )}
          </ol>
        ) : null}
      </div>
      {streaming !== null ? (
        <p aria-busy="true" className={answerBubble}>
          <span className="whitespace-pre-wrap">{streaming || 'Looking through the site...'}</span>
        </p>
      ) : null}
    </div>
  );
}
