/**
 * Dev-only: reads every calendar of a corpus folder with libs/ical-import, prints items and skips
 * per file, and compares with `expected/<file>.json` where the folder has one. The corpus is not
 * part of the repository, so this is not a CI test:
 *
 *   node -r ts-node/register/transpile-only -r tsconfig-paths/register test/ical-corpus/check-corpus.ts [folder]
 *
 * The folder defaults to ../shared/ical-corpus beside the checkout (or ICAL_CORPUS_DIR).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { groupByUid, readImportFile } from '@app/ical-import';
import { compareFile, Expected } from './compare-expected';

const folder = resolve(process.argv[2] ?? process.env.ICAL_CORPUS_DIR ?? join(__dirname, '../../../shared/ical-corpus'));
if (!existsSync(folder)) {
  console.error(`No corpus at ${folder}: pass its folder as the first argument.`);
  process.exit(2);
}

let differences = 0;
const files = readdirSync(folder).filter((name) => name.endsWith('.ics'));
for (const file of files.sort()) {
  const bytes = readFileSync(join(folder, file));
  const expectedPath = join(folder, 'expected', `${file}.json`);
  const expected = existsSync(expectedPath) ? (JSON.parse(readFileSync(expectedPath, 'utf8')) as Expected) : null;
  const result = readImportFile(bytes, { timezone: expected?.options.timezone });
  if (!result.ok) {
    console.log(`${file}: REFUSED ${result.problem.code} at line ${result.problem.params.line}`);
    differences++;
    continue;
  }
  const { items, skipped } = result.calendar;
  const groups = groupByUid(items);
  const summary = `${items.length} items (${groups.length} UIDs), ${skipped.length} skipped`;
  if (!expected) {
    console.log(`${file}: ${summary} (no expected file)`);
    continue;
  }
  const found = compareFile(result.calendar, expected);
  differences += found.length;
  console.log(`${file}: ${summary}: ${found.length === 0 ? 'matches expected' : `${found.length} difference(s)`}`);
  for (const difference of found) console.log(`    ${difference}`);
}

differences += checkSkipVariant(folder);
console.log(differences === 0 ? '\nAll files match.' : `\n${differences} difference(s).`);
process.exitCode = differences === 0 ? 0 : 1;

/** SOURCES.md's skip case: the iCloud file with the DTSTART of its "Friseur" VEVENT removed (in memory only). */
function checkSkipVariant(corpus: string): number {
  const path = join(corpus, 'apple-icloud-umlauts.ics');
  if (!existsSync(path)) return 0;
  const lines = readFileSync(path, 'utf8').split('\n');
  const summaryLine = lines.findIndex((line) => line.startsWith('SUMMARY:Friseur'));
  const begin = lines.lastIndexOf('BEGIN:VEVENT', summaryLine);
  const dtstart = lines.findIndex((line, index) => index > begin && line.startsWith('DTSTART'));
  const variant = lines.filter((_, index) => index !== dtstart).join('\n');
  const result = readImportFile(variant, { timezone: 'Europe/Berlin' });
  const skipped = result.ok ? result.calendar.skipped : [];
  const ok = result.ok && result.calendar.items.length === 3 && skipped.length === 1 && skipped[0].reason === 'event_missing_start';
  console.log(`apple-icloud-umlauts.ics without Friseur's DTSTART: ${JSON.stringify(skipped)} ${ok ? 'as expected' : 'UNEXPECTED'}`);
  return ok ? 0 : 1;
}
