import { CliError } from '../cli-error';
import { DEFAULT_SEED, MAX_SEED_EVENTS, parseSeedOptions } from './seed-options';

describe('parseSeedOptions', () => {
  it('reads --events and --seed, with a fixed default seed', () => {
    expect(parseSeedOptions({ events: '10000' })).toEqual({ events: 10_000, seed: DEFAULT_SEED, series: 0 });
    expect(parseSeedOptions({ events: ' 60 ', seed: '-7' })).toEqual({ events: 60, seed: -7, series: 0 });
    expect(parseSeedOptions({ events: String(MAX_SEED_EVENTS), seed: '2147483647' })).toEqual({
      events: MAX_SEED_EVENTS,
      seed: 2147483647,
      series: 0,
    });
  });

  it('reads --series, a share from 0 to 1 (default 0)', () => {
    expect(parseSeedOptions({ events: '100', series: '0.1' })).toMatchObject({ series: 0.1 });
    expect(parseSeedOptions({ events: '100', series: '.25' })).toMatchObject({ series: 0.25 });
    expect(parseSeedOptions({ events: '100', series: '1' })).toMatchObject({ series: 1 });
    expect(parseSeedOptions({ events: '100', series: '0' })).toMatchObject({ series: 0 });
  });

  it.each([
    [{}, /Missing --events/],
    [{ events: '' }, /Missing --events/],
    [{ events: 'ten' }, /--events must be a positive integer \(got "ten"\)/],
    [{ events: '0' }, /--events must be a positive integer/],
    [{ events: '-5' }, /--events must be a positive integer/],
    [{ events: '1e3' }, /--events must be a positive integer/],
    [{ events: String(MAX_SEED_EVENTS + 1) }, /--events must be at most 1,000,000/],
    [{ events: '5', seed: '1.5' }, /--seed must be an integer/],
    [{ events: '5', seed: '-2147483649' }, /--seed must be an integer/],
    [{ events: '5', series: '1.5' }, /--series must be a share between 0 and 1/],
    [{ events: '5', series: '-0.1' }, /--series must be a share/],
    [{ events: '5', series: 'some' }, /--series must be a share/],
  ])('rejects %j', (flags, message) => {
    expect(() => parseSeedOptions(flags)).toThrow(CliError);
    expect(() => parseSeedOptions(flags)).toThrow(message);
  });
});
