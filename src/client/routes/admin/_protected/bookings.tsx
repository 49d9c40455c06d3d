import { createFileRoute } from '@tanstack/react-router';
import { BookingsPage } from '#client/admin/bookings/bookings-page';
import { bookingSearchSchema } from '#client/admin/bookings/search-params';
import { loadForScreen } from '#client/admin/shell/route-loader';

/** The tab (upcoming or past) and the page live in the address. */
export const Route = createFileRoute('/admin/_protected/bookings')({
  validateSearch: (search) => bookingSearchSchema.parse(search),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps, cause }) =>
    loadForScreen(context, (utils) => {
      const read = utils.bookings.list.prefetch({
        scope: deps.scope ?? 'upcoming',
        page: deps.page ?? 1,
      });
      return cause === 'stay' ? [] : [read];
    }),
  pendingComponent: BookingsRoute,
  component: BookingsRoute,
});

function BookingsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <BookingsPage search={search} onSearch={(next) => void navigate({ search: next })} />;
}
