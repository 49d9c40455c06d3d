import { trpc } from '#client/lib/trpc';
import { parseIdParam } from '../ui/id-param';
import { QueryState } from '../ui/query-state';
import { useDocumentTitle } from '../ui/use-document-title';
import { ProofEditorScreen } from './proof-screen';
import { ProofStatusBadge } from './proof-status';
import { LogoEditor } from './logo-editor';

const BACK = { to: '/admin/client-logos', label: 'All client logos' } as const;

export function NewLogoPage() {
  useDocumentTitle('New client logo');
  return (
    <ProofEditorScreen back={BACK}>
      <h1 className="mb-6 text-2xl font-bold text-ink">New client logo</h1>
      <LogoEditor />
    </ProofEditorScreen>
  );
}

function NotFound() {
  return (
    <p role="alert" className="text-muted">
      Client logo not found. It may have been deleted.
    </p>
  );
}

export function LogoPage({ idParam }: { idParam: string }) {
  useDocumentTitle('Client logo');
  const id = parseIdParam(idParam);
  return (
    <ProofEditorScreen back={BACK}>
      {id === null ? <NotFound /> : <LoadedLogo id={id} />}
    </ProofEditorScreen>
  );
}

function LoadedLogo({ id }: { id: number }) {
  const query = trpc.clientLogos.byId.useQuery({ id });
  return (
    <QueryState
      query={query}
      pending="Loading client logo..."
      error="Error loading the client logo"
      notFound={<NotFound />}
    >
      {({ clientLogo }) => (
        <>
          <div className="mb-6 flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-bold text-ink">Edit client logo</h1>
            <ProofStatusBadge status={clientLogo.status} />
          </div>
          {/* Keyed by id: the fields start from this logo, not one opened before. */}
          <LogoEditor key={clientLogo.id} logo={clientLogo} />
        </>
      )}
    </QueryState>
  );
}
