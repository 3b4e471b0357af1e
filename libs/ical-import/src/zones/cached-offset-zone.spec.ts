import { IANAZone } from 'luxon';
import { CachedOffsetZone } from './cached-offset-zone';

describe('CachedOffsetZone', () => {
  const berlin = IANAZone.create('Europe/Berlin');

  it('gives the offsets of the zone it caches, minute by minute across a change of offset, asked in any order', () => {
    const cached = new CachedOffsetZone(berlin);
    const from = Date.UTC(2025, 2, 30, 0, 0);
    const minutes = Array.from({ length: 180 }, (_, index) => from + index * 60_000);
    const differences = [...minutes.reverse(), ...minutes.reverse()].filter((ms) => cached.offset(ms) !== berlin.offset(ms));
    expect(differences).toEqual([]);
  });

  it('keeps the zone name and type', () => {
    const cached = new CachedOffsetZone(berlin);
    expect([cached.name, cached.type, cached.isValid, cached.equals(berlin)]).toEqual(['Europe/Berlin', 'iana', true, true]);
  });
});
