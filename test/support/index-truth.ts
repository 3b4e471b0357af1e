import { parse as parseForm } from 'qs';
import type { Exchange } from './openapi-truth';

/*
 * Checks the namespace index (`GET /{ns}`) the way WordPress clients read it: every argument of
 * every endpoint has a JSON Schema `type` (or a list of them, where several are accepted), a
 * `description` and `required`; and every request the service accepts is one the index describes:
 * each parameter and body field sent is an argument of its endpoint, of a type the argument names.
 */

const JSON_TYPES = new Set(['string', 'integer', 'number', 'boolean', 'array', 'object', 'null']);
const LOOSE_BOOLEAN = /^(?:true|false|1|0|yes|no|on|off)$/i;
const INTEGER = /^\s*-?\d+\s*$/;

export interface IndexArg {
  type?: unknown;
  description?: unknown;
  required?: unknown;
  items?: IndexArg;
}
interface IndexEndpoint {
  methods: string[];
  args: Record<string, IndexArg>;
}
export interface NamespaceIndex {
  routes: Record<string, { endpoints: IndexEndpoint[] }>;
}

/** The types an argument names, as text (what is not text shows as a problem). */
const typesOf = (arg: IndexArg | undefined): string[] =>
  (Array.isArray(arg?.type) ? arg.type : arg?.type === undefined ? [] : [arg.type]).map((type) =>
    typeof type === 'string' ? type : JSON.stringify(type),
  );

function typeProblems(arg: IndexArg | undefined): string[] {
  const types = typesOf(arg);
  if (types.length === 0) return ['no type'];
  const problems = types.filter((type) => !JSON_TYPES.has(type)).map((type) => `${JSON.stringify(type)} is no JSON type`);
  if (new Set(types).size !== types.length) problems.push(`types repeat: ${JSON.stringify(arg?.type)}`);
  if (Array.isArray(arg?.type) && types.length < 2) problems.push('a list of fewer than two types');
  if (types.includes('array')) problems.push(...typeProblems(arg?.items).map((problem) => `items: ${problem}`));
  return problems;
}

/** Every argument without a valid type, a description or a boolean `required`, as `METHODS route name: problem`. */
export function indexArgProblems(index: NamespaceIndex): string[] {
  return Object.entries(index.routes).flatMap(([route, { endpoints }]) =>
    endpoints.flatMap((endpoint) =>
      Object.entries(endpoint.args).flatMap(([name, arg]) => {
        const problems = typeProblems(arg);
        if (typeof arg.description !== 'string' || arg.description.trim() === '') problems.push('no description');
        if (typeof arg.required !== 'boolean') problems.push('required is not a boolean');
        return problems.map((problem) => `${endpoint.methods.join(',')} ${route} ${name}: ${problem}`);
      }),
    ),
  );
}

/**
 * Whether a value fits an argument. Text (query strings, forms) is read as WordPress reads it: a
 * number, boolean or comma-separated list may arrive as text. JSON keeps its own types, except that
 * an integer is also a number.
 */
function fits(arg: IndexArg, value: unknown, text: boolean): boolean {
  const types = typesOf(arg);
  if (Array.isArray(value)) return types.includes('array') && value.every((item) => !arg.items || fits(arg.items, item, text));
  if (value === null) return types.includes('null');
  if (typeof value === 'object') return types.includes('object');
  if (typeof value === 'string' && text) {
    return types.some(
      (type) =>
        type === 'string' ||
        type === 'array' ||
        (type === 'integer' && INTEGER.test(value)) ||
        (type === 'number' && value.trim() !== '' && Number.isFinite(Number(value))) ||
        (type === 'boolean' && LOOSE_BOOLEAN.test(value)),
    );
  }
  if (typeof value === 'number') return types.includes(Number.isInteger(value) ? 'integer' : 'number') || types.includes('number');
  return types.includes(typeof value);
}

export class IndexValidator {
  /** Longest route first: `/events/by-slug/x.ics` is the feed's route, not the event's. */
  private readonly routes: Array<{ pattern: RegExp; endpoints: IndexEndpoint[] }>;

  /** `apiRoot`: what the request paths start with before the namespace's own path (`/de`, or ``). */
  constructor(
    index: NamespaceIndex,
    private readonly apiRoot: string,
  ) {
    this.routes = Object.entries(index.routes)
      .sort(([a], [b]) => b.length - a.length)
      .map(([route, { endpoints }]) => ({
        pattern: new RegExp(`^${route.replace(/\(\?P</g, '(?<').replace(/\./g, '\\.')}/?$`),
        endpoints,
      }));
  }

  /** How an accepted request breaks the index (`[]` when it is described); refused requests are not checked. */
  check(exchange: Exchange): string[] {
    if (exchange.status < 200 || exchange.status >= 300) return [];
    const [rawPath, query = ''] = exchange.url.slice(this.apiRoot.length).split('?');
    const route = this.routes.find(({ pattern }) => pattern.test(rawPath));
    const endpoint = route?.endpoints.find(({ methods }) => methods.includes(exchange.method));
    if (!route || !endpoint) return [`index: no endpoint for ${exchange.method} ${rawPath}`];
    const pathNames = Object.keys(route.pattern.exec(rawPath)?.groups ?? {});
    const sent: Array<[string, unknown, boolean]> = Object.entries(parseForm(query)).map(([name, value]) => [name, value, true]);
    if (exchange.body !== undefined) {
      const form = /form-urlencoded/.test(exchange.headers['Content-Type'] ?? '');
      const body = (form ? parseForm(exchange.body) : JSON.parse(exchange.body)) as Record<string, unknown>;
      sent.push(...Object.entries(body).map(([name, value]): [string, unknown, boolean] => [name, value, form]));
    }
    const problems: string[] = [];
    for (const [name, value, text] of sent) {
      const arg = endpoint.args[name];
      if (!arg) problems.push(`index: ${name} is no argument`);
      else if (!fits(arg, value, text)) problems.push(`index: ${name}=${JSON.stringify(value)} is not of type ${JSON.stringify(arg.type)}`);
    }
    for (const [name, arg] of Object.entries(endpoint.args)) {
      if (arg.required === true && !pathNames.includes(name) && !sent.some(([given]) => given === name)) {
        problems.push(`index: required ${name} was not sent`);
      }
    }
    return problems;
  }
}
