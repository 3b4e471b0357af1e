/**
 * Word lists for seeded events: what a German city's event calendar with some English-language
 * events looks like. Titles are templates whose `{slot}`s are filled from FILLERS.
 */

export type Language = 'de' | 'en';

/** In order of how common they are; small seeds use the first ones. */
export const CATEGORY_NAMES = [
  'Musik',
  'Vorträge & Lesungen',
  'Familie & Kinder',
  'Workshops',
  'Kunst & Ausstellungen',
  'Theater & Tanz',
  'Sport & Bewegung',
  'Märkte & Feste',
  'Essen & Trinken',
  'Film',
  'Natur & Umwelt',
  'Community & Networking',
] as const;

type CategoryName = (typeof CATEGORY_NAMES)[number];

export const TAG_NAMES = [
  'Eintritt frei',
  'Open Air',
  'Barrierefrei',
  'Familienfreundlich',
  'English spoken',
  'Auf Deutsch',
  'Anmeldung erforderlich',
  'Für Anfänger',
  'Fortgeschrittene',
  'Jazz',
  'Klassik',
  'Rock & Pop',
  'Singer-Songwriter',
  'Elektronisch',
  'Lesung',
  'Diskussion',
  'Wochenende',
  'Abendveranstaltung',
  'Für Kinder',
  'Senioren',
  'Studierende',
  'Nachhaltigkeit',
  'Regional',
  'Vegan',
  'Streetfood',
  'Wein',
  'Craft Beer',
  'Fotografie',
  'Malerei',
  'Handwerk',
  'Yoga',
  'Laufen',
  'Radfahren',
  'Wandern',
  'Stadtgeschichte',
  'Kurzfilm',
  'Dokumentarfilm',
  'Poetry Slam',
  'Tech',
  'Ehrenamt',
] as const;

type TagName = (typeof TAG_NAMES)[number];

export interface TitleTemplate {
  language: Language;
  title: string;
  category: CategoryName;
  /** Tags that fit; seeded events draw most of their tags from here. */
  tags: TagName[];
}

/**
 * Title templates by category, each `language: title | tag, tag`: the tags that fit, from which
 * seeded events draw most of their tags.
 */
