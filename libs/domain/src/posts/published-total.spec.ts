import { Brackets, WhereExpressionBuilder } from 'typeorm';
import type { Viewer } from '../users/viewer';
import type { LinkedRecordListCriteria } from './linked-records.repository';
import { publishedDelta } from './published-counts.repository';
import { listsEveryPublished } from './published-total';
import { publishedCondition, whereVisible } from './visibility';

const now = new Date('2027-03-01T12:00:00Z');
const anonymous: LinkedRecordListCriteria = { viewer: undefined, statuses: ['publish'], now, search: undefined, columnFilters: [] };
const VIEWERS: Array<Viewer | undefined> = [
  undefined,
  { id: 2, role: 'contributor' },
  { id: 3, role: 'author' },
  { id: 4, role: 'editor' },
  { id: 1, role: 'administrator' },
];

describe('listsEveryPublished', () => {
  it('holds for a list of published records without a filter, as the list service builds it', () => {
    expect(listsEveryPublished(anonymous)).toBe(true);
    expect(listsEveryPublished({ ...anonymous, eventId: undefined, hasEvents: undefined, onlyWithUpcoming: undefined })).toBe(true);
  });

  it('holds for what adds no condition: a blank search, only_with_upcoming=false, no column filters', () => {
    expect(listsEveryPublished({ ...anonymous, search: '   ' })).toBe(true);
    expect(listsEveryPublished({ ...anonymous, onlyWithUpcoming: false })).toBe(true);
    expect(listsEveryPublished({ ...anonymous, columnFilters: undefined })).toBe(true);
  });

  it('holds for every viewer when `publish` is the only status', () => {
    for (const viewer of VIEWERS) expect(listsEveryPublished({ ...anonymous, viewer })).toBe(true);
  });

  it('does not hold for any filter', () => {
    expect(listsEveryPublished({ ...anonymous, search: 'hall' })).toBe(false);
    expect(listsEveryPublished({ ...anonymous, eventId: 7 })).toBe(false);
    expect(listsEveryPublished({ ...anonymous, hasEvents: true })).toBe(false);
    expect(listsEveryPublished({ ...anonymous, hasEvents: false })).toBe(false);
    expect(listsEveryPublished({ ...anonymous, onlyWithUpcoming: true })).toBe(false);
    expect(
      listsEveryPublished({ ...anonymous, columnFilters: [{ property: 'city', op: '=', value: 'Berlin', hiddenWhenLocked: true }] }),
    ).toBe(false);
  });

  it("does not hold for other statuses, a signed-in caller's default (every status but trash) included", () => {
    const editor: Viewer = { id: 4, role: 'editor' };
    expect(listsEveryPublished({ ...anonymous, viewer: editor, statuses: ['publish', 'future', 'draft', 'pending', 'private'] })).toBe(
      false,
    );
    expect(listsEveryPublished({ ...anonymous, viewer: editor, statuses: ['future'] })).toBe(false);
    expect(listsEveryPublished({ ...anonymous, viewer: editor, statuses: ['trash'] })).toBe(false);
    expect(listsEveryPublished({ ...anonymous, statuses: [] })).toBe(false);
  });

  it('does not hold when the criteria carry a key it does not know (a filter added later)', () => {
    expect(listsEveryPublished({ ...anonymous, nearby: { lat: 52.5, lng: 13.4 } } as LinkedRecordListCriteria)).toBe(false);
    expect(listsEveryPublished({ ...anonymous, nearby: undefined } as LinkedRecordListCriteria)).toBe(true);
  });
});

describe('whereVisible with `publish` alone', () => {
  /** The conditions a list query gets, as SQL (a bracket of alternatives joined with OR). */
  const conditions = (viewer: Viewer | undefined): string[] => {
    const added: string[] = [];
    const alternatives = (bracket: Brackets) => {
      const parts: string[] = [];
      const inner = { where: (sql: string) => (parts.push(sql), inner), orWhere: (sql: string) => (parts.push(sql), inner) };
      bracket.whereFactory(inner as unknown as WhereExpressionBuilder);
      return parts;
    };
    const qb = {
      andWhere: (where: string | Brackets) => (added.push(typeof where === 'string' ? where : alternatives(where).join(' OR ')), qb),
    };
    whereVisible(qb as unknown as WhereExpressionBuilder, 'p', viewer, ['publish'], now);
    return added;
  };

  it('is the published condition for every viewer (what the kept total counts), whatever else it adds', () => {
    for (const viewer of VIEWERS) {
      const [first, ...rest] = conditions(viewer);
      expect(first).toBe(publishedCondition('p'));
      // Anything more is an alternative of the published condition, which the first one already implies.
      for (const condition of rest) expect(condition.startsWith(`${publishedCondition('p')} OR `)).toBe(true);
    }
  });
});

describe('publishedDelta', () => {
  it('counts a record while its status is `publish`', () => {
    expect(publishedDelta(null, 'publish')).toBe(1);
    expect(publishedDelta('draft', 'publish')).toBe(1);
    expect(publishedDelta('publish', 'trash')).toBe(-1);
    expect(publishedDelta('publish', null)).toBe(-1);
    expect(publishedDelta('publish', 'publish')).toBe(0);
  });

  it('leaves scheduled and unpublished records out (a due `future` one is counted on read)', () => {
    expect(publishedDelta(null, 'future')).toBe(0);
    expect(publishedDelta('future', 'draft')).toBe(0);
    expect(publishedDelta('trash', null)).toBe(0);
    expect(publishedDelta(null, null)).toBe(0);
  });
});
