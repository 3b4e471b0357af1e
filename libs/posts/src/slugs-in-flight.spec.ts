import { SlugsInFlight } from './slugs-in-flight';

describe('SlugsInFlight', () => {
  it('lists the held slugs with a prefix until each hold is released', () => {
    const slugs = new SlugsInFlight();
    slugs.hold('jazz-night');
    slugs.hold('jazz-night-2');
    slugs.hold('jazz-night-2');
    slugs.hold('kino');
    expect(slugs.withPrefix('jazz-night').sort()).toEqual(['jazz-night', 'jazz-night-2']);
    slugs.release('jazz-night-2');
    expect(slugs.withPrefix('jazz-night').sort()).toEqual(['jazz-night', 'jazz-night-2']);
    slugs.release('jazz-night-2');
    slugs.release('jazz-night');
    expect(slugs.withPrefix('jazz-night')).toEqual([]);
    expect(slugs.withPrefix('kino')).toEqual(['kino']);
  });
});
