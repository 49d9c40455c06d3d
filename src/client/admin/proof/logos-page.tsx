import { Link } from '@tanstack/react-router';
import { trpc } from '#client/lib/trpc';
import { PROOF_PAGE_SIZE } from '#shared/proof';
import type { ClientLogo } from '#shared/shapes/proof';
import { PagedRead } from '../ui/list-table';
import { useDocumentTitle } from '../ui/use-document-title';
import { ListHeader, rowLinkClass, useListSearch } from './proof-list';
import { ProofListScreen } from './proof-screen';
import { ProofStatusBadge } from './proof-status';

/** Client logos (docs/admin-guide.md): last updated first, searched by name on the server. */
export function LogosPage() {
  useDocumentTitle('Client logos');
  const search = useListSearch();
  const list = trpc.clientLogos.list.useQuery(search.input, { placeholderData: (kept) => kept });
  return (
    <ProofListScreen>
      <ListHeader
        title="Client logos"
        intro="Clients who agreed to be shown, in a row on the home page once published"
        newLink={{ to: '/admin/client-logos/new', label: 'New logo' }}
        search={{ label: 'Search by name', value: search.q, onChange: search.setQ }}
      />
      <PagedRead
        query={list}
        pending="Loading client logos..."
        error="Error loading client logos"
        count={(data) => data.clientLogos.length}
        emptyPage="No client logos on this page."
        empty={() =>
          search.input.q
            ? 'No logo matches this search.'
            : 'No client logos yet. Press "New logo" to add the first.'
        }
        pager={{
          page: search.input.page,
          pageSize: PROOF_PAGE_SIZE,
          label: 'Client logos',
          onPage: search.setPage,
        }}
      >
        {(data) => (
          <ul aria-label="Client logos, last updated first" className="flex flex-col gap-3">
            {data.clientLogos.map((logo) => (
              <li key={logo.id}>
                <LogoRow logo={logo} />
              </li>
            ))}
          </ul>
        )}
      </PagedRead>
    </ProofListScreen>
  );
}

function LogoRow({ logo }: { logo: ClientLogo }) {
  return (
    <article
      aria-labelledby={`logo-${logo.id}`}
      className="flex flex-wrap items-center gap-3 rounded-md border border-line p-4"
    >
      <div className="flex h-12 w-24 shrink-0 items-center justify-center rounded border border-line bg-white">
        {logo.image ? (
          // The name is beside it: the thumbnail is decoration here.
          <img src={logo.image.url} alt="" className="max-h-10 max-w-20 object-contain" />
        ) : (
          <span className="text-xs text-gray-700">No image</span>
        )}
      </div>
      <h2 id={`logo-${logo.id}`} className="min-w-0 font-semibold break-words">
        <Link
          to="/admin/client-logos/$id"
          params={{ id: String(logo.id) }}
          className={rowLinkClass}
        >
          {logo.name}
        </Link>
      </h2>
      <ProofStatusBadge status={logo.status} />
      {logo.consent ? null : <span className="text-sm text-muted">No consent recorded</span>}
    </article>
  );
}
