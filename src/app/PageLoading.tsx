export function PageLoading() {
  return (
    <p className="app-page-loading" role="status">
      Loading…
    </p>
  );
}
