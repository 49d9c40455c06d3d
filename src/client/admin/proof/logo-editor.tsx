import { useState, type FormEvent } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useMutation } from '@tanstack/react-query';
import { trpc } from '#client/lib/trpc';
import { toast } from '#client/ui/toast';
import type { ClientLogo } from '#shared/shapes/proof';
import { TextInputField } from '../ui/controls';
import { ConsentRecordFields } from './consent-record-fields';
import { EditorActions } from './editor-actions';
import { FormRefusal } from './form-refusal';
import { ImageField } from './image-field';
import { uploadProofImage } from './image-upload';
import { proofIssues } from './proof-issues';
import { logoInput, logoValues, publishHint } from './proof-values';
import { useProofIssues } from './use-proof-issues';

type Action = 'save' | 'publish' | 'unpublish';

const DONE: Record<Action, string> = {
  save: 'Logo saved',
  publish: 'Logo published',
  unpublish: 'Logo unpublished: it is a draft again',
};

/**
 * A client logo's editor (docs/admin-guide.md, "Testimonials and client logos"): the client's
 * name and site, the consent record, the image. As the testimonial's: Publish saves, then
 * publishes, and a logo without its image is refused at the image.
 */
export function LogoEditor({ logo }: { logo?: ClientLogo }) {
  const [values, setValues] = useState(() => logoValues(logo));
  const { issues, refuse, clear, formRef, dateRef } = useProofIssues();
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const set = (patch: Partial<typeof values>) => setValues({ ...values, ...patch });

  const act = useMutation({
    mutationFn: async (action: Action): Promise<ClientLogo> => {
      const client = utils.client.clientLogos;
      if (!logo) return (await client.create.mutate(logoInput(values))).clientLogo;
      const id = logo.id;
      if (action === 'unpublish') return (await client.unpublish.mutate({ id })).clientLogo;
      const saved = (await client.save.mutate({ id, ...logoInput(values) })).clientLogo;
      return action === 'publish' ? (await client.publish.mutate({ id })).clientLogo : saved;
    },
    onSuccess: (saved, action) => {
      clear();
      utils.clientLogos.byId.setData({ id: saved.id }, { clientLogo: saved });
      toast({ title: logo ? DONE[action] : 'Logo created as a draft' });
      if (!logo) {
        void navigate({ to: '/admin/client-logos/$id', params: { id: String(saved.id) } });
      }
    },
    onError: (error) => refuse(proofIssues(error)),
    onSettled: () => utils.clientLogos.invalidate(),
  });
  const remove = trpc.clientLogos.remove.useMutation({
    onSuccess: () => {
      toast({ title: 'Logo deleted' });
      void navigate({ to: '/admin/client-logos' });
    },
    onError: (error) => refuse(proofIssues(error)),
    onSettled: () => utils.clientLogos.list.invalidate(),
  });
  const pending = remove.isPending ? 'delete' : act.isPending ? act.variables : null;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!act.isPending) act.mutate('save');
  };
  const setImage = (next: ClientLogo) =>
    utils.clientLogos.byId.setData({ id: next.id }, { clientLogo: next });

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="flex flex-col gap-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInputField
          label="Client’s name"
          isRequired
          value={values.name}
          onChange={(name) => set({ name })}
          error={issues.name}
        />
        <TextInputField
          label="Client’s site (optional)"
          value={values.url}
          onChange={(url) => set({ url })}
          error={issues.url}
          description="The logo links to it, e.g. https://acme.example"
        />
      </div>
      <ConsentRecordFields
        values={values.consent}
        onChange={(consent) => set({ consent })}
        issues={issues}
        dateRef={dateRef}
      />
      {logo ? (
        <ImageField
          label="Logo image"
          hint="Shown in the row of client logos on the home page. SVG looks sharpest; PNG, JPEG, WebP or AVIF will do."
          image={logo.image}
          issue={issues.image}
          upload={async (file, alt) =>
            setImage(
              await uploadProofImage(`/api/client-logos/${logo.id}/image`, 'clientLogo', file, alt),
            )
          }
          remove={async () =>
            setImage(
              (await utils.client.clientLogos.removeImage.mutate({ id: logo.id })).clientLogo,
            )
          }
        />
      ) : null}
      <FormRefusal message={issues.form} />
      <EditorActions
        status={logo?.status}
        noun="logo"
        publishHint={publishHint(values, logo?.image === null)}
        pending={pending ?? null}
        onPublish={() => act.mutate('publish')}
        onUnpublish={() => act.mutate('unpublish')}
        onDelete={() => logo && remove.mutate({ id: logo.id })}
      />
    </form>
  );
}