const TEMPLATES: Partial<Record<CategoryName, string[]>> = {
  Musik: [
    'de: Jazzabend mit {band} | Jazz, Abendveranstaltung',
    'de: Kammerkonzert: {composer} | Klassik',
    'de: Open-Air-Konzert {placeDe} | Open Air, Rock & Pop, Eintritt frei',
    'de: Orgelmusik zur Marktzeit | Klassik, Eintritt frei',
    'en: {band} Live | Rock & Pop, Abendveranstaltung',
    'en: Open Mic Night | Singer-Songwriter, English spoken',
    'en: Club Night: {dj} | Elektronisch, Abendveranstaltung',
  ],
  'Vorträge & Lesungen': [
    'de: Vortrag: {topicDe} | Diskussion, Auf Deutsch',
    'de: Lesung: {author} liest aus „{book}“ | Lesung, Auf Deutsch',
    'de: Podiumsdiskussion: {topicDe} | Diskussion, Eintritt frei',
    'en: Talk: {topicEn} | English spoken, Diskussion',
    'en: Poetry Slam {placeEn} | Poetry Slam, English spoken',
  ],
  'Familie & Kinder': [
    'de: Puppentheater: {tale} | Für Kinder, Familienfreundlich',
    'de: Vorlesestunde für Kinder | Für Kinder, Eintritt frei',
    'de: Bastelnachmittag {placeDe} | Für Kinder, Handwerk',
    'en: Family Science Day | Familienfreundlich, English spoken',
  ],
  Workshops: [
    'de: Workshop: {skillDe} | Handwerk, Anmeldung erforderlich, Für Anfänger',
    'de: {skillDe} für Fortgeschrittene | Handwerk, Fortgeschrittene, Anmeldung erforderlich',
    "en: Beginners' {skillEn} Workshop | Für Anfänger, English spoken, Anmeldung erforderlich",
  ],
  'Kunst & Ausstellungen': [
    'de: Vernissage: {artDe} | Malerei, Eintritt frei',
    'de: Ausstellung: {artDe} | Malerei, Fotografie',
    'en: Gallery Talk: {artEn} | English spoken, Fotografie',
  ],
  'Theater & Tanz': [
    'de: Premiere: {play} | Abendveranstaltung, Auf Deutsch',
    'de: Improtheater {placeDe} | Abendveranstaltung',
    'en: Shakespeare in the Park: {playEn} | Open Air, English spoken',
    'en: Comedy Night | Abendveranstaltung, English spoken',
  ],
  'Sport & Bewegung': [
    'de: Lauftreff {placeDe} | Laufen, Eintritt frei',
    'de: Yoga {placeDe} | Yoga, Open Air',
    'de: Radtour: {tour} | Radfahren, Wochenende',
    'en: Sunrise Yoga | Yoga, English spoken',
  ],
  'Märkte & Feste': [
    'de: Flohmarkt {placeDe} | Wochenende, Nachhaltigkeit',
    'de: Kunsthandwerkermarkt | Handwerk, Regional',
    'de: Nachbarschaftsfest {placeDe} | Familienfreundlich, Open Air',
    "en: Farmers' Market | Regional, Vegan",
  ],
  'Essen & Trinken': [
    'de: Weinprobe: {wine} | Wein, Regional, Anmeldung erforderlich',
    'de: Kochkurs: {cuisineDe} Küche | Anmeldung erforderlich, Vegan',
    'en: Craft Beer Tasting | Craft Beer, Abendveranstaltung',
    'en: Street Food Friday | Streetfood, Open Air',
  ],
  Film: [
    'de: Kino unter Sternen: {film} | Open Air, Abendveranstaltung',
    'de: Kurzfilmabend | Kurzfilm',
    'en: Documentary Night: {doc} | Dokumentarfilm, English spoken',
  ],
  'Natur & Umwelt': [
    'de: Kräuterwanderung {placeDe} | Wandern, Nachhaltigkeit',
    'de: Vogelstimmenwanderung | Wandern, Wochenende',
    'en: River Clean-up | Nachhaltigkeit, Ehrenamt',
  ],
  'Community & Networking': [
    'de: Repair-Café | Nachhaltigkeit, Ehrenamt, Eintritt frei',
    'de: Sprachcafé Deutsch–Englisch | English spoken, Auf Deutsch',
    'en: Startup Meetup: {techTopic} | Tech, English spoken',
    'en: Open Source Hack Night | Tech, Abendveranstaltung',
  ],
};

function titleTemplate(category: CategoryName, row: string): TitleTemplate {
  const language = row.slice(0, 2) as Language;
  const [title, tagList] = row.slice(4).split(' | ');
  const tags = tagList === undefined ? [] : tagList.split(', ');
  const unknown = tags.filter((tag) => !(TAG_NAMES as readonly string[]).includes(tag));
  if (unknown.length > 0) throw new Error(`Seed title "${title}" names unknown tags: ${unknown.join(', ')}`);
  return { language, title, category, tags: tags as TagName[] };
}

export const TITLE_TEMPLATES: TitleTemplate[] = Object.entries(TEMPLATES).flatMap(([category, rows]) =>
  rows.map((row) => titleTemplate(category as CategoryName, row)),
);

