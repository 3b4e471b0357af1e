import { ImportItem } from './import-item';

/** All items of one UID: the event or series itself, and the exceptions that change (or cancel) its occurrences. */
export interface ImportGroup {
  uid: string;
  /** The item without RECURRENCE-ID; null when the file has only exceptions for this UID (an orphan). */
  master: ImportItem | null;
  /** Items with a RECURRENCE-ID, in file order; those with status CANCELLED cancel their occurrence. */
  exceptions: ImportItem[];
}

/** Groups items by UID, in the order each UID first appears (Exchange lists exceptions before their series). */
export function groupByUid(items: ImportItem[]): ImportGroup[] {
  const groups = new Map<string, ImportGroup>();
  for (const item of items) {
    let group = groups.get(item.uid);
    if (!group) {
      group = { uid: item.uid, master: null, exceptions: [] };
      groups.set(item.uid, group);
    }
    if (item.recurrenceId) group.exceptions.push(item);
    else group.master = item;
  }
  return [...groups.values()];
}
