import { CheckResult, countBy, describe, formatCounts, MAX_EXAMPLES, outcome, result, short } from './checks';
import { Exchange, REJECT_OPS, requestId } from './workload';

// Checks of the HTTP answers of one phase: no 5xx, no unexpected network error, every 4xx explained.

/**
 * Zero 5xx. The answers are grouped by the cause the service logged for them (matched through the
 * X-Request-Id each request carries), with up to five example requests and bodies.
 */
export function checkNo5xx(exchanges: Exchange[], causes: Map<string, string>): CheckResult {
  const bad = exchanges.filter((ex) => ex.status !== undefined && ex.status >= 500);
  const groups = new Map<string, Exchange[]>();
  for (const ex of bad) {
    const json = ex.json as { code?: string } | undefined;
    const cause = causes.get(requestId(ex.seq)) ?? 'no cause in the service log';
    const key = `${ex.status} ${json?.code ?? short(ex.text, 80)}, logged cause: ${cause}`;
    groups.set(key, [...(groups.get(key) ?? []), ex]);
  }
  const lines = [...groups.entries()]
    .sort((a, b) => b[1].length - a[1].length)
    .map(([key, list]) => `${list.length}x ${key} (${formatCounts(countBy(list, (ex) => `${ex.op}@${ex.instance}`))})`);
  const examples = bad
    .slice(0, MAX_EXAMPLES)
    .map((ex) => `${describe(ex)} body ${short(ex.body, 160)} -> ${ex.status} ${short(ex.text, 160)}`);
  const summary = bad.length ? `${bad.length} answers >= 500 (${formatCounts(countBy(bad, (ex) => ex.op))})` : 'no 5xx';
  return { name: 'zero 5xx', ok: bad.length === 0, summary, examples: [...lines.slice(0, MAX_EXAMPLES), ...examples] };
}

/** Where in the exchange a network error struck, and on what kind of connection. */
export function networkDetail(ex: Exchange): string {
  const parts: string[] = [];
  if (ex.headersAt !== undefined) parts.push(`after status ${ex.status} had arrived`);
  else if (ex.sentAt !== undefined) parts.push(`request fully sent, no answer after ${(ex.endAt - ex.sentAt).toFixed(0)} ms`);
  else parts.push('request not fully sent');
  parts.push(
    ex.reusedSocket
      ? `on a reused keep-alive socket idle ${ex.socketIdleMs !== undefined ? `${(ex.socketIdleMs / 1000).toFixed(2)} s` : '?'}`
      : 'on a new connection',
  );
  return ` (${parts.join(', ')})`;
}

export function checkNoNetworkErrors(exchanges: Exchange[], expected: (ex: Exchange) => boolean, label: string): CheckResult {
  const errors = exchanges.filter((ex) => ex.error !== undefined && !expected(ex));
  const tolerated = exchanges.filter((ex) => ex.error !== undefined && expected(ex));
  const groups = countBy(
    errors,
    (ex) => `${ex.error} on ${ex.instance}${ex.headersAt !== undefined ? ' after the response had started' : ''}`,
  );
  const failures = errors.map(
    (ex) => `${describe(ex)}: ${ex.error}${ex.headersAt !== undefined ? ` after status ${ex.status} had arrived` : ''}`,
  );
  const summary =
    `${errors.length} network errors/resets${errors.length ? ` (${formatCounts(groups)})` : ''}` +
    (tolerated.length ? `; ${tolerated.length} expected (${label})` : '');
  return result('zero network errors/resets', failures, summary);
}

/** A 4xx is fine only when the request was meant to fail or lost a race the log shows (record deleted first). */
export function checkExplained4xx(exchanges: Exchange[], all: Exchange[]): CheckResult {
  const happenedBefore = (op: string, target: number | undefined, ex: Exchange) =>
    target !== undefined &&
    all.some((o) => o !== ex && o.op === op && o.target === target && outcome(o) !== 'failed' && o.startedAt < ex.endAt);
  const failures: string[] = [];
  let count = 0;
  for (const ex of exchanges) {
    if (ex.status === undefined || ex.status < 400 || ex.status >= 500) continue;
    count += 1;
    const code = (ex.json as { code?: string } | undefined)?.code;
    const gone = ex.status === 404 && happenedBefore('force', ex.target, ex);
    let ok: boolean;
    switch (ex.op) {
      case 'reject-dates':
      case 'reject-late':
        ok = ex.status === 400 && code === 'rest_invalid_param';
        break;
      case 'reject-update':
        ok = (ex.status === 400 && code === 'rest_invalid_param') || gone;
        break;
      case 'update':
        ok = gone;
        break;
      case 'trash':
        ok = gone || (ex.status === 410 && happenedBefore('trash', ex.target, ex));
        break;
      case 'force':
        ok = gone;
        break;
      case 'read':
        ok = gone || (ex.status === 403 && code === 'event-no-longer-available' && happenedBefore('trash', ex.target, ex));
        break;
      default:
        ok = false;
    }
    if (!ok) failures.push(`${describe(ex)} -> ${ex.status} ${short(ex.text, 250)} body ${short(ex.body, 200)}`);
  }
  return result('every 4xx explained (must-fail request or lost race)', failures, `${count} 4xx answers`);
}

export function checkRejectedAnswered400(exchanges: Exchange[]): CheckResult {
  const rejects = exchanges.filter((ex) => REJECT_OPS.has(ex.op));
  const wrong = rejects.filter((ex) => outcome(ex) === 'ok');
  return result(
    'must-fail writes were refused',
    wrong.map((ex) => `${describe(ex)} answered ${ex.status}: ${short(ex.text, 200)}`),
    `${rejects.length} must-fail writes sent`,
  );
}
