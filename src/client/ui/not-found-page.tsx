export function NotFoundPage() {
  return (
    <main className="flex min-h-screen items-center justify-center p-4">
      <div role="alert" className="rounded-lg border p-6 text-center shadow">
        <h1 className="text-2xl font-bold">404 Page Not Found</h1>
        <p className="mt-4">Did you forget to add the page to the router?</p>
      </div>
    </main>
  );
}
