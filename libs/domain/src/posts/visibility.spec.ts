import { Brackets, WhereExpressionBuilder } from 'typeorm';
import { contentFilterSql, publishedCondition, whereVisible } from './visibility';

describe('contentFilterSql', () => {
  const contributor = { id: 4, role: 'contributor' as const };

  it('lets locked records meet a content filter only through what they show', () => {
    expect(contentFilterSql('p', undefined, 'C', 'N')).toBe("(N OR (NOT (p.password IS NOT NULL AND p.password <> '') AND C))");
    expect(contentFilterSql('p', contributor, 'C')).toBe(
      "(NOT ((p.password IS NOT NULL AND p.password <> '') AND p.author_id <> :viewerId) AND C)",
    );
  });

  it('leaves the filter as it is for editors, who open everything', () => {
    expect(contentFilterSql('p', { id: 1, role: 'editor' }, 'C', 'N')).toBe('(N OR C)');
    expect(contentFilterSql('p', { id: 1, role: 'administrator' }, 'C')).toBe('C');
  });
});

describe('whereVisible', () => {
  /** The conditions a list query gets, as SQL (a bracket of alternatives joined with OR). */
  const conditions = (statuses: Parameters<typeof whereVisible>[3], viewer?: Parameters<typeof whereVisible>[2]): string[] => {
    const added: string[] = [];
    const alternatives = (bracket: Brackets) => {
      const parts: string[] = [];
      const inner = { where: (sql: string) => (parts.push(sql), inner), orWhere: (sql: string) => (parts.push(sql), inner) };
      bracket.whereFactory(inner as unknown as WhereExpressionBuilder);
      return parts.join(' OR ');
    };
    const qb = { andWhere: (where: string | Brackets) => (added.push(typeof where === 'string' ? where : alternatives(where)), qb) };
    whereVisible(qb as unknown as WhereExpressionBuilder, 'p', viewer, statuses, new Date(0));
    return added;
  };

  it('tests the published condition once for an anonymous list of published records', () => {
    expect(conditions(['publish'])).toEqual([publishedCondition('p')]);
  });

  it('still restricts anonymous callers to published records whatever statuses they name', () => {
    expect(conditions(['publish', 'draft'])).toEqual([`${publishedCondition('p')} OR p.status = 'draft'`, publishedCondition('p')]);
    expect(conditions([])).toEqual(['', publishedCondition('p')]);
  });

  it('lets editors see every status they name', () => {
    expect(conditions(['draft'], { id: 1, role: 'editor' })).toEqual(["p.status = 'draft'"]);
  });
});
