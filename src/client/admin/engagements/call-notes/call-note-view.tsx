import type { CallNote } from '#shared/shapes/call-notes';
import { Badge } from '../../ui/badge';
import { DateTime } from '../../ui/date-time';

const linkClass =
  'text-brand-700 underline underline-offset-2 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none dark:text-brand-300 dark:focus-visible:ring-brand-400';

/**
 * One call's note: the summary, decisions and actions as plain text (never HTML), an owner or
 * date the call did not state marked "proposed"; the follow-up draft is in the reply editor
 * below (`#reply-heading`), and the transcript folded away.
 */
export function CallNoteView({ note }: { note: CallNote }) {
  return (
    <article
      aria-labelledby={`call-note-${note.id}`}
      className="rounded-lg border border-line bg-raised p-3"
    >
      <h3 id={`call-note-${note.id}`} className="font-medium text-ink">
        Notes of <DateTime iso={note.createdAt} />
      </h3>
      {note.summary ? (
        <p className="mt-2 break-words whitespace-pre-wrap text-ink">{note.summary}</p>
      ) : (
        <p className="mt-2 text-sm text-muted">No notes: the transcript is kept.</p>
      )}
      {note.decisions.length > 0 ? (
        <>
          <h4 className="mt-3 text-sm font-semibold text-ink">Decisions</h4>
          <ul className="mt-1 list-disc pl-5 text-ink">
            {note.decisions.map((decision, i) => (
              <li key={i}>{decision}</li>
            ))}
          </ul>
        </>
      ) : null}
      {note.actions.length > 0 ? (
        <>
          <h4 className="mt-3 text-sm font-semibold text-ink">Actions</h4>
          <ul className="mt-1 flex flex-col gap-1 pl-5 text-ink">
            {note.actions.map((action, i) => (
              <li key={i} className="list-disc">
                {action.what}
                {action.owner ? `, ${action.owner}` : ''}
                {action.due ? `, by ${action.due}` : ''}{' '}
                {action.proposed ? <Badge tone="waiting">proposed</Badge> : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {note.draftId !== null ? (
        <p className="mt-3 text-sm">
          <a href="#reply-heading" className={linkClass}>
            Follow-up draft in the reply editor
          </a>{' '}
          (never sent until you send it)
        </p>
      ) : null}
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer text-muted">Transcript</summary>
        <p className="mt-2 max-h-64 overflow-auto break-words whitespace-pre-wrap text-ink">
          {note.transcript}
        </p>
      </details>
    </article>
  );
}
