/** The kit's turning wheel alone, decorative: the text next to it says what is happening. */
export function Spinner() {
  return <span className="ui-spinner" aria-hidden="true" />;
}
