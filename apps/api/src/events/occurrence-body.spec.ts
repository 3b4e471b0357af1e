import { fieldsShownUnchanged, sameAsShown } from './occurrence-body';

const shown = {
  title: 'Yoga',
  start_date: '2027-09-13 18:00:00',
  all_day: false,
  author: 1,
  image: { id: 4, url: 'https://example.org/a.png' },
  categories: [{ id: 3, slug: 'sport', name: 'Sport' }],
  tags: [],
  venue: { id: 7 },
  organizer: [{ id: 2 }, { id: 5 }],
  recurrence: { rrule: 'FREQ=WEEKLY;COUNT=4', rdates: [], exdates: ['2027-09-20 18:00:00'], text: 'Every week, 4 times' },
};

describe('fields of an occurrence body sent as the occurrence shows them', () => {
  it('finds the fields equal to the shown values, whatever form the answer gave them in', () => {
    const body = { ...shown, title: 'Yoga (moved)', scope: undefined };
    expect(fieldsShownUnchanged(body, shown).sort()).toEqual(
      ['all_day', 'author', 'categories', 'image', 'organizer', 'recurrence', 'start_date', 'tags', 'venue'].sort(),
    );
  });

  it.each([
    ['categories', [3]],
    ['categories', 'sport'],
    ['categories', ['Sport']],
    ['tags', ''],
    ['venue', 7],
    ['venue', [{ id: 7 }]],
    ['organizer', [2, 5]],
    ['image', 4],
    ['image', 'https://example.org/a.png'],
    ['recurrence', { rrule: 'RRULE:FREQ=WEEKLY;COUNT=4', exdates: ['2027-09-20 18:00:00'] }],
    ['author', '1'],
  ])('%s given as %j is unchanged', (field, sent) => {
    expect(sameAsShown(field, sent, shown[field as keyof typeof shown])).toBe(true);
  });

  it.each([
    ['categories', [3, 9]],
    ['categories', 'music'],
    ['venue', 0],
    ['venue', { venue: 'New hall' }],
    ['organizer', [5, 2]],
    ['image', false],
    ['recurrence', null],
    ['recurrence', { rrule: 'FREQ=WEEKLY;COUNT=5' }],
    ['all_day', true],
    ['start_date', '2027-09-13 19:00:00'],
  ])('%s given as %j is a change', (field, sent) => {
    expect(sameAsShown(field, sent, shown[field as keyof typeof shown])).toBe(false);
  });

  it('takes false, "" and 0 as no image where none is shown', () => {
    for (const none of [false, '', 0, null]) expect(sameAsShown('image', none, false)).toBe(true);
    expect(sameAsShown('image', 4, false)).toBe(false);
  });
});
