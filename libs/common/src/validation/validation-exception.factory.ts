import { getMetadataStorage, ValidationError } from 'class-validator';
import { ParamReason } from '../errors/api-error';
import { Errors } from '../errors/errors';

/** The constraint values a decorator was declared with (`@MaxLength(200)` → [200]). */
function constraintArgs(error: ValidationError, constraint: string): Record<string, unknown> {
  const target = error.target?.constructor;
  if (!target) return {};
  const metadata = getMetadataStorage()
    .getTargetValidationMetadatas(target, '', true, false)
    .find((m) => m.propertyName === error.property && (m.name === constraint || m.type === constraint));
  const values = (metadata?.constraints ?? []) as unknown[];
  return Object.fromEntries(values.map((value, i) => [`c${i}`, Array.isArray(value) ? value.join(', ') : value]));
}

/** Type errors explain more than range errors, so they are reported first. */
const PRIORITY = ['isDefined', 'isString', 'isInt', 'isNumber', 'isBoolean', 'isArray', 'isIn', 'isNotEmpty'];

function mainConstraint(error: ValidationError): string {
  const failed = Object.keys(error.constraints ?? {});
  return PRIORITY.find((name) => failed.includes(name)) ?? failed[0];
}

function flatten(errors: ValidationError[], prefix = ''): Array<{ name: string; error: ValidationError }> {
  return errors.flatMap((error) => {
    const name = prefix ? `${prefix}[${error.property}]` : error.property;
    const own = error.constraints ? [{ name, error }] : [];
    return [...own, ...flatten(error.children ?? [], name)];
  });
}

/**
 * Maps class-validator's report to the WordPress-style errors: absent required parameters first
 * (`rest_missing_callback_param`), else every bad value with its reason (`rest_invalid_param`).
 */
export function validationExceptionFactory(errors: ValidationError[], prefix = '') {
  const flat = flatten(errors, prefix);
  const missing = flat.filter(({ error }) => error.value === undefined && error.constraints?.isDefined).map(({ name }) => name);
  if (missing.length > 0) return Errors.missingParams(missing);
  const params: Record<string, ParamReason> = {};
  for (const { name, error } of flat) {
    if (params[name]) continue;
    const constraint = mainConstraint(error);
    params[name] = { key: `validation.${constraint}`, args: constraintArgs(error, constraint) };
  }
  return Errors.invalidParams(params);
}
