import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { getMetadataStorage } from 'class-validator';

interface RouteArgument {
  index: number;
  data?: unknown;
}

/** Every query parameter counts (a route whose query is no validated class). */
const EVERY_PARAMETER = null;

const known = new WeakMap<object, ReadonlySet<string> | typeof EVERY_PARAMETER>();

/** The properties the validation pipe keeps of a query class (whitelisting drops every other). */
function validatedProperties(type: unknown): ReadonlySet<string> | typeof EVERY_PARAMETER {
  if (typeof type !== 'function' || type === Object) return EVERY_PARAMETER;
  const metadata = getMetadataStorage().getTargetValidationMetadatas(type, '', true, false);
  return new Set(metadata.map((entry) => entry.propertyName));
}

/**
 * The query parameters a route's handler reads: the properties of its `@Query()` class (the
 * validation pipe whitelists the rest away) or the names of its `@Query('name')` arguments; none
 * when it takes no query. Read once per handler from Nest's route metadata.
 */
export function routeQueryParameters(controller: object, handler: { name: string }): ReadonlySet<string> | typeof EVERY_PARAMETER {
  const cached = known.get(handler);
  if (cached !== undefined) return cached;
  const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, handler.name) ?? {}) as Record<string, RouteArgument>;
  const types = (Reflect.getMetadata('design:paramtypes', (controller as { prototype: object }).prototype, handler.name) ??
    []) as unknown[];
  let names: Set<string> | typeof EVERY_PARAMETER = new Set<string>();
  for (const [key, argument] of Object.entries(args)) {
    if (Number(key.split(':')[0]) !== Number(RouteParamtypes.QUERY)) continue;
    if (typeof argument.data === 'string') {
      names?.add(argument.data);
      continue;
    }
    const properties = validatedProperties(types[argument.index]);
    if (properties === EVERY_PARAMETER) {
      names = EVERY_PARAMETER;
      break;
    }
    for (const name of properties) names.add(name);
  }
  known.set(handler, names);
  return names;
}
