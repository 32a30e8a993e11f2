/** A count with its noun in the right number: '1 note', '2 notes', '0 notes' (`plural` for irregular nouns). */
export function counted(count: number, noun: string, plural = `${noun}s`): string {
  return `${count} ${count === 1 ? noun : plural}`;
}
