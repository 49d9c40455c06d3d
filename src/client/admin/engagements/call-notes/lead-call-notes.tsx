import { useState } from 'react';
import { trpc } from '#client/lib/trpc';
import type { CallNoteAdded, LeadCall } from '#shared/shapes/call-notes';
import { Button, Card } from '../../ui/controls';
import { DateTime, formatDateTime } from '../../ui/date-time';
import { QueryState } from '../../ui/query-state';
import { AddTranscriptDialog } from './add-transcript-dialog';
import { CallNoteView } from './call-note-view';

/** Which call the dialog adds a transcript to: one of the lead's, or none named. */
type Adding = { call: LeadCall | null } | null;

/**
 * The lead's calls with "Add transcript" on each (and one for a call not booked here), and
 * the notes kept from transcripts, newest first (docs/engagements.md, "Call notes"). After
 * adding, what the server said is announced: the AI's notice when it wrote no notes or draft.
 */
export function LeadCallNotes({ leadId }: { leadId: number }) {
  const notes = trpc.callNotes.list.useQuery({ id: leadId });
  const utils = trpc.useUtils();
  const [adding, setAdding] = useState<Adding>(null);
  const [said, setSaid] = useState<string | null>(null);

  const added = (answer: CallNoteAdded) => {
    setSaid(answer.notice ?? 'Transcript added: the notes and a follow-up draft are below.');
    void utils.callNotes.list.invalidate({ id: leadId });
    // The lead's drafts (the reply editor's) hold the new follow-up.
    void utils.leads.get.invalidate({ id: leadId });
  };

  return (
    <Card labelledBy="lead-calls-heading">
      <h2 id="lead-calls-heading" className="mb-4 text-lg font-semibold text-ink">
        Calls and notes
      </h2>
      <QueryState query={notes} pending="Loading calls..." error="Error loading calls">
        {(data) => (
          <div className="flex flex-col gap-4">
            {data.calls.length > 0 ? (
              <ul aria-label="Calls" className="flex flex-col gap-2">
                {data.calls.map((call) => (
                  <li key={call.id} className="flex flex-wrap items-center justify-between gap-2">
                    <span className="text-ink">
                      Call of <DateTime iso={call.start} />
                      {call.status === 'confirmed' ? '' : ` (${call.status})`}
                    </span>
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label={`Add transcript of the call of ${formatDateTime(call.start)}`}
                      onPress={() => setAdding({ call })}
                    >
                      Add transcript
                    </Button>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-muted">No calls booked.</p>
            )}
            <div>
              <Button variant="secondary" size="sm" onPress={() => setAdding({ call: null })}>
                Add transcript of another call
              </Button>
            </div>
            <p role="status" className="text-sm text-ink">
              {said}
            </p>
            {data.callNotes.map((note) => (
              <CallNoteView key={note.id} note={note} />
            ))}
          </div>
        )}
      </QueryState>
      <AddTranscriptDialog
        leadId={leadId}
        bookingId={adding?.call?.id ?? null}
        callLabel={adding?.call ? `the call of ${formatDateTime(adding.call.start)}` : null}
        isOpen={adding !== null}
        onClose={(answer) => {
          setAdding(null);
          if (answer) added(answer);
        }}
      />
    </Card>
  );
}
