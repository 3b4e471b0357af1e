import { ApiError } from '../errors/api-error';
import { Errors } from '../errors/errors';
import { FieldErrors } from './field-errors';

function thrown(run: () => void): ApiError {
  try {
    run();
  } catch (error) {
    return error as ApiError;
  }
  throw new Error('nothing was thrown');
}

describe('FieldErrors', () => {
  it('starts from what the validation pipe attached to a body, and is empty for any other', () => {
    const body = {};
    FieldErrors.attach(body, { website: { key: 'validation.isHttpUrl' } });
    expect(FieldErrors.of(body).has('website')).toBe(true);
    expect(FieldErrors.of({}).isEmpty).toBe(true);
  });

  it('keeps the first reason of a field and throws every invalid field at once', () => {
    const errors = FieldErrors.empty();
    errors.invalidParam('start_date', 'validation.date');
    errors.invalidParam('start_date', 'validation.isStringOrNumber');
    errors.check(() => {
      throw Errors.invalidParam('cost', 'validation.maxLength', { c0: 255 });
    });
    const error = thrown(() => errors.throwIfAny());
    expect(error.code).toBe('rest_invalid_param');
    expect(error.details.params).toEqual({
      start_date: { key: 'validation.date', args: undefined },
      cost: { key: 'validation.maxLength', args: { c0: 255 } },
    });
  });

  it('names fields of a nested view inside their parent, as form bodies write them', () => {
    const errors = FieldErrors.empty();
    const venue = errors.nested('venue');
    venue.invalidParam('city', 'validation.isString');
    venue.check(() => {
      throw Errors.invalidParams({ 'geo[lat]': { key: 'validation.isNumber' } });
    });
    expect(venue.has('city')).toBe(true);
    expect(errors.has('venue[city]')).toBe(true);
    expect(Object.keys(thrown(() => errors.throwIfAny()).details.params ?? {})).toEqual(['venue[city]', 'venue[geo][lat]']);
  });

  it('answers missing fields first, with their names only', () => {
    const errors = FieldErrors.empty();
    errors.invalidParam('website', 'validation.isHttpUrl');
    errors.nested('organizer').record(Errors.missingParams(['organizer']));
    const error = thrown(() => errors.throwIfAny());
    expect([error.code, error.details.params]).toEqual(['rest_missing_callback_param', ['organizer[organizer]']]);
  });

  it('passes through failures that are not about parameters, and does nothing when all is well', async () => {
    const errors = FieldErrors.empty();
    expect(() =>
      errors.check(() => {
        throw Errors.forbidden();
      }),
    ).toThrow(ApiError);
    await expect(errors.checkAsync(() => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
    expect(errors.check(() => 5)).toBe(5);
    expect(() => errors.throwIfAny()).not.toThrow();
  });
});
