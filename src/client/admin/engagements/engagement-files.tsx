/**
 * The files of an engagement in the admin (docs/engagements.md, "Files"): the list (the
 * owner's and the client's, each with its size and SHA-256), an upload sent as
 * multipart/form-data (a file cannot travel in the tRPC client's JSON), and a delete asked
 * about first. The server's refusal (10 MB, 200 MB, a type it does not take) is shown as it
 * words it.
 */
import { useId, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { trpc } from '#client/lib/trpc';
import { toast } from '#client/ui/toast';
import {
  ENGAGEMENT_FILE_MAX_BYTES,
  ENGAGEMENT_FILE_MESSAGES,
} from '#shared/engagements/file-rules';
import type { EngagementFile } from '#shared/shapes/engagements';
import { uploadImage } from '../content/media-upload';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { Button } from '../ui/controls';
import { errorMessage } from '../ui/errors';

const ACCEPT =
  '.pdf,.png,.jpg,.jpeg,.webp,.txt,.md,.csv,.docx,.xlsx,.pptx,.zip,application/pdf,image/png,image/jpeg,image/webp,text/plain,text/markdown,text/csv,application/zip';

function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

function FileRow({ file, onDelete }: { file: EngagementFile; onDelete: () => void }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 border-t border-line py-3 first:border-t-0">
      <div className="flex min-w-0 flex-col gap-1">
        <span className="font-medium break-all text-ink">{file.name}</span>
        <span className="text-sm text-muted">
          {file.side === 'client' ? 'From the client' : 'Yours'} · {sizeText(file.size)} ·{' '}
          {new Date(file.createdAt).toLocaleDateString()}
        </span>
        <span className="font-mono text-xs break-all text-muted" title="SHA-256">
          SHA-256 {file.sha256}
        </span>
      </div>
      <Button variant="secondary" onPress={onDelete} aria-label={`Delete ${file.name}`}>
        Delete
      </Button>
    </li>
  );
}

export function EngagementFiles({ engagementId }: { engagementId: number }) {
  const inputId = useId();
  const utils = trpc.useUtils();
  const files = trpc.engagementFiles.list.useQuery({ id: engagementId });
  const [refusal, setRefusal] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<EngagementFile | null>(null);
  const refresh = () => utils.engagementFiles.list.invalidate({ id: engagementId });
  const upload = useMutation({
    mutationFn: (file: File) =>
      uploadImage<EngagementFile>(`/api/engagements/${engagementId}/files`, 'file', file),
    onSuccess: async (file) => {
      setRefusal(null);
      toast({ title: `${file.name} uploaded`, description: 'The client’s page shows it now.' });
      await refresh();
    },
    onError: (error) => setRefusal(errorMessage(error)),
  });
  const remove = trpc.engagementFiles.remove.useMutation({
    onSuccess: async () => {
      toast({ title: `${deleting?.name ?? 'The file'} deleted` });
      setDeleting(null);
      await refresh();
    },
    onError: (error) => {
      setDeleting(null);
      setRefusal(errorMessage(error));
    },
  });

  return (
    <section aria-labelledby={`${inputId}-title`} className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 id={`${inputId}-title`} className="text-xl font-semibold text-ink">
          Files
        </h2>
        <p className="text-sm text-muted">
          Shared with the client on their page. At most 10 MB a file and 200 MB in all: PDF, images
          (PNG, JPEG, WebP), text, Markdown, CSV, Word, Excel, PowerPoint or ZIP.
        </p>
      </div>
      {files.data ? (
        files.data.files.length > 0 ? (
          <ul aria-label="Shared files" className="flex flex-col">
            {files.data.files.map((file) => (
              <FileRow key={file.id} file={file} onDelete={() => setDeleting(file)} />
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted">No files shared yet.</p>
        )
      ) : files.isError ? (
        <p className="text-sm text-red-700 dark:text-red-300">{errorMessage(files.error)}</p>
      ) : (
        <p className="text-sm text-muted">Loading the files...</p>
      )}
      <div className="flex flex-col gap-1">
        <label htmlFor={inputId} className="text-sm font-medium text-ink">
          Upload a file
        </label>
        <input
          id={inputId}
          type="file"
          accept={ACCEPT}
          disabled={upload.isPending}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (!file) return;
            // The server refuses it too; said here before 10 MB travel.
            if (file.size > ENGAGEMENT_FILE_MAX_BYTES) {
              setRefusal(ENGAGEMENT_FILE_MESSAGES.tooLarge);
              return;
            }
            upload.mutate(file);
          }}
          className="max-w-full text-sm text-ink file:mr-3 file:rounded-md file:border file:border-line-strong file:bg-raised file:px-3 file:py-2 file:text-ink"
        />
      </div>
      <div role="status" className="text-sm">
        {upload.isPending ? (
          <p className="text-muted">Uploading...</p>
        ) : refusal ? (
          <p className="text-red-700 dark:text-red-300">{refusal}</p>
        ) : null}
      </div>
      <ConfirmDialog
        isOpen={deleting !== null}
        title="Delete this file?"
        question="It goes from your list and from the client’s page. This cannot be undone."
        detail={deleting?.name}
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        isPending={remove.isPending}
        onConfirm={() => {
          if (deleting) remove.mutate({ id: engagementId, fileId: deleting.id });
        }}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}
