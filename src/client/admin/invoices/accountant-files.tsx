import { useState } from 'react';
import { buttonClass } from '#shared/ui-styles';
import { Card, TextInputField } from '../ui/controls';

/** The address of one of the period's files; a day left empty is the server's (this month). */
export function accountantFileUrl(kind: 'csv' | 'zip', from: string, to: string): string {
  const query = new URLSearchParams();
  if (from) query.set('from', from);
  if (to) query.set('to', to);
  const search = query.toString();
  return `/api/invoices/export.${kind}${search ? `?${search}` : ''}`;
}

/**
 * The accountant's files of a period (docs/invoices.md, "Handing the files to your
 * accountant"): the CSV of every issued document and the ZIP of their PDFs and XML, by issue
 * day. Plain downloads of the admin's session; the server answers 400 at a day it refuses.
 */
export function AccountantFiles() {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  return (
    <Card labelledBy="accountant-files-heading">
      <h2 id="accountant-files-heading" className="text-lg font-semibold text-ink">
        For your accountant
      </h2>
      <p className="mt-1 mb-4 text-muted">
        The issued invoices and credit notes of a period, by issue day. Left empty: this month.
      </p>
      <div className="flex flex-wrap items-end gap-4">
        <TextInputField label="From" name="from" type="date" value={from} onChange={setFrom} />
        <TextInputField label="To" name="to" type="date" value={to} onChange={setTo} />
        <a href={accountantFileUrl('csv', from, to)} download className={buttonClass('secondary')}>
          Download the list (CSV)
        </a>
        <a href={accountantFileUrl('zip', from, to)} download className={buttonClass('secondary')}>
          Download the files (ZIP)
        </a>
      </div>
    </Card>
  );
}
