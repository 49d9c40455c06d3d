import type { ReactNode } from 'react';
import type { SiteContent, VideoSource } from '#shared/site-content';
import type { SiteMedia } from '#shared/shapes/media';
import { Switch, TextInputField } from '../ui/controls';
import { SECTIONS, type FieldSpec } from './content-fields';
import { linesOf, pathKey, valueAt, withValue, type FieldPath } from './content-values';

/** What a legal page still holding its starting text says under its field (docs/content.md). */
export const STARTING_TEXT_NOTE =
  'Starting text: it describes this software with its default settings, not your business. Adapt it before you rely on it; you are responsible for it.';

function descriptionOf(field: FieldSpec, value: unknown): string | undefined {
  const starting =
    field.startingText !== undefined &&
    typeof value === 'string' &&
    value.trim() === field.startingText.trim();
  return starting ? STARTING_TEXT_NOTE : field.description;
}
/** The first message about this field or anything inside it (a list's entries). */
function errorOf(errors: Record<string, string>, path: FieldPath): string | undefined {
  const key = pathKey(path);
  if (errors[key]) return errors[key];
  const inside = Object.keys(errors).find((k) => k.startsWith(`${key}.`));
  return inside ? errors[inside] : undefined;
}

function shown(value: unknown, kind: FieldSpec['kind']): string {
  if (kind === 'lines') return Array.isArray(value) ? value.join('\n') : '';
  return value === undefined || value === null ? '' : String(value);
}

function parsed(input: string, kind: FieldSpec['kind']): unknown {
  if (kind === 'lines') return linesOf(input);
  // A whole number is stored as one; anything else stays text, which the schema refuses.
  if (kind === 'years') return /^\d{1,3}$/.test(input.trim()) ? Number(input.trim()) : input;
  return input;
}

const VIDEO_CHOICES: { value: VideoSource; label: string; description: string }[] = [
  {
    value: 'demo',
    label: 'The demo video that comes with the site',
    description: 'A facility analytics demo, served by this site, with English captions.',
  },
  {
    value: 'embed',
    label: 'A YouTube or Vimeo video',
    description: 'Loaded from YouTube or Vimeo when a visitor presses play.',
  },
  { value: 'none', label: 'No video', description: 'The section is not shown.' },
];

function VideoSourceChoice({
  value,
  onChange,
}: {
  value: VideoSource;
  onChange: (value: VideoSource) => void;
}) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium text-ink">Video</legend>
      {VIDEO_CHOICES.map((choice) => (
        <div key={choice.value} className="flex items-start gap-2 text-sm">
          <input
            type="radio"
            id={`video-source-${choice.value}`}
            name="video.source"
            value={choice.value}
            checked={value === choice.value}
            onChange={() => onChange(choice.value)}
            aria-describedby={`video-source-${choice.value}-description`}
            className="mt-0.5 h-4 w-4 accent-brand-600"
          />
          <div>
            <label htmlFor={`video-source-${choice.value}`} className="cursor-pointer text-ink">
              {choice.label}
            </label>
            <p id={`video-source-${choice.value}-description`} className="text-xs text-muted">
              {choice.description}
            </p>
          </div>
        </div>
      ))}
    </fieldset>
  );
}

export function ContentForm({
  values,
  errors,
  onChange,
  media,
  children,
}: {
  values: SiteContent;
  errors: Record<string, string>;
  onChange: (values: SiteContent) => void;
  /** The uploaded images: the logo takes room from the name in a phone's header. */
  media?: SiteMedia | undefined;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-8">
      {SECTIONS.map((section) => (
        <section
          key={section.id}
          aria-labelledby={`content-${section.id}`}
          className="flex flex-col gap-4 border-t border-line pt-6 first:border-t-0 first:pt-0"
        >
          <h2 id={`content-${section.id}`} className="text-lg font-semibold text-ink">
            {section.title}
          </h2>
          {section.intro ? <p className="text-sm text-muted">{section.intro}</p> : null}
          {section.id === 'acknowledgement' ? (
            <Switch
              isSelected={values.acknowledgement.enabled}
              onChange={(on) => onChange(withValue(values, ['acknowledgement', 'enabled'], on))}
            >
              Send an acknowledgement to the visitor
            </Switch>
          ) : null}
          {section.id === 'video' ? (
            <VideoSourceChoice
              value={values.video.source}
              onChange={(source) => onChange(withValue(values, ['video', 'source'], source))}
            />
          ) : null}
          <div className="grid grid-cols-[minmax(0,1fr)] gap-4 md:grid-cols-2">
            {section.fields
              .filter((field) => field.when?.(values) ?? true)
              .map((field) => ({ field, wraps: !field.multiline && !field.short }))
              .map(({ field, wraps }) => (
                <div
                  key={pathKey(field.path)}
                  // Long example addresses in a description wrap instead of widening the form.
                  className={`min-w-0 [overflow-wrap:anywhere] ${field.short ? '' : 'md:col-span-2'}`}
                >
                  <TextInputField
                    label={field.label}
                    name={pathKey(field.path)}
                    multiline={field.multiline || wraps}
                    rows={wraps ? 1 : field.rows}
                    grow={wraps}
                    description={
                      field.more ? (
                        <>
                          {descriptionOf(field, valueAt(values, field.path))}
                          {field.more(values, media)}
                        </>
                      ) : (
                        descriptionOf(field, valueAt(values, field.path))
                      )
                    }
                    value={shown(valueAt(values, field.path), field.kind)}
                    onChange={(input) =>
                      onChange(
                        withValue(
                          values,
                          field.path,
                          // A wrapped line is still one line: Enter or a pasted break is a space.
                          parsed(wraps ? input.replace(/\r?\n/g, ' ') : input, field.kind),
                        ),
                      )
                    }
                    error={errorOf(errors, field.path)}
                  />
                </div>
              ))}
          </div>
        </section>
      ))}
      {children}
    </div>
  );
}
