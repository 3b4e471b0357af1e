import { contentFilterSql } from './visibility';

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