export const FILLERS: Record<string, readonly string[]> = {
  band: ['Trio Nordlicht', 'Blue Harbour Quartet', 'Elbe Swing Orchestra', 'Hafenblues Band', 'Salt & Pepper', 'Quartett Morgenrot'],
  composer: ['Bach', 'Beethoven', 'Brahms', 'Schubert', 'Mozart', 'Clara Schumann', 'Mendelssohn', 'Haydn'],
  dj: ['DJ Kiezkind', 'Nachtfalter', 'Lena Loop', 'Soundsystem Süd'],
  placeDe: ['im Stadtpark', 'am Hafen', 'auf dem Marktplatz', 'im Schlossgarten', 'im Alten Rathaus', 'an der Uferpromenade'],
  placeEn: ['at the Old Town Hall', 'by the River', 'at the Harbour', 'in the Park'],
  topicDe: [
    'Klimaanpassung in der Stadt',
    'Die Geschichte der Hanse',
    'Künstliche Intelligenz im Alltag',
    'Bienen und Biodiversität',
    'Wohnen von morgen',
  ],
  topicEn: ['The Future of Cities', 'A Short History of Coffee', 'Machine Learning for Everyone', 'Urban Gardening'],
  author: ['Anna Berger', 'Jonas Wolf', 'Mira Hoffmann', 'Felix Brandt', 'Selin Aydın'],
  book: ['Der Sommer am See', 'Nachtzug nach Triest', 'Das stille Haus', 'Zwischen den Jahren'],
  tale: ['Rotkäppchen', 'Der Froschkönig', 'Hänsel und Gretel', 'Die Bremer Stadtmusikanten'],
  skillDe: ['Siebdruck', 'Brotbacken', 'Aquarellmalerei', 'Fahrradreparatur', 'Töpfern', 'Kalligrafie'],
  skillEn: ['Screen Printing', 'Sourdough Baking', 'Watercolour', 'Bike Repair', 'Pottery', 'Photography'],
  artDe: ['Licht und Schatten', 'Zwischenräume', 'Stadtansichten', 'Farbe bekennen'],
  artEn: ['Light and Shadow', 'In Between', 'City Views', 'Colour Field'],
  play: ['Der zerbrochne Krug', 'Die Physiker', 'Nathan der Weise', 'Woyzeck'],
  playEn: ["A Midsummer Night's Dream", 'Twelfth Night', 'The Tempest'],
  tour: ['Entlang der Elbe', 'Rund um den See', 'Zu den Weinbergen'],
  wine: ['Rheingau', 'Pfalz', 'Mosel', 'Franken', 'Wachau'],
  cuisineDe: ['Italienische', 'Vietnamesische', 'Syrische', 'Badische'],
  film: ['Metropolis', 'Lola rennt', 'Der Himmel über Berlin', 'Good Bye, Lenin!'],
  doc: ['Ocean Stories', 'The City Grows', 'Seeds of Change'],
  techTopic: ['Green Software', 'Web Accessibility', 'Open Data'],
};

export const DESCRIPTION_SENTENCES: Record<Language, readonly string[]> = {
  de: [
    'Einlass ist 30 Minuten vor Beginn.',
    'Für Getränke und kleine Snacks ist gesorgt.',
    'Bitte melden Sie sich vorab per E-Mail an.',
    'Die Veranstaltung findet bei jedem Wetter statt.',
    'Kinder unter 12 Jahren haben freien Eintritt.',
    'Restkarten gibt es an der Abendkasse.',
    'Der Veranstaltungsort ist mit Bus und Bahn gut erreichbar.',
    'Wir freuen uns auf Ihren Besuch!',
  ],
  en: [
    'Doors open 30 minutes before the start.',
    'Drinks and snacks are available.',
    'Please register in advance by email.',
    'The event takes place rain or shine.',
    'Children under 12 go free.',
    'Remaining tickets are sold at the door.',
    'The venue is easy to reach by public transport.',
    'We look forward to seeing you!',
  ],
};

export const WELCOME: Record<Language, (title: string) => string> = {
  de: (title) => `Herzlich willkommen zu „${title}“!`,
  en: (title) => `Welcome to “${title}”!`,
};

/** Zones other than the site's that some events use (a touring act, a partner city abroad). */
export const OTHER_TIME_ZONES = ['Europe/Berlin', 'Europe/Vienna', 'Europe/Zurich', 'Europe/London', 'America/New_York'] as const;

/** Currency symbols by zone; the default is the euro. */
export const CURRENCY_BY_ZONE: Record<string, string> = { 'Europe/London': '£', 'America/New_York': '$', 'Europe/Zurich': 'CHF' };
