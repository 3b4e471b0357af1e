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

export const CITIES: readonly City[] = [
  { name: 'Berlin', state: 'Berlin', country: 'Germany', zip: '10115', phonePrefix: '+49 30', lat: 52.52, lng: 13.405 },
  { name: 'Hamburg', state: 'Hamburg', country: 'Germany', zip: '20095', phonePrefix: '+49 40', lat: 53.551, lng: 9.993 },
  { name: 'München', state: 'Bayern', country: 'Germany', zip: '80331', phonePrefix: '+49 89', lat: 48.137, lng: 11.575 },
  { name: 'Köln', state: 'Nordrhein-Westfalen', country: 'Germany', zip: '50667', phonePrefix: '+49 221', lat: 50.938, lng: 6.96 },
  { name: 'Leipzig', state: 'Sachsen', country: 'Germany', zip: '04109', phonePrefix: '+49 341', lat: 51.34, lng: 12.375 },
  { name: 'Frankfurt am Main', state: 'Hessen', country: 'Germany', zip: '60311', phonePrefix: '+49 69', lat: 50.11, lng: 8.682 },
  { name: 'Bremen', state: 'Bremen', country: 'Germany', zip: '28195', phonePrefix: '+49 421', lat: 53.079, lng: 8.802 },
  {
    name: 'Freiburg im Breisgau',
    state: 'Baden-Württemberg',
    country: 'Germany',
    zip: '79098',
    phonePrefix: '+49 761',
    lat: 47.999,
    lng: 7.842,
  },
  { name: 'Wien', state: 'Wien', country: 'Austria', zip: '1010', phonePrefix: '+43 1', lat: 48.208, lng: 16.372 },
  { name: 'Zürich', state: 'Zürich', country: 'Switzerland', zip: '8001', phonePrefix: '+41 44', lat: 47.377, lng: 8.541 },
  {
    name: 'London',
    state: 'England',
    country: 'United Kingdom',
    zip: 'EC1A 1BB',
    phonePrefix: '+44 20',
    lat: 51.507,
    lng: -0.128,
    englishStreets: true,
  },
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
