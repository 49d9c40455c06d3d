import type { Ref } from 'react';
import { NEWSLETTER_LIMITS } from '#shared/newsletter';
import { TextInputField } from '../ui/controls';

const count = (n: number) => n.toLocaleString('en-US');

export interface MessageValues {
  subject: string;
  body: string;
}

interface MessageFieldsProps {
  values: MessageValues;
  onChange: (values: MessageValues) => void;
  errors: Partial<Record<keyof MessageValues, string>>;
  subjectRef?: Ref<HTMLInputElement>;
  bodyRef?: Ref<HTMLTextAreaElement>;
  rows?: number;
}

/**
 * A mail's subject and Markdown body, as a newsletter draft and each welcome-sequence step
 * edit them: the body's length against the newsletter's limit, and the Markdown it takes.
 */
export function MessageFields({
  values,
  onChange,
  errors,
  subjectRef,
  bodyRef,
  rows = 14,
}: MessageFieldsProps) {
  return (
    <>
      <TextInputField
        label="Subject"
        name="subject"
        value={values.subject}
        onChange={(subject) => onChange({ ...values, subject })}
        error={errors.subject}
        inputRef={subjectRef}
      />
      <TextInputField
        label="Body (Markdown)"
        name="body"
        multiline
        rows={rows}
        value={values.body}
        onChange={(body) => onChange({ ...values, body })}
        error={errors.body}
        description={`${count(values.body.length)} of ${count(NEWSLETTER_LIMITS.bodyMax)} characters. # Heading, **bold**, *italic*, [text](https://…), - lists.`}
        textAreaRef={bodyRef}
      />
    </>
  );
}
