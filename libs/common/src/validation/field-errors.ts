import { ApiError, ParamReason } from '../errors/api-error';
import { Errors } from '../errors/errors';

const INVALID = 'rest_invalid_param';
const MISSING = 'rest_missing_callback_param';

/** What the validation pipe found wrong in a body, handed to the service with the body itself. */
const foundByPipe = new WeakMap<object, Record<string, ParamReason>>();

/**
 * Every bad field of one request, gathered before anything is written (docs/api-rules.md, Writes: `data.params`
 * names every bad field). The validation pipe records the decorator checks and drops the fields it
 * rejected; the service adds its semantic checks of the fields left, and throws once at the end of
 * validation. A view made with `nested` writes into the same set with names like `venue[city]`.
 */
export class FieldErrors {
  private constructor(
    private readonly invalid: Map<string, ParamReason>,
    private readonly missing: string[],
    private readonly prefix: string,
  ) {}

  static empty(): FieldErrors {
    return new FieldErrors(new Map(), [], '');
  }

  /** The errors the validation pipe found in this body, or none. */
  static of(body: object): FieldErrors {
    const errors = FieldErrors.empty();
    for (const [name, reason] of Object.entries(foundByPipe.get(body) ?? {})) errors.invalid.set(name, reason);
    return errors;
  }

  /** Used by the validation pipe only. */
  static attach(body: object, params: Record<string, ParamReason>): void {
    foundByPipe.set(body, params);
  }

  /** The same set, naming fields inside `field` (`venue` → `venue[city]`). */
  nested(field: string): FieldErrors {
    return new FieldErrors(this.invalid, this.missing, this.name(field));
  }

  invalidParam(field: string, key: string, args?: Record<string, unknown>): void {
    const name = this.name(field);
    // The first reason found for a field is the one reported.
    if (!this.invalid.has(name)) this.invalid.set(name, { key, args });
  }

  missingParam(field: string): void {
    const name = this.name(field);
    if (!this.missing.includes(name)) this.missing.push(name);
  }

  /** Whether a field (of this view) already failed: its later checks would only repeat it. */
  has(field: string): boolean {
    const name = this.name(field);
    return this.invalid.has(name) || this.missing.includes(name);
  }

  get isEmpty(): boolean {
    return this.invalid.size === 0 && this.missing.length === 0;
  }

  /**
   * Runs one check; a parameter error it throws is recorded (its names nested in this view) and
   * undefined returned, so the next check runs too. Any other failure is thrown on.
   */
  check<T>(run: () => T): T | undefined {
    try {
      return run();
    } catch (error) {
      this.record(error);
      return undefined;
    }
  }

  async checkAsync<T>(run: () => Promise<T>): Promise<T | undefined> {
    try {
      return await run();
    } catch (error) {
      this.record(error);
      return undefined;
    }
  }

  /** Records a parameter error; throws anything else. */
  record(error: unknown): void {
    if (!(error instanceof ApiError) || (error.code !== INVALID && error.code !== MISSING)) throw error;
    const params = error.details.params;
    if (Array.isArray(params)) for (const field of params) this.missingParam(field);
    else for (const [field, reason] of Object.entries(params ?? {})) this.invalidParam(field, reason.key, reason.args);
  }

  /** At the end of validation: missing fields first (`rest_missing_callback_param`), else every invalid one. */
  throwIfAny(): void {
    if (this.missing.length > 0) throw Errors.missingParams([...this.missing]);
    if (this.invalid.size > 0) throw Errors.invalidParams(Object.fromEntries(this.invalid));
  }

  /** `city` → `venue[city]`, `venue[city]` → `event[venue][city]`: nested names as form bodies write them. */
  private name(field: string): string {
    if (this.prefix === '') return field;
    const bracket = field.indexOf('[');
    return bracket === -1 ? `${this.prefix}[${field}]` : `${this.prefix}[${field.slice(0, bracket)}]${field.slice(bracket)}`;
  }
}
