import { WINDOWS_TO_IANA_MAP } from 'windows-iana';

let byLowerCaseName: Map<string, string> | undefined;

/**
 * The IANA zone for a Windows zone name as Outlook and Exchange write it in TZID
 * (`W. Europe Standard Time` → `Europe/Berlin`), by CLDR's windowsZones table (the `windows-iana`
 * package carries it): the row for territory `001`, which CLDR defines as the zone's golden
 * location. Letter case and surrounding spaces do not matter. Undefined for anything else.
 */
export function windowsZoneToIana(tzid: string): string | undefined {
  if (!byLowerCaseName) {
    byLowerCaseName = new Map();
    for (const row of WINDOWS_TO_IANA_MAP) {
      if (row.territory === '001') byLowerCaseName.set(row.windowsName.toLowerCase(), row.iana[0]);
    }
  }
  return byLowerCaseName.get(tzid.trim().toLowerCase());
}

/** The golden-location IANA zones of every Windows zone, in CLDR's order: the usual zones of the world. */
export function windowsGoldenZones(): string[] {
  return [...new Set(WINDOWS_TO_IANA_MAP.filter((row) => row.territory === '001').map((row) => row.iana[0]))];
}
