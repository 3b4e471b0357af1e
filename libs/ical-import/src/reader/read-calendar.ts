import { FileProblem, FileProblemCode } from '../problems/import-problem';
import { ContentLine, unfoldLines } from './content-lines';
import { parseProperty, Property } from './property';

/** A `BEGIN:X` … `END:X` block with its properties and nested blocks, in file order. */
export interface Component {
  name: string;
  /** Line of its `BEGIN`. */
  line: number;
  properties: Property[];
  components: Component[];
  /** A line inside it (or inside a nested block) that is not a content line; only kept for VEVENTs. */
  malformedLine?: number;
}

type ReadCalendarResult = { ok: true; calendars: Component[] } | { ok: false; problem: FileProblem };

/** Deeper than any real calendar (VCALENDAR > VEVENT > VALARM > X-component). */
const MAX_DEPTH = 8;

class CalendarSyntaxError extends Error {
  constructor(
    readonly code: FileProblemCode,
    readonly line: number,
  ) {
    super(`${code} at line ${line}`);
  }
}

/**
 * Reads a file into its VCALENDAR blocks (a file may hold several). The file must start with
 * `BEGIN:VCALENDAR` and every block must be closed by its own `END`: a file cut short (a broken
 * download) is refused rather than read as a calendar with fewer events, which would look like
 * removed events. A line that is not a content line refuses the file, unless it is inside a VEVENT:
 * then only that VEVENT is marked (`malformedLine`) so the caller skips it. Text after the last
 * `END:VCALENDAR` that does not start another calendar (a web server's trailing notice) is ignored.
 */
export function readCalendar(input: Buffer | string): ReadCalendarResult {
  try {
    return { ok: true, calendars: readComponents(unfoldLines(input)) };
  } catch (error) {
    if (error instanceof CalendarSyntaxError) return { ok: false, problem: { code: error.code, params: { line: error.line } } };
    throw error;
  }
}

function readComponents(lines: ContentLine[]): Component[] {
  if (lines.length === 0) throw new CalendarSyntaxError('ical_empty', 1);
  const calendars: Component[] = [];
  const open: Component[] = [];
  for (const contentLine of lines) {
    const property = parseProperty(contentLine);
    const current = open[open.length - 1];
    if (!current) {
      if (isBegin(property, 'VCALENDAR')) open.push(newComponent(property!));
      else if (calendars.length === 0) throw new CalendarSyntaxError('ical_not_calendar', contentLine.line);
      else break;
      continue;
    }
    if (!property) {
      markMalformed(open, contentLine.line);
      continue;
    }
    if (property.name === 'BEGIN') {
      if (open.length >= MAX_DEPTH) throw new CalendarSyntaxError('ical_too_deep', property.line);
      const child = newComponent(property);
      current.components.push(child);
      open.push(child);
    } else if (property.name === 'END') {
      if (property.value.trim().toUpperCase() !== current.name) throw new CalendarSyntaxError('ical_unexpected_end', property.line);
      open.pop();
      if (open.length === 0) calendars.push(current);
    } else {
      current.properties.push(property);
    }
  }
  if (open.length > 0) throw new CalendarSyntaxError('ical_unterminated_component', open[open.length - 1].line);
  return calendars;
}

function isBegin(property: Property | null, name: string): boolean {
  return property?.name === 'BEGIN' && property.value.trim().toUpperCase() === name;
}

function newComponent(begin: Property): Component {
  return { name: begin.value.trim().toUpperCase(), line: begin.line, properties: [], components: [] };
}

function markMalformed(open: Component[], line: number): void {
  const event = open.find((component) => component.name === 'VEVENT');
  if (!event) throw new CalendarSyntaxError('ical_malformed_line', line);
  event.malformedLine ??= line;
}
