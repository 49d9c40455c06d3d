import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { trpc } from '#client/lib/trpc';
import { CheckboxField } from '#client/ui/fields';
import { Button, Card, TextInputField } from '../ui/controls';
import { DateTime } from '../ui/date-time';
import { errorMessage } from '../ui/errors';
import { useAiEnabled } from '../ui/use-ai';

/**
 * "Request testimonial" and "Draft case study" on a lead (docs/engagements.md): two small
 * forms, each saying in a live region what came of it (the request mailed, the draft and any
 * quotation that was removed), or the server's refusal.
 */
export function TestimonialActions({ leadId }: { leadId: number }) {
  return (
    <Card labelledBy="lead-proof-heading">
      <h2 id="lead-proof-heading" className="mb-4 text-lg font-semibold text-ink">
        Testimonial and case study
      </h2>
      <div className="flex flex-col gap-6">
        <RequestTestimonial leadId={leadId} />
        <div className="border-t border-line pt-4">
          <DraftCaseStudy leadId={leadId} />
        </div>
      </div>
    </Card>
  );
}

function RequestTestimonial({ leadId }: { leadId: number }) {
  const aiEnabled = useAiEnabled();
  const [text, setText] = useState('');
  const [ai, setAi] = useState(false);
  const request = trpc.testimonialRequests.create.useMutation();
  const mailed = request.data;
  return (
    <form
      aria-label="Request testimonial"
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (!request.isPending) request.mutate({ id: leadId, ai, ...(ai ? {} : { text }) });
      }}
    >
      <TextInputField
        label="Suggested words (optional)"
        value={text}
        onChange={setText}
        multiline
        rows={3}
        isDisabled={ai}
        description="The client can change them freely before approving; nothing is shown unless they approve."
      />
      {aiEnabled ? (
        <CheckboxField name="ai" isSelected={ai} onChange={setAi}>
          Let AI suggest the words from this lead&rsquo;s story (marked as a suggestion)
        </CheckboxField>
      ) : null}
      <div>
        <Button type="submit" isPending={request.isPending}>
          {request.isPending ? 'Requesting...' : 'Request testimonial'}
        </Button>
      </div>
      <p role="status" className="text-sm text-muted">
        {mailed ? (
          <>
            Request mailed to the client. Its link works until <DateTime iso={mailed.expiresAt} />.
          </>
        ) : null}
      </p>
      {request.error ? (
        <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
          {errorMessage(request.error)}
        </p>
      ) : null}
    </form>
  );
}

function DraftCaseStudy({ leadId }: { leadId: number }) {
  const [amounts, setAmounts] = useState(false);
  const draft = trpc.caseStudy.draft.useMutation();
  const done = draft.data;
  return (
    <form
      aria-label="Draft case study"
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (!draft.isPending) draft.mutate({ id: leadId, amounts });
      }}
    >
      <CheckboxField name="amounts" isSelected={amounts} onChange={setAmounts}>
        Include amounts (prices and the total)
      </CheckboxField>
      <div>
        <Button type="submit" variant="secondary" isPending={draft.isPending}>
          {draft.isPending ? 'Drafting...' : 'Draft case study'}
        </Button>
      </div>
      <div role="status" className="text-sm text-muted">
        {done ? (
          <>
            <p>
              Draft saved:{' '}
              <Link
                to="/admin/content/case-studies/$id"
                params={{ id: String(done.entry.id) }}
                className="font-medium text-brand-700 underline dark:text-brand-300"
              >
                {done.entry.title}
              </Link>
              .
            </p>
            {done.flagged.length > 0 ? (
              <>
                <p className="mt-2">
                  Removed because they were not the client&rsquo;s approved words:
                </p>
                <ul className="mt-1 list-disc pl-5">
                  {done.flagged.map((quote) => (
                    <li key={quote}>{quote}</li>
                  ))}
                </ul>
              </>
            ) : null}
          </>
        ) : null}
      </div>
      {draft.error ? (
        <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
          {errorMessage(draft.error)}
        </p>
      ) : null}
    </form>
  );
}
