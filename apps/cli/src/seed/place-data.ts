/** Cities, venue and organizer names for seeded venues and organizers. */

export interface City {
  name: string;
  state: string;
  country: string;
  zip: string;
  phonePrefix: string;
  lat: number;
  lng: number;
  englishStreets?: boolean;
}

/** A city, its fields in the order of City's. */
const city = (
  name: string,
  state: string,
  country: string,
  zip: string,
  phonePrefix: string,
  lat: number,
  lng: number,
  englishStreets?: boolean,
): City => ({ name, state, country, zip, phonePrefix, lat, lng, ...(englishStreets ? { englishStreets } : {}) });

export const CITIES: readonly City[] = [
  city('Berlin', 'Berlin', 'Germany', '10115', '+49 30', 52.52, 13.405),
  city('Hamburg', 'Hamburg', 'Germany', '20095', '+49 40', 53.551, 9.993),
  city('München', 'Bayern', 'Germany', '80331', '+49 89', 48.137, 11.575),
  city('Köln', 'Nordrhein-Westfalen', 'Germany', '50667', '+49 221', 50.938, 6.96),
  city('Leipzig', 'Sachsen', 'Germany', '04109', '+49 341', 51.34, 12.375),
  city('Frankfurt am Main', 'Hessen', 'Germany', '60311', '+49 69', 50.11, 8.682),
  city('Bremen', 'Bremen', 'Germany', '28195', '+49 421', 53.079, 8.802),
  city('Freiburg im Breisgau', 'Baden-Württemberg', 'Germany', '79098', '+49 761', 47.999, 7.842),
  city('Wien', 'Wien', 'Austria', '1010', '+43 1', 48.208, 16.372),
  city('Zürich', 'Zürich', 'Switzerland', '8001', '+41 44', 47.377, 8.541),
  city('London', 'England', 'United Kingdom', 'EC1A 1BB', '+44 20', 51.507, -0.128, true),
];

export const STREETS = {
  de: ['Hauptstraße', 'Bahnhofstraße', 'Schillerstraße', 'Goethestraße', 'Marktplatz', 'Lindenallee', 'Hafenstraße', 'Kirchweg'],
  en: ['High Street', 'Station Road', 'Church Lane', 'Mill Road', 'Market Square'],
};

/** `{city}` and `{word}` are filled in. */
export const VENUE_PATTERNS = [
  'Stadthalle {city}',
  'Kulturzentrum {word}',
  'Jazzclub {word}',
  'Galerie {word}',
  'Volkshochschule {city}',
  'Stadtbibliothek {city}',
  'Alte Feuerwache {city}',
  'Kino {word}',
  'Café {word}',
  'Brauhaus {word}',
  'Gemeindesaal {word}',
  '{word} Arts Centre',
];

export const ORGANIZER_PATTERNS = [
  'Kulturverein {word} e.V.',
  'Freundeskreis {city}',
  '{word} Events GmbH',
  'Jazzinitiative {city}',
  'Bürgerstiftung {city}',
  'Theatergruppe {word}',
  'Friends of {word}',
  '{word} Collective',
];

export const PLACE_WORDS = [
  'Nord',
  'Süd',
  'Lindenhof',
  'Hafen',
  'Am Markt',
  'Sonnenhof',
  'Alte Mühle',
  'Elbblick',
  'Rosengarten',
  'Kastanienhof',
  'Rheinufer',
  'Lichtblick',
  'Morgenrot',
  'Seeblick',
];
