import { Link } from '@tanstack/react-router';
import { trpc } from '#client/lib/trpc';
import { PROOF_PAGE_SIZE } from '#shared/proof';
import type { Testimonial } from '#shared/shapes/proof';
import { PagedRead } from '../ui/list-table';
import { useDocumentTitle } from '../ui/use-document-title';
import { ListHeader, rowLinkClass, useListSearch } from './proof-list';
import { ProofListScreen } from './proof-screen';
import { ProofStatusBadge } from './proof-status';

/** The quote's first words: the list shows which one it is, the editor the whole. */
export function excerpt(text: string, max = 120): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

/** Testimonials (docs/admin-guide.md): last updated first, searched by the server. */
export function TestimonialsPage() {
  useDocumentTitle('Testimonials');
  const search = useListSearch();
  const list = trpc.testimonials.list.useQuery(search.input, { placeholderData: (kept) => kept });
  return (
    <ProofListScreen>
      <ListHeader
        title="Testimonials"
        intro="Clients’ words, shown on the home page once published with their consent"
        newLink={{ to: '/admin/testimonials/new', label: 'New testimonial' }}
        search={{
          label: 'Search quotes, names and companies',
          value: search.q,
          onChange: search.setQ,
        }}
      />
      <PagedRead
        query={list}
        pending="Loading testimonials..."
        error="Error loading testimonials"
        count={(data) => data.testimonials.length}
        emptyPage="No testimonials on this page."
        empty={() =>
          search.input.q
            ? 'No testimonial matches this search.'
            : 'No testimonials yet. Press "New testimonial" to add the first.'
        }
        pager={{
          page: search.input.page,
          pageSize: PROOF_PAGE_SIZE,
          label: 'Testimonials',
          onPage: search.setPage,
        }}
      >
        {(data) => (
          <ul aria-label="Testimonials, last updated first" className="flex flex-col gap-3">
            {data.testimonials.map((testimonial) => (
              <li key={testimonial.id}>
                <TestimonialRow testimonial={testimonial} />
              </li>
            ))}
          </ul>
        )}
      </PagedRead>
    </ProofListScreen>
  );
}

function TestimonialRow({ testimonial }: { testimonial: Testimonial }) {
  const who = [testimonial.name, testimonial.role, testimonial.company].filter(Boolean);
  return (
    <article
      aria-labelledby={`testimonial-${testimonial.id}`}
      className="flex flex-col gap-1 rounded-md border border-line p-4"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={`testimonial-${testimonial.id}`} className="min-w-0 font-semibold break-words">
          <Link
            to="/admin/testimonials/$id"
            params={{ id: String(testimonial.id) }}
            className={rowLinkClass}
          >
            {who.join(', ')}
          </Link>
        </h2>
        <ProofStatusBadge status={testimonial.status} />
        {testimonial.consent ? null : (
          <span className="text-sm text-muted">No consent recorded</span>
        )}
      </div>
      <p className="text-sm break-words text-muted">“{excerpt(testimonial.quote)}”</p>
    </article>
  );
}
