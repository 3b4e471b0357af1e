import { paramIs, paramValue, Property } from '../reader/property';
import { singleLine, splitUnescaped, unescapeText } from '../reader/text-value';
import { Geo, ImportImage, ImportItem, ImportOrganizer, ImportStatus, StructuredLocation } from './import-item';
import { htmlBody } from './html-body';

/** The descriptive fields of an item, as opposed to its identity and times. */
type EventDetails = Pick<
  ImportItem,
  | 'status'
  | 'summary'
  | 'description'
  | 'descriptionHtml'
  | 'location'
  | 'place'
  | 'geo'
  | 'structuredLocation'
  | 'organizer'
  | 'categories'
  | 'url'
  | 'images'
>;

const STATUSES: readonly ImportStatus[] = ['TENTATIVE', 'CONFIRMED', 'CANCELLED'];
const IMAGE_EXTENSION = /\.(?:avif|gif|jpe?g|png|svg|webp)$/i;

/** The descriptive properties of a VEVENT; the first of each single-valued property counts. */
export function readEventDetails(properties: Property[]): EventDetails {
  const first = (name: string) => properties.find((property) => property.name === name);
  const all = (name: string) => properties.filter((property) => property.name === name);
  const status = first('STATUS')?.value.trim().toUpperCase() as ImportStatus | undefined;
  const structuredLocation = readStructuredLocation(first('X-APPLE-STRUCTURED-LOCATION'));
  const locationText = unescapeText(first('LOCATION')?.value ?? '');
  const location = singleLine(locationText);
  return {
    status: status && STATUSES.includes(status) ? status : null,
    summary: singleLine(unescapeText(first('SUMMARY')?.value ?? '')),
    description: unescapeText(first('DESCRIPTION')?.value ?? '').trim(),
    descriptionHtml: readHtmlDescription(all('X-ALT-DESC')),
    location: location === '' ? null : location,
    place: readPlace(locationText),
    geo: readGeo(first('GEO')?.value) ?? structuredLocation?.geo ?? null,
    structuredLocation,
    organizer: readOrganizer(first('ORGANIZER')),
    categories: readCategories(all('CATEGORIES')),
    url: httpUrl(unescapeText(first('URL')?.value ?? '')),
    images: readImages([...all('ATTACH'), ...all('IMAGE')]),
  };
}

/** The place's name (the first line of LOCATION that has text) and its address (the other lines, joined with commas). */
function readPlace(text: string): { name: string; address: string | null } | null {
  const lines = text
    .split(/\r\n|\r|\n/)
    .map(singleLine)
    .filter((line) => line !== '');
  if (lines.length === 0) return null;
  return { name: lines[0], address: lines.length > 1 ? lines.slice(1).join(', ') : null };
}

function readHtmlDescription(altDescriptions: Property[]): string | null {
  const html = altDescriptions.find((property) => paramIs(property, 'FMTTYPE', 'text/html'));
  return html ? htmlBody(unescapeText(html.value)) : null;
}

/** `lat;lng` (RFC 5545); a comma instead of the semicolon is accepted. Null when out of range. */
function readGeo(raw: string | undefined): Geo | null {
  if (!raw) return null;
  const parts = raw.includes(';') ? splitUnescaped(raw, ';') : raw.split(',');
  if (parts.length !== 2) return null;
  return validGeo(parts[0], parts[1]);
}

function validGeo(latText: string, lngText: string): Geo | null {
  const number = /^\s*[+-]?\d{1,3}(?:\.\d+)?\s*$/;
  if (!number.test(latText) || !number.test(lngText)) return null;
  const lat = Number(latText);
  const lng = Number(lngText);
  return Math.abs(lat) <= 90 && Math.abs(lng) <= 180 ? { lat, lng } : null;
}

/**
 * Apple writes the place as parameters and a `geo:` URI:
 * `X-APPLE-STRUCTURED-LOCATION;VALUE=URI;X-ADDRESS=…;X-TITLE=Name:geo:48.3,14.2`. Its texts are
 * escaped like TEXT values, the address sometimes twice (`\\n` for a line break).
 */
function readStructuredLocation(property: Property | undefined): StructuredLocation | null {
  if (!property) return null;
  const uri = /^geo:([^,;]+),([^,;?]+)/i.exec(unescapeText(property.value).trim());
  const paramText = (name: string) => {
    const raw = paramValue(property, name);
    const text = raw === undefined ? '' : singleLine(unescapeText(unescapeText(raw)));
    return text === '' ? null : text;
  };
  const located = { title: paramText('X-TITLE'), address: paramText('X-ADDRESS'), geo: uri ? validGeo(uri[1], uri[2]) : null };
  return located.title || located.address || located.geo ? located : null;
}

/** `ORGANIZER;CN=Name:mailto:someone@example.org`; the address may also come as an `EMAIL` parameter. */
function readOrganizer(property: Property | undefined): ImportOrganizer | null {
  if (!property) return null;
  const value = property.value.trim();
  const mailto = /^mailto:/i.test(value) ? value.slice('mailto:'.length).trim() : '';
  const email = [mailto, paramValue(property, 'EMAIL') ?? '']
    .map((candidate) => candidate.trim())
    .find((candidate) => candidate.includes('@'));
  const name = singleLine(paramValue(property, 'CN') ?? '');
  if (!email && name === '') return null;
  return { name: name === '' ? null : name, email: email ?? null };
}

function readCategories(properties: Property[]): string[] {
  const seen = new Set<string>();
  const categories: string[] = [];
  for (const property of properties) {
    for (const category of splitUnescaped(property.value, ',').map(singleLine)) {
      const key = category.toLowerCase();
      if (category !== '' && !seen.has(key)) {
        seen.add(key);
        categories.push(category);
      }
    }
  }
  return categories;
}

/** Inline (BASE64) attachments are not taken: the service stores image URLs, it does not store files. */
function readImages(properties: Property[]): ImportImage[] {
  const images: ImportImage[] = [];
  for (const property of properties) {
    if (paramIs(property, 'VALUE', 'BINARY') || paramValue(property, 'ENCODING') !== undefined) continue;
    const url = httpUrl(property.value);
    const mediaType = paramValue(property, 'FMTTYPE')?.trim().toLowerCase() || null;
    const isImage =
      property.name === 'IMAGE' ||
      (mediaType ? mediaType.startsWith('image/') : url !== null && IMAGE_EXTENSION.test(new URL(url).pathname));
    if (url && isImage && !images.some((image) => image.url === url)) images.push({ url, mediaType });
  }
  return images;
}

/** The value when it is an absolute http or https URL, else null. */
function httpUrl(raw: string): string | null {
  const text = raw.trim();
  if (!/^https?:\/\//i.test(text)) return null;
  try {
    return new URL(text).href === '' ? null : text;
  } catch {
    return null;
  }
}
