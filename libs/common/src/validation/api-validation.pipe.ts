import { ArgumentMetadata, Injectable, ValidationPipe } from '@nestjs/common';
import { ValidationError } from 'class-validator';
import { ParamReason } from '../errors/api-error';
import { FieldErrors } from './field-errors';
import { validationExceptionFactory } from './validation-exception.factory';

/** What the base pipe throws, so that `transform` can decide what becomes of it. */
class ValidationFailure {
  constructor(readonly errors: ValidationError[]) {}
}

/** `venue[city]` → `venue`: the body field a (possibly nested) parameter name belongs to. */
const topLevel = (name: string) => name.split('[', 1)[0];

/**
 * The one validation pipe of the app (class-validator through Nest's ValidationPipe, whitelisting,
 * WordPress-style errors). Queries and path parameters fail at once. A write body with invalid
 * fields does not: the fields are dropped and their reasons handed on with the body
 * (`FieldErrors.of(body)`), so that the service adds its own checks of the rest and reports every
 * bad field in one answer (docs/api-rules.md, Writes). A missing required field still fails at once with
 * `rest_missing_callback_param`.
 */
@Injectable()
export class ApiValidationPipe extends ValidationPipe {
  constructor() {
    super({
      whitelist: true,
      transform: true,
      // The factory needs the target (the body, for constraint values) and the value (missing vs. invalid).
      validationError: { target: true, value: true },
      exceptionFactory: (errors) => new ValidationFailure(errors),
    });
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    try {
      return (await super.transform(value, metadata)) as unknown;
    } catch (failure) {
      if (!(failure instanceof ValidationFailure)) throw failure;
      const error = validationExceptionFactory(failure.errors);
      // Every top-level error's target is the body instance the base pipe built and whitelisted.
      const body: unknown = failure.errors[0]?.target;
      if (
        metadata.type !== 'body' ||
        error.code !== 'rest_invalid_param' ||
        typeof body !== 'object' ||
        body === null ||
        Array.isArray(body)
      ) {
        throw error;
      }
      const params = error.details.params as Record<string, ParamReason>;
      for (const name of Object.keys(params)) delete (body as Record<string, unknown>)[topLevel(name)];
      FieldErrors.attach(body, params);
      return body;
    }
  }
}
