/** The class attribute of a kit element: its own classes, then the caller's, without empty entries. */
export function classNames(...names: ReadonlyArray<string | false | null | undefined>): string {
  return names.filter(Boolean).join(' ');
}
