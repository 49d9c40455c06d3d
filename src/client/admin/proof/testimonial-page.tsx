import { trpc } from '#client/lib/trpc';
import { parseIdParam } from '../ui/id-param';
import { QueryState } from '../ui/query-state';
import { useDocumentTitle } from '../ui/use-document-title';
import { ProofEditorScreen } from './proof-screen';
import { ProofStatusBadge } from './proof-status';
import { TestimonialEditor } from './testimonial-editor';

const BACK = { to: '/admin/testimonials', label: 'All testimonials' } as const;

export function NewTestimonialPage() {
  useDocumentTitle('New testimonial');
  return (
    <ProofEditorScreen back={BACK}>
      <h1 className="mb-6 text-2xl font-bold text-ink">New testimonial</h1>
      <TestimonialEditor />
    </ProofEditorScreen>
  );
}

function NotFound() {
  return (
    <p role="alert" className="text-muted">
      Testimonial not found. It may have been deleted.
    </p>
  );
}

export function TestimonialPage({ idParam }: { idParam: string }) {
  useDocumentTitle('Testimonial');
  const id = parseIdParam(idParam);
  return (
    <ProofEditorScreen back={BACK}>
      {id === null ? <NotFound /> : <LoadedTestimonial id={id} />}
    </ProofEditorScreen>
  );
}

function LoadedTestimonial({ id }: { id: number }) {
  const query = trpc.testimonials.byId.useQuery({ id });
  return (
    <QueryState
      query={query}
      pending="Loading testimonial..."
      error="Error loading the testimonial"
      notFound={<NotFound />}
    >
      {({ testimonial }) => (
        <>
          <div className="mb-6 flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-bold text-ink">Edit testimonial</h1>
            <ProofStatusBadge status={testimonial.status} />
          </div>
          {/* Keyed by id: the fields start from this testimonial, not one opened before. */}
          <TestimonialEditor key={testimonial.id} testimonial={testimonial} />
        </>
      )}
    </QueryState>
  );
}
