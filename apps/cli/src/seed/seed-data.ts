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

export type CategoryName = (typeof CATEGORY_NAMES)[number];

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

export type TagName = (typeof TAG_NAMES)[number];

export interface TitleTemplate {
  language: Language;
  title: string;
  category: CategoryName;
  /** Tags that fit; seeded events draw most of their tags from here. */
  tags: TagName[];
}

const t = (language: Language, category: CategoryName, title: string, tags: TagName[] = []): TitleTemplate => ({
  language,
  title,
  category,
  tags,
});

export const TITLE_TEMPLATES: TitleTemplate[] = [
  t('de', 'Musik', 'Jazzabend mit {band}', ['Jazz', 'Abendveranstaltung']),
  t('de', 'Musik', 'Kammerkonzert: {composer}', ['Klassik']),
  t('de', 'Musik', 'Open-Air-Konzert {placeDe}', ['Open Air', 'Rock & Pop', 'Eintritt frei']),
  t('de', 'Musik', 'Orgelmusik zur Marktzeit', ['Klassik', 'Eintritt frei']),
  t('en', 'Musik', '{band} Live', ['Rock & Pop', 'Abendveranstaltung']),
  t('en', 'Musik', 'Open Mic Night', ['Singer-Songwriter', 'English spoken']),
  t('en', 'Musik', 'Club Night: {dj}', ['Elektronisch', 'Abendveranstaltung']),
  t('de', 'Vorträge & Lesungen', 'Vortrag: {topicDe}', ['Diskussion', 'Auf Deutsch']),
  t('de', 'Vorträge & Lesungen', 'Lesung: {author} liest aus „{book}“', ['Lesung', 'Auf Deutsch']),
  t('de', 'Vorträge & Lesungen', 'Podiumsdiskussion: {topicDe}', ['Diskussion', 'Eintritt frei']),
  t('en', 'Vorträge & Lesungen', 'Talk: {topicEn}', ['English spoken', 'Diskussion']),
  t('en', 'Vorträge & Lesungen', 'Poetry Slam {placeEn}', ['Poetry Slam', 'English spoken']),
  t('de', 'Familie & Kinder', 'Puppentheater: {tale}', ['Für Kinder', 'Familienfreundlich']),
  t('de', 'Familie & Kinder', 'Vorlesestunde für Kinder', ['Für Kinder', 'Eintritt frei']),
  t('de', 'Familie & Kinder', 'Bastelnachmittag {placeDe}', ['Für Kinder', 'Handwerk']),
  t('en', 'Familie & Kinder', 'Family Science Day', ['Familienfreundlich', 'English spoken']),
  t('de', 'Workshops', 'Workshop: {skillDe}', ['Handwerk', 'Anmeldung erforderlich', 'Für Anfänger']),
  t('de', 'Workshops', '{skillDe} für Fortgeschrittene', ['Handwerk', 'Fortgeschrittene', 'Anmeldung erforderlich']),
  t('en', 'Workshops', "Beginners' {skillEn} Workshop", ['Für Anfänger', 'English spoken', 'Anmeldung erforderlich']),
  t('de', 'Kunst & Ausstellungen', 'Vernissage: {artDe}', ['Malerei', 'Eintritt frei']),
  t('de', 'Kunst & Ausstellungen', 'Ausstellung: {artDe}', ['Malerei', 'Fotografie']),
  t('en', 'Kunst & Ausstellungen', 'Gallery Talk: {artEn}', ['English spoken', 'Fotografie']),
  t('de', 'Theater & Tanz', 'Premiere: {play}', ['Abendveranstaltung', 'Auf Deutsch']),
  t('de', 'Theater & Tanz', 'Improtheater {placeDe}', ['Abendveranstaltung']),
  t('en', 'Theater & Tanz', 'Shakespeare in the Park: {playEn}', ['Open Air', 'English spoken']),
  t('en', 'Theater & Tanz', 'Comedy Night', ['Abendveranstaltung', 'English spoken']),
  t('de', 'Sport & Bewegung', 'Lauftreff {placeDe}', ['Laufen', 'Eintritt frei']),
  t('de', 'Sport & Bewegung', 'Yoga {placeDe}', ['Yoga', 'Open Air']),
  t('de', 'Sport & Bewegung', 'Radtour: {tour}', ['Radfahren', 'Wochenende']),
  t('en', 'Sport & Bewegung', 'Sunrise Yoga', ['Yoga', 'English spoken']),
  t('de', 'Märkte & Feste', 'Flohmarkt {placeDe}', ['Wochenende', 'Nachhaltigkeit']),
  t('de', 'Märkte & Feste', 'Kunsthandwerkermarkt', ['Handwerk', 'Regional']),
  t('de', 'Märkte & Feste', 'Nachbarschaftsfest {placeDe}', ['Familienfreundlich', 'Open Air']),
  t('en', 'Märkte & Feste', "Farmers' Market", ['Regional', 'Vegan']),
  t('de', 'Essen & Trinken', 'Weinprobe: {wine}', ['Wein', 'Regional', 'Anmeldung erforderlich']),
  t('de', 'Essen & Trinken', 'Kochkurs: {cuisineDe} Küche', ['Anmeldung erforderlich', 'Vegan']),
  t('en', 'Essen & Trinken', 'Craft Beer Tasting', ['Craft Beer', 'Abendveranstaltung']),
  t('en', 'Essen & Trinken', 'Street Food Friday', ['Streetfood', 'Open Air']),
  t('de', 'Film', 'Kino unter Sternen: {film}', ['Open Air', 'Abendveranstaltung']),
  t('de', 'Film', 'Kurzfilmabend', ['Kurzfilm']),
  t('en', 'Film', 'Documentary Night: {doc}', ['Dokumentarfilm', 'English spoken']),
  t('de', 'Natur & Umwelt', 'Kräuterwanderung {placeDe}', ['Wandern', 'Nachhaltigkeit']),
  t('de', 'Natur & Umwelt', 'Vogelstimmenwanderung', ['Wandern', 'Wochenende']),
  t('en', 'Natur & Umwelt', 'River Clean-up', ['Nachhaltigkeit', 'Ehrenamt']),
  t('de', 'Community & Networking', 'Repair-Café', ['Nachhaltigkeit', 'Ehrenamt', 'Eintritt frei']),
  t('de', 'Community & Networking', 'Sprachcafé Deutsch–Englisch', ['English spoken', 'Auf Deutsch']),
  t('en', 'Community & Networking', 'Startup Meetup: {techTopic}', ['Tech', 'English spoken']),
  t('en', 'Community & Networking', 'Open Source Hack Night', ['Tech', 'Abendveranstaltung']),
];

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
