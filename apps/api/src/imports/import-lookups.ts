/** What a run looks up by name: the venue, organizer, category or tag records that names stand for. */
export type LookupKind = 'venue' | 'organizer' | 'categories' | 'tags';

/**
 * A run's record IDs by name, so a name that thousands of events repeat is looked up once per run
 * instead of once per event (README, Importing calendars). Only found records are kept: a name not
 * found yet is looked up again, since the event write that follows creates it.
 *
 * An ID found inside a transaction may belong to a record that transaction created, so it is only
 * as good as that transaction: `mark()` before a unit of work and `forgetSince(mark)` when it rolls
 * back (a UID's savepoint or a whole batch) drops what was learned since. Names are kept as
 * written: the database's own matching (case, accents) decides what a name finds.
 */
export class RunLookups {
  private readonly ids = new Map<string, number>();
  /** Keys in the order they were learned, for `forgetSince`. */
  private readonly learned: string[] = [];

  get(kind: LookupKind, name: string): number | undefined {
    return this.ids.get(keyOf(kind, name));
  }

  remember(kind: LookupKind, name: string, id: number): void {
    const key = keyOf(kind, name);
    if (this.ids.has(key)) return;
    this.ids.set(key, id);
    this.learned.push(key);
  }

  mark(): number {
    return this.learned.length;
  }

  forgetSince(mark: number): void {
    for (const key of this.learned.splice(mark)) this.ids.delete(key);
  }

  /** Everything: a transaction run again after a conflict may have lost to a write that deleted a record. */
  forgetAll(): void {
    this.forgetSince(0);
  }
}

function keyOf(kind: LookupKind, name: string): string {
  return `${kind}\n${name}`;
}
