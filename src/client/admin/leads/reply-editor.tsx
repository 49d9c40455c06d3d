import { useRef, useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { LEAD_LIMITS, leadReplyInput } from '#shared/lead-pipeline';
import { validate } from '#client/lib/form-errors';
import { Button, TextInputField } from '../controls';
import { EmailPreview } from '../newsletters/email-preview';
import { renderReplyPreview } from '../newsletters/email-preview-render';
import { fieldIssues } from './field-issues';
import { useSendReply } from './lead-mutations';

const count = (n: number) => n.toLocaleString('en-US');

/**
 * The reply to a lead: Markdown with the newsletter editor's live preview (the mail exactly
 * as it goes out, light and dark, and its text part, once something is written), and an optional subject (blank: "Re: "
 * and the subject of their first message). Sent, it shows on the timeline at once as
 * "Sending", and the page follows it until the mail is handed over or has failed.
 */
export function ReplyEditor({ leadId, email }: { leadId: number; email: string }) {
  const [text, setText] = useState('');
  const [subject, setSubject] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
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
    });
    if (!checked.ok) {
      setErrors(checked.errors);
      (checked.errors['text'] ? textRef : subjectRef).current?.focus();
      return;
    }
    setErrors({});
    send.mutate(checked.data, {
      onSuccess: () => {
        setText('');
        setSubject('');
      },
      onError: (error) => setErrors(fieldIssues(error)),
    });
  };

  return (
    <section aria-labelledby="reply-heading" className="flex flex-col gap-6">
      <h2 id="reply-heading" className="text-lg font-semibold text-ink">
        Reply to {email}
      </h2>
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
    </section>
  );
}
