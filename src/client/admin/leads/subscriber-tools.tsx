import { useId, useState, type FormEvent } from 'react';
import { CONSENT_STATEMENT, RESEND_INTERVAL_HOURS } from '#shared/subscriber-tools';
import type { ImportRow } from '#shared/shapes/subscribers';
import { Button, TextInputField } from '../ui/controls';
import { errorMessage } from '../ui/errors';
import { fieldIssues } from '../ui/field-issues';
import { useAddSubscriber, useImportPart, useResendAllConfirmations } from './lead-mutations';
import { parseImport, splitIntoParts, type ImportCell } from './subscriber-import';

/** The rule the resend buttons keep, said where they are. */
export const RESEND_RULE = `A pending address is sent at most one new confirmation mail every ${RESEND_INTERVAL_HOURS} hours, whatever is pressed; nobody who unsubscribed or was removed is mailed.`;

const RESULT_LABELS: Record<ImportRow['result'], string> = {
  added: 'Added',
  exists: 'Already there',
  invalid: 'Invalid',
};

/** The owner's statement: ticked, the people are confirmed at once and no mail goes. */
function ConsentCheckbox({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-2">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="mt-1 h-4 w-4 shrink-0 accent-brand-700"
      />
      <label htmlFor={id} className="text-sm text-ink">
        {CONSENT_STATEMENT}{' '}
        <span className="text-muted">
          (They are confirmed at once. Unticked, each gets the confirmation mail and stays pending
          until they confirm.)
        </span>
      </label>
    </div>
  );
}

export function AddSubscriberForm() {
  const [email, setEmail] = useState('');
  const [consent, setConsent] = useState(false);
  const add = useAddSubscriber();
  const issue = add.error ? (fieldIssues(add.error).email ?? errorMessage(add.error)) : undefined;

  function submit(event: FormEvent) {
    event.preventDefault();
    add.mutate(
      { email, consent },
      {
        onSuccess: () => {
          setEmail('');
          setConsent(false);
        },
      },
    );
  }

  return (
    <form onSubmit={submit} aria-labelledby="add-subscriber-title" className="flex flex-col gap-3">
      <h3 id="add-subscriber-title" className="font-semibold text-ink">
        Add one address
      </h3>
      <TextInputField
        label="E-mail address"
        type="email"
        value={email}
        onChange={(value) => {
          setEmail(value);
          if (add.error) add.reset();
        }}
        error={issue}
        isRequired
      />
      <ConsentCheckbox checked={consent} onChange={setConsent} />
      <div>
        <Button type="submit" isPending={add.isPending}>
          {add.isPending ? 'Adding...' : 'Add'}
        </Button>
      </div>
    </form>
  );
}

interface ImportedRow extends ImportCell, ImportRow {}

type ImportState =
  | { kind: 'idle' }
  | { kind: 'refused'; message: string }
  | { kind: 'sending'; done: number; parts: number }
  | {
      kind: 'done';
      rows: ImportedRow[];
      /** Set when a part failed: the rows from it on were not imported. */
      stopped?: { message: string; fromRow: number; left: number };
    };

/**
 * Reads the chosen file in the browser, sends its addresses in parts one after another, and
 * lists every row's result. A part that fails stops the import and says from which row on
 * nothing was sent, so nothing is lost silently.
 */
