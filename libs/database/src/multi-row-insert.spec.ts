import { format } from 'mysql2';
import { EntityManager } from 'typeorm';
import { MysqlRowLiterals } from './multi-row-insert';

/** An entity of a few columns as TypeORM's metadata describes it; values are stored as given. */
function fakeManager(): EntityManager {
  const column = (propertyName: string, extra: object = {}) => ({
    propertyName,
    databaseName: propertyName.toLowerCase(),
    isGenerated: false,
    ...extra,
  });
  const columns = [
    column('id', { isGenerated: true }),
    column('title'),
    column('startUtc'),
    column('flag', { default: 0 }),
    column('note'),
  ];
  const connection = {
    options: { type: 'mysql', timezone: 'Z' },
    driver: { escape: (name: string) => `\`${name}\``, preparePersistentValue: (value: unknown) => value },
    getMetadata: () => ({ tableName: 'things', columns }),
  };
  return { connection } as unknown as EntityManager;
}

describe('MysqlRowLiterals', () => {
  it('writes a row as insertRowsRaw binds it (a missing value takes the default, null stays null) and mysql2 escapes it', () => {
    const literals = new MysqlRowLiterals(fakeManager(), 'things');
    expect(literals.table).toBe('`things`');
    expect(literals.names).toBe('(`title`, `startutc`, `flag`, `note`)');
    const start = new Date(Date.UTC(2030, 4, 1, 10, 0, 0));
    const rows = [
      { title: "Jazz at Lou's", startUtc: start, note: null },
      { title: "Jazz at Lou's", startUtc: start, flag: 1, note: 'x\\y' },
    ];
    for (const row of rows) {
      const expected = format('(?, ?, ?, ?)', [row.title, row.startUtc, 'flag' in row ? row.flag : 0, row.note], false, 'Z');
      expect(literals.tuple(row)).toBe(expected);
    }
  });
});
