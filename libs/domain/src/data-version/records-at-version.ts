/**
 * Records read at one data version, kept in this process until the version moves. The data version
 * names the database's state (every write raises it), so a record kept under the version a request
 * read is the record that request would read again: nothing here can be stale for its key. A write
 * anywhere empties it at the next read; it is an optimisation for read-mostly calendars, where the
 * same venues, organizers and terms appear on page after page.
 */
export class RecordsAtVersion<T extends { id: number }> {
  private version: string | undefined;
  private readonly records = new Map<number, T>();

  constructor(private readonly maxRecords: number) {}

  /**
   * The records with these IDs that exist (in no particular order), and whatever else `load` read
   * with them (a term's ancestors), which is kept too; `version` undefined: not read, ask `load`.
   */
  async find(version: string | undefined, ids: number[], load: (ids: number[]) => Promise<T[]>): Promise<T[]> {
    if (ids.length === 0) return [];
    if (version === undefined) return load(ids);
    if (version !== this.version) {
      this.version = version;
      this.records.clear();
    }
    const found: T[] = [];
    const missing: number[] = [];
    for (const id of ids) {
      const record = this.records.get(id);
      if (record) found.push(record);
      else missing.push(id);
    }
    if (missing.length === 0) return found;
    const loaded = await load(missing);
    // Another request may have moved the version meanwhile: what this one read belongs to its own.
    if (this.version === version) {
      for (const record of loaded) if (this.records.size < this.maxRecords) this.records.set(record.id, record);
    }
    return [...found, ...loaded];
  }
}