export function ImportSubscribersForm({ onImported }: { onImported: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [consent, setConsent] = useState(false);
  const [state, setState] = useState<ImportState>({ kind: 'idle' });
  const importPart = useImportPart();
  const fileId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!file) {
      setState({ kind: 'refused', message: 'Choose a CSV file first.' });
      return;
    }
    const parsed = parseImport(await file.text());
    if (!parsed.ok) {
      setState({ kind: 'refused', message: parsed.message });
      return;
    }
    const parts = splitIntoParts(parsed.cells, consent);
    const rows: ImportedRow[] = [];
    for (const [index, part] of parts.entries()) {
      setState({ kind: 'sending', done: index, parts: parts.length });
      try {
        const answer = await importPart.mutateAsync({
          emails: part.map((cell) => cell.email),
          consent,
        });
        answer.results.forEach((result, i) => rows.push({ ...part[i]!, ...result }));
      } catch (error) {
        const left = parts.slice(index).reduce((n, p) => n + p.length, 0);
        setState({
          kind: 'done',
          rows,
          stopped: { message: errorMessage(error), fromRow: part[0]!.row, left },
        });
        onImported();
        return;
      }
    }
    setState({ kind: 'done', rows });
    onImported();
  }

  return (
    <form
      onSubmit={(e) => void submit(e)}
      aria-labelledby="import-title"
      className="flex flex-col gap-3"
    >
      <h3 id="import-title" className="font-semibold text-ink">
        Import a CSV file
      </h3>
      <div className="flex flex-col gap-1">
        <label htmlFor={fileId} className="text-sm font-medium text-ink">
          CSV file with an e-mail column
        </label>
        <input
          id={fileId}
          type="file"
          accept=".csv,text/csv,text/plain"
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setState({ kind: 'idle' });
          }}
          className="text-sm text-ink file:mr-3 file:rounded-md file:border file:border-line-strong file:bg-raised file:px-3 file:py-2 file:text-ink"
        />
        <span className="text-xs text-muted">
          An export from another tool: the column whose header says e-mail is read, separated by
          commas or semicolons.
        </span>
      </div>
      <ConsentCheckbox checked={consent} onChange={setConsent} />
      <div>
        <Button type="submit" isPending={state.kind === 'sending'}>
          {state.kind === 'sending' ? 'Importing...' : 'Import'}
        </Button>
      </div>
      <div role="status" className="text-sm">
        {state.kind === 'refused' ? (
          <p className="text-red-700 dark:text-red-300">{state.message}</p>
        ) : state.kind === 'sending' ? (
          <p className="text-muted">
            Sending part {state.done + 1} of {state.parts}...
          </p>
        ) : state.kind === 'done' ? (
          <ImportSummary rows={state.rows} stopped={state.stopped} />
        ) : null}
      </div>
      {state.kind === 'done' && state.rows.length > 0 ? <ImportResults rows={state.rows} /> : null}
    </form>
  );
}

function ImportSummary({
  rows,
  stopped,
}: {
  rows: ImportedRow[];
  stopped?: { message: string; fromRow: number; left: number };
}) {
  const count = (result: ImportRow['result']) => rows.filter((r) => r.result === result).length;
  return (
    <>
      <p className="text-ink">
        {count('added')} added, {count('exists')} already there, {count('invalid')} invalid.
      </p>
      {stopped ? (
        <p className="text-red-700 dark:text-red-300">
          The import stopped at row {stopped.fromRow}: {stopped.message} {stopped.left} rows from
          there on were not imported; import the file again to add them (rows already added are
          answered as already there).
        </p>
      ) : null}
    </>
  );
}

/** Every row's result, the ones that need a look (invalid, already there) first. */
function ImportResults({ rows }: { rows: ImportedRow[] }) {
  const order: ImportRow['result'][] = ['invalid', 'exists', 'added'];
  const sorted = [...rows].sort(
    (a, b) => order.indexOf(a.result) - order.indexOf(b.result) || a.row - b.row,
  );
  return (
    <div
      tabIndex={0}
      role="region"
      aria-label="Import results"
      className="max-h-80 overflow-auto rounded-md border border-line"
    >
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Each imported row's result</caption>
        <thead className="border-b border-line text-muted">
          <tr>
            <th scope="col" className="px-2 py-1 font-semibold">
              Row
            </th>
            <th scope="col" className="px-2 py-1 font-semibold">
              Address
            </th>
            <th scope="col" className="px-2 py-1 font-semibold">
              Result
            </th>
          </tr>
        </thead>
        <tbody>
          {sorted.map((row) => (
            <tr key={row.row} className="border-b border-line">
              <td className="px-2 py-1 text-muted">{row.row}</td>
              <td className="px-2 py-1 break-all text-ink">{row.email}</td>
              <td className="px-2 py-1 text-ink">
                {RESULT_LABELS[row.result]}
                {row.reason ? <span className="block text-xs text-muted">{row.reason}</span> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * "Resend to all pending": the server keeps the 24-hour rule per address. `pending` is how
 * many are known to wait (none: the button is off), unknown while a search narrows the counts.
 */
export function ResendAllButton({ pending }: { pending: number | undefined }) {
  const resend = useResendAllConfirmations();
  return (
    <Button
      variant="secondary"
      isDisabled={pending === 0}
      isPending={resend.isPending}
      onPress={() => resend.mutate()}
    >
      Resend confirmation to all pending
    </Button>
  );
}
