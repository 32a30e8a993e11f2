/**
 * The bottom bar's place while nobody knows yet who is signed in (the stored session is being read, or no script
 * has run): same height, so the page does not jump when the real bar arrives.
 */
export function BottomBarPlaceholder() {
  return <div className="app-bottom-nav" aria-hidden="true" />;
}
