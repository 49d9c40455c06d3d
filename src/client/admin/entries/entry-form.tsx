import { ENTRY_LIMITS, type EntryKind } from '#shared/entries';
import { ENTRY_LIST_PATHS } from '#shared/entry-paths';
import { TextInputField } from '../ui/controls';
import { EntryResults } from './entry-results';
import type { EntryErrors, EntryValues } from './entry-values';

interface EntryFormProps {
  kind: EntryKind;
  values: EntryValues;
  errors: EntryErrors;
  onChange: (values: EntryValues) => void;
  /** Not saved yet: the address is made from the title unless one is typed. */
  isNew: boolean;
}

/**
 * An entry's text (docs/admin-guide.md, "Case studies and insights"): each field with its
 * message, the server's or the page's, tied to it. Client, industry and results are a case
 * study's.
 */
export function EntryForm({ kind, values, errors, onChange, isNew }: EntryFormProps) {
  const set = (field: keyof EntryValues) => (value: string) =>
    onChange({ ...values, [field]: value });
  const base = ENTRY_LIST_PATHS[kind];
  return (
    <div className="flex flex-col gap-4">
      <TextInputField
        label="Title"
        name="title"
        value={values.title}
        error={errors['title']}
        onChange={set('title')}
        description={`Up to ${ENTRY_LIMITS.titleMax} characters, on one line.`}
      />
      <TextInputField
        label="Address (slug)"
        name="slug"
        value={values.slug}
        error={errors['slug']}
        onChange={set('slug')}
        description={
          isNew
            ? `Optional: lower-case words joined by hyphens. Left empty, it is made from the title. The page will be at ${base}/…`
            : `The page is at ${base}/${values.slug || '…'}. Changing it once published sends the old address to the new one.`
        }
      />
      <TextInputField
        label="Summary"
        name="summary"
        value={values.summary}
        error={errors['summary']}
        onChange={set('summary')}
        multiline
        rows={2}
        grow
        description={`Shown in the lists, in search results and when the page is shared. Up to ${ENTRY_LIMITS.summaryMax} characters.`}
      />
      <TextInputField
        label="Text"
        name="body"
        value={values.body}
        error={errors['body']}
        onChange={set('body')}
        multiline
        rows={12}
        description="In Markdown, as the site's pages are (## Heading, **bold**, [text](https://…), - lists, ``` code ```). Pictures must be images uploaded in the admin."
      />
      {kind === 'case_study' ? (
        <>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <TextInputField
              label="Client"
              name="client"
              value={values.client}
              error={errors['client']}
              onChange={set('client')}
              description="Optional: the company you worked for."
            />
            <TextInputField
              label="Industry"
              name="industry"
              value={values.industry}
              error={errors['industry']}
              onChange={set('industry')}
              description="Optional, e.g. Logistics."
            />
          </div>
          <EntryResults values={values} errors={errors} onChange={onChange} />
        </>
      ) : null}
      <TextInputField
        label="Tags"
        name="tags"
        value={values.tags}
        error={errors['tags']}
        onChange={set('tags')}
        description={`Separated by commas, up to ${ENTRY_LIMITS.tags}.`}
      />
    </div>
  );
}
