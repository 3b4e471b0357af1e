import { formatUtc, Language, RequestContext } from '@app/common';
import { ImportSource } from '@app/domain';
import { describeProblem, ImportProblem } from '@app/ical-import';
import { ImportReportResponse, ImportSourceResponse } from './dto/import-source.response';
import { ImportReport } from './import-report';
import { parseReferences } from './import-runs.service';

const UNITS: Array<[seconds: number, unit: string]> = [
  [86_400, 'D'],
  [3_600, 'H'],
  [60, 'M'],
  [1, 'S'],
];

/** Seconds as an ISO 8601 duration: 3600 → `PT1H`, 90000 → `P1DT1H`. */
export function formatDuration(total: number): string {
  let rest = total;
  let date = '';
  let time = '';
  for (const [seconds, unit] of UNITS) {
    const count = Math.floor(rest / seconds);
    rest -= count * seconds;
    if (count === 0) continue;
    if (unit === 'D') date += `${count}D`;
    else time += `${count}${unit}`;
  }
  return `P${date}${time ? `T${time}` : ''}`;
}

const utcOrNull = (instant: Date | null) => (instant ? formatUtc(instant) : null);

/** A report as answered: each skipped event with its reason in the request's language. */
function presentReport(report: ImportReport, language: Language): ImportReportResponse {
  return {
    ...report,
    skipped: report.skipped.map(({ uid, line, reason, fields }) => ({
      uid,
      line,
      reason,
      ...(fields ? { fields } : {}),
      message: describeProblem({ code: reason, params: { line, fields: Object.keys(fields ?? {}).join(', ') } }, language),
    })),
  };
}

/** An import source as the API answers it (docs/api-rules.md, Importing calendars). */
export function toImportSourceResponse(source: ImportSource, context: RequestContext): ImportSourceResponse {
  const error = source.lastError ? (JSON.parse(source.lastError) as ImportProblem) : null;
  return {
    id: source.id,
    url: source.url,
    name: source.name,
    status: source.status,
    categories: parseReferences(source.categories),
    tags: parseReferences(source.tags),
    timezone: source.timezone,
    refresh: source.refreshSeconds === null ? null : formatDuration(source.refreshSeconds),
    on_removed: source.onRemoved,
    author: source.authorId,
    next_run_utc: utcOrNull(source.nextRunAt),
    last_run_utc: utcOrNull(source.lastRunAt),
    last_success_utc: utcOrNull(source.lastSuccessAt),
    last_error: error ? { code: error.code, message: describeProblem(error, context.language) } : null,
    last_report: source.lastReport ? presentReport(JSON.parse(source.lastReport) as ImportReport, context.language) : null,
    date_utc: formatUtc(source.createdUtc),
    modified_utc: formatUtc(source.modifiedUtc),
    rest_url: `${context.links.restBase}/imports/${source.id}`,
  };
}
