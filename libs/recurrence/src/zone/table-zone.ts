import { zoneByName } from '@app/common';
import { Zone, ZoneOffsetFormat, ZoneOffsetOptions } from 'luxon';
import { ZoneYear, zoneYear } from './zone-transitions';

/**
 * A zone whose offsets come from a table of its changes per year (zoneYear) instead of one Intl
 * call per question: expanding 3,000 occurrences asks about 15,000 times, and each Intl call costs
 * about 40 µs here. Answers the same as the zone it wraps; fixed offsets are passed through.
 */
export class TableZone extends Zone {
  /** Probed once per year and kept: a zone's past and future rules do not change while the process runs. */
  private readonly years = new Map<number, ZoneYear>();

  constructor(private readonly source: Zone) {
    super();
  }

  override get type(): string {
    return this.source.type;
  }

  override get name(): string {
    return this.source.name;
  }

  override get isUniversal(): boolean {
    return this.source.isUniversal;
  }

  override get isValid(): boolean {
    return this.source.isValid;
  }

  override offsetName(ts: number, options: ZoneOffsetOptions): string | null {
    return this.source.offsetName(ts, options);
  }

  override formatOffset(ts: number, format: ZoneOffsetFormat): string {
    return this.source.formatOffset(ts, format);
  }

  override offset(ts: number): number {
    if (this.source.isUniversal) return this.source.offset(ts);
    const { startOffset, changes } = this.year(new Date(ts).getUTCFullYear());
    let offset = startOffset;
    for (const change of changes) {
      if (change.at > ts) break;
      offset = change.to;
    }
    return offset;
  }

  private year(year: number): ZoneYear {
    let found = this.years.get(year);
    if (!found) {
      found = zoneYear(this.source, year);
      this.years.set(year, found);
    }
    return found;
  }

  override equals(other: Zone): boolean {
    return other instanceof TableZone ? this.source.equals(other.source) : this.source.equals(other);
  }
}

const tableZones = new Map<Zone, TableZone>();

export function tableZone(zone: Zone): TableZone {
  let table = tableZones.get(zone);
  if (!table) {
    table = new TableZone(zone);
    tableZones.set(zone, table);
  }
  return table;
}

/** The zone of a series by its stored name (`Europe/Berlin`, `UTC+2`), answering from its table. */
export function seriesZone(name: string): Zone {
  return tableZone(zoneByName(name));
}
