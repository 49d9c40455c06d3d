import { useRef, useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import type { z } from 'zod/mini';
import type { LeadDraft } from '#shared/shapes/leads';
import { LEAD_LIMITS, leadReplyInput } from '#shared/lead-pipeline';
import type { SuppressionReason } from '#shared/outbox';
import { validate } from '#client/lib/form-errors';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { Button, TextInputField } from '../ui/controls';
import { suppressionSentence } from '../suppressions/suppression-words';
import { EmailPreview } from '../newsletters/email-preview';
import { renderReplyPreview } from '../newsletters/email-preview-render';
import { fieldIssues } from '../ui/field-issues';
import { useSendReply } from './lead-mutations';
import { ReplyAssistant, type DraftText } from './reply-assistant';

const count = (n: number) => n.toLocaleString('en-US');

type LeadReplyInput = z.output<typeof leadReplyInput>;

/**
 * The reply to a lead: Markdown with the newsletter editor's live preview (the mail exactly
 * as it goes out, light and dark, and its text part, once something is written), and an optional subject (blank: "Re: "
 * and the subject of their first message). Sent, it shows on the timeline at once as
 * "Sending", and the page follows it until the mail is handed over or has failed.
 *
 * An address on the suppression list (`suppressed`) is said above the form, and Send asks
 * "Send anyway?" first: a reply is one person's mail, so it still goes when confirmed
 * (docs/leads.md).
 *
 * Drafts (docs/leads.md, "Drafts"): with AI set up (`canDraft`) "Draft a reply" asks the
 * model, and the drafts the owner's assistant kept on the lead are offered; either fills the
 * subject and reply, and goes only through Send reply, as anything typed does; a kept draft
 * sent so leaves the lead.
 */
export function ReplyEditor({
  leadId,
  email,
  suppressed = null,
  canDraft = false,
  drafts = [],
}: {
  leadId: number;
  email: string;
  suppressed?: { reason: SuppressionReason; at: string } | null;
  canDraft?: boolean;
  drafts?: LeadDraft[];
}) {
  const [text, setText] = useState('');
  const [subject, setSubject] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  /** The kept draft the editor was filled from: named when sent, so it leaves the lead. */
  const [draftId, setDraftId] = useState<number | undefined>(undefined);
  /** A checked reply waiting for "Send anyway". */
  const [held, setHeld] = useState<LeadReplyInput | null>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const subjectRef = useRef<HTMLInputElement>(null);
  const send = useSendReply(leadId);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (send.isPending) return;
    const checked = validate(leadReplyInput, {
      id: leadId,
      text,
      subject: subject.trim() === '' ? undefined : subject,
      draftId,
    });
    if (!checked.ok) {
      setErrors(checked.errors);
      (checked.errors['text'] ? textRef : subjectRef).current?.focus();
      return;
    }
    setErrors({});
    if (suppressed) setHeld(checked.data);
    else mutate(checked.data);
  };

  const fill = (draft: DraftText) => {
    setSubject(draft.subject);
    setText(draft.text);
    setDraftId(draft.id);
    setErrors({});
  };

  const mutate = (reply: LeadReplyInput) =>
    send.mutate(reply, {
      onSuccess: () => {
        setText('');
        setSubject('');
        setDraftId(undefined);
      },
      onError: (error) => setErrors(fieldIssues(error)),
      onSettled: () => setHeld(null),
    });

  return (
    <section aria-labelledby="reply-heading" className="flex flex-col gap-6">
      <h2 id="reply-heading" className="text-lg font-semibold text-ink">
        Reply to {email}
      </h2>
      {suppressed ? (
        <p className="rounded-md border-l-4 border-amber-700 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-200">
          {suppressionSentence(suppressed)} A reply still goes if you confirm it.
        </p>
      ) : null}
      {canDraft || drafts.length > 0 ? (
        <ReplyAssistant
          leadId={leadId}
          canDraft={canDraft}
          drafts={drafts}
          hasText={text.trim() !== '' || subject.trim() !== ''}
          onFill={fill}
        />
      ) : null}
      <Form
        onSubmit={submit}
        validationBehavior="aria"
        aria-labelledby="reply-heading"
        className="flex flex-col gap-4"
      >
        <TextInputField
          label="Subject (optional)"
          name="subject"
          value={subject}
          onChange={setSubject}
          error={errors['subject']}
          description="Blank: “Re: ” and the subject of their first message, so their mail program keeps the conversation together."
          inputRef={subjectRef}
        />
        <TextInputField
          label="Reply (Markdown)"
          name="text"
          multiline
          rows={8}
          value={text}
          onChange={setText}
          error={errors['text']}
          description={`${count(text.length)} of ${count(LEAD_LIMITS.replyMax)} characters. **bold**, *italic*, [text](https://…), - lists. Their answer comes back to your mailbox.`}
          textAreaRef={textRef}
        />
        <div className="flex justify-end">
          <Button type="submit" isPending={send.isPending}>
            {send.isPending ? 'Sending...' : 'Send reply'}
          </Button>
        </div>
      </Form>
      {/* Two empty mail frames before a word is written only push the page down. */}
      {text.trim() === '' ? (
        <p className="text-sm text-muted">The preview appears as you write.</p>
      ) : (
        <EmailPreview subject={subject.trim() || 'Re: …'} body={text} render={renderReplyPreview} />
      )}
      {suppressed ? (
        <ConfirmDialog
          isOpen={held !== null}
          title="Send anyway?"
          question={`${suppressionSentence(suppressed)} Send anyway?`}
          detail={email}
          confirmLabel="Send anyway"
          pendingLabel="Sending..."
          isPending={send.isPending}
          onCancel={() => setHeld(null)}
          onConfirm={() => {
            if (held) mutate(held);
          }}
        />
      ) : null}
    </section>
  );
}
