import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useMutation } from '@tanstack/react-query';
import { trpc } from '#client/lib/trpc';
import { toast } from '#client/ui/toast';
import { PROOF_LIMITS } from '#shared/proof';
import type { Testimonial } from '#shared/shapes/proof';
import { TextInputField } from '../ui/controls';
import { ConsentRecordFields } from './consent-record-fields';
import { EditorActions } from './editor-actions';
import { EntryField } from './entry-field';
import { FormRefusal } from './form-refusal';
import { ImageField } from './image-field';
import { uploadProofImage } from './image-upload';
import { proofIssues } from './proof-issues';
import { publishHint, testimonialInput, testimonialValues } from './proof-values';
import { useProofIssues } from './use-proof-issues';

type Action = 'save' | 'publish' | 'unpublish';

const DONE: Record<Action, string> = {
  save: 'Testimonial saved',
  publish: 'Testimonial published',
  unpublish: 'Testimonial unpublished: it is a draft again',
};

const linkClass =
  'text-brand-700 underline underline-offset-2 hover:text-brand-800 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none dark:text-brand-300 dark:focus-visible:ring-brand-400';

/**
 * A testimonial's editor (docs/admin-guide.md, "Testimonials and client logos"): the quote
 * with its counter, who said it, the case study it belongs to, the consent record, the photo.
 * Publish saves what is typed, then publishes; the server's refusals come back to the fields.
 */
export function TestimonialEditor({ testimonial }: { testimonial?: Testimonial }) {
  const [values, setValues] = useState(() => testimonialValues(testimonial));
  const { issues, refuse, clear, formRef, dateRef } = useProofIssues();
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const set = (patch: Partial<typeof values>) => setValues({ ...values, ...patch });

  const act = useMutation({
    mutationFn: async (action: Action): Promise<Testimonial> => {
      const client = utils.client.testimonials;
      if (!testimonial) return (await client.create.mutate(testimonialInput(values))).testimonial;
      const id = testimonial.id;
      if (action === 'unpublish') return (await client.unpublish.mutate({ id })).testimonial;
      const saved = (await client.save.mutate({ id, ...testimonialInput(values) })).testimonial;
      return action === 'publish' ? (await client.publish.mutate({ id })).testimonial : saved;
    },
    onSuccess: (saved, action) => {
      clear();
      utils.testimonials.byId.setData({ id: saved.id }, { testimonial: saved });
      toast({ title: testimonial ? DONE[action] : 'Testimonial created as a draft' });
      if (!testimonial) {
        void navigate({ to: '/admin/testimonials/$id', params: { id: String(saved.id) } });
      }
    },
    onError: (error) => refuse(proofIssues(error)),
    // A save that went through before its publish was refused is read again too.
    onSettled: () => utils.testimonials.invalidate(),
  });
  const remove = trpc.testimonials.remove.useMutation({
    onSuccess: () => {
      toast({ title: 'Testimonial deleted' });
      void navigate({ to: '/admin/testimonials' });
    },
    onError: (error) => refuse(proofIssues(error)),
    onSettled: () => utils.testimonials.list.invalidate(),
  });
  const pending = remove.isPending ? 'delete' : act.isPending ? act.variables : null;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!act.isPending) act.mutate('save');
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="flex flex-col gap-5">
      <TextInputField
        label="Quote"
        multiline
        grow
        rows={4}
        isRequired
        value={values.quote}
        onChange={(quote) => set({ quote })}
        error={issues.quote}
        description={`${values.quote.length} of ${PROOF_LIMITS.quoteMax} characters`}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <TextInputField
          label="Name"
          isRequired
          value={values.name}
          onChange={(name) => set({ name })}
          error={issues.name}
        />
        <TextInputField
          label="Role"
          value={values.role}
          onChange={(role) => set({ role })}
          error={issues.role}
        />
        <TextInputField
          label="Company"
          value={values.company}
          onChange={(company) => set({ company })}
          error={issues.company}
        />
      </div>
      <EntryField
        value={values.entryId}
        onChange={(entryId) => set({ entryId })}
        issue={issues.entryId}
      />
      {testimonial?.leadId ? (
        <p className="text-sm text-muted">
          It came from{' '}
          <Link
            to="/admin/leads/$id"
            params={{ id: String(testimonial.leadId) }}
            className={linkClass}
          >
            lead {testimonial.leadId}
          </Link>
          : erasing that lead erases this testimonial too.
        </p>
      ) : null}
      <ConsentRecordFields
        values={values.consent}
        onChange={(consent) => set({ consent })}
        issues={issues}
        dateRef={dateRef}
      />
      {testimonial ? <TestimonialPhoto testimonial={testimonial} /> : null}
      <FormRefusal message={issues.form} />
      <EditorActions
        status={testimonial?.status}
        noun="testimonial"
        publishHint={publishHint(values)}
        pending={pending ?? null}
        onPublish={() => act.mutate('publish')}
        onUnpublish={() => act.mutate('unpublish')}
        onDelete={() => testimonial && remove.mutate({ id: testimonial.id })}
      />
    </form>
  );
}

/** The photo, uploaded or removed at once (not by Save): the testimonial comes back with it. */
function TestimonialPhoto({ testimonial }: { testimonial: Testimonial }) {
  const utils = trpc.useUtils();
  const setPhoto = (next: Testimonial) =>
    utils.testimonials.byId.setData({ id: next.id }, { testimonial: next });
  return (
    <ImageField
      label="Photo"
      hint="Shown round beside the quote, 64 px wide: the middle of the picture is cropped square."
      image={testimonial.photo}
      upload={async (file, alt) =>
        setPhoto(
          await uploadProofImage(
            `/api/testimonials/${testimonial.id}/photo`,
            'testimonial',
            file,
            alt,
          ),
        )
      }
      remove={async () =>
        setPhoto(
          (await utils.client.testimonials.removePhoto.mutate({ id: testimonial.id })).testimonial,
        )
      }
    />
  );
}
