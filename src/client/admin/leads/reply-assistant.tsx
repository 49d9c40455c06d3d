import { useEffect, useId, useRef, useState } from 'react';
import type { LeadDraft } from '#shared/shapes/leads';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { Button } from '../ui/controls';
import { DateTime } from '../ui/date-time';
import { useDismissDraft, useDraftReply } from './lead-mutations';

const DRAFT_IN_EDITOR =
  'The draft is in the editor. Read it and change what you need before you send it.';

/** What a draft puts into the reply editor; `id` when it is one kept on the lead. */
export interface DraftText {
  subject: string;
  text: string;
  id?: number;
}

/**
 * The reply editor's drafts (docs/leads.md, "Drafts"): "Draft a reply" asks the site's model
 * (shown only when AI is set up), and the drafts the owner's assistant kept on the lead over
 * MCP are listed with "Use this draft" and "Dismiss". Either only fills the editor: sending
 * stays the editor's own Send reply. When the editor already has text, a draft replaces it
 * only once the owner says so; the question is asked when the draft is there, so text typed
 * while the model was writing is asked about too.
 *
 * A draft's words are the model's or an agent's: they are shown as plain text (React escapes
 * them), never as HTML; the editor's own preview renders them as it renders anything typed.
 */
export function ReplyAssistant({
  leadId,
  canDraft,
  drafts,
  hasText,
  onFill,
}: {
  leadId: number;
  /** AI is set up: "Draft a reply" shows. */
  canDraft: boolean;
  drafts: LeadDraft[];
  /** The editor holds something the draft would replace. */
  hasText: boolean;
  onFill: (draft: DraftText) => void;
}) {
  const write = useDraftReply();
  const [held, setHeld] = useState<DraftText | null>(null);
  const [status, setStatus] = useState('');
  // A draft from the model arrives after the press: what the editor holds then decides.
  const hasTextNow = useRef(hasText);
  useEffect(() => {
    hasTextNow.current = hasText;
  });

  // Once the editor is empty again (the reply sent, or its text cleared), the draft is no
  // longer there to read: its notice goes with it.
  // Adjusted while rendering, not in an effect: no render shows the stale words.
  const [hadText, setHadText] = useState(hasText);
  if (hasText !== hadText) {
    setHadText(hasText);
    if (!hasText && status === DRAFT_IN_EDITOR) setStatus('');
  }

  const fill = (draft: DraftText) => {
    setHeld(null);
    onFill(draft);
    setStatus(DRAFT_IN_EDITOR);
  };
  const offer = (draft: DraftText) => {
    setStatus('');
    if (hasTextNow.current) setHeld(draft);
    else fill(draft);
  };
  const askModel = () => {
    if (write.isPending) return;
    setStatus('Writing a draft from this lead’s messages...');
    write.mutate({ id: leadId }, { onSuccess: offer, onError: () => setStatus('') });
  };

  return (
    <div className="flex flex-col gap-4">
      {drafts.length > 0 ? <KeptDrafts leadId={leadId} drafts={drafts} onUse={offer} /> : null}
      {canDraft ? (
        <div className="flex flex-col items-start gap-1">
          <Button variant="secondary" isPending={write.isPending} onPress={askModel}>
            {write.isPending ? 'Drafting...' : 'Draft a reply'}
          </Button>
          <p className="text-sm text-muted">
            Written by your AI model from this lead’s messages and your published pages. Nothing
            goes until you send it.
          </p>
        </div>
      ) : null}
      {/* Always there, so screen readers hear each change of its words (a polite region). */}
      <p role="status" className="text-sm text-ink">
        {status}
      </p>
      <ConfirmDialog
        isOpen={held !== null}
        title="Replace your text?"
        question="The reply editor already has text. The draft replaces its subject and reply."
        detail={held?.subject}
        confirmLabel="Replace"
        pendingLabel="Replacing..."
        isPending={false}
        onCancel={() => setHeld(null)}
        onConfirm={() => {
          if (held) fill(held);
        }}
      />
    </div>
  );
}

function KeptDrafts({
  leadId,
  drafts,
  onUse,
}: {
  leadId: number;
  drafts: LeadDraft[];
  onUse: (draft: DraftText) => void;
}) {
  const headingId = useId();
  const idPrefix = useId();
  const dismiss = useDismissDraft(leadId);
  const [dismissing, setDismissing] = useState<number | null>(null);
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h3 id={headingId} className="font-semibold text-ink">
        Drafts from your assistant
      </h3>
      <ul aria-labelledby={headingId} className="flex flex-col gap-3">
        {drafts.map((draft) => {
          const subjectId = `${idPrefix}-${draft.id}`;
          return (
            <li key={draft.id} className="rounded-md border border-line p-3">
              <p className="text-sm break-words text-muted">
                {draft.by}, <DateTime iso={draft.at} />
              </p>
              <p id={subjectId} className="font-medium break-words text-ink">
                {draft.subject}
              </p>
              {/* The whole text, its lines kept: it is read before it is used. */}
              <p className="text-sm break-words whitespace-pre-wrap text-muted">
                {draft.text.trim()}
              </p>
              <div className="mt-3 flex flex-wrap gap-2">
                <Button
                  size="sm"
                  variant="secondary"
                  aria-describedby={subjectId}
                  onPress={() => onUse({ subject: draft.subject, text: draft.text, id: draft.id })}
                >
                  Use this draft
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-describedby={subjectId}
                  isPending={dismiss.isPending && dismissing === draft.id}
                  onPress={() => {
                    setDismissing(draft.id);
                    dismiss.mutate({ id: leadId, draftId: draft.id });
                  }}
                >
                  {dismiss.isPending && dismissing === draft.id ? 'Dismissing...' : 'Dismiss'}
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
