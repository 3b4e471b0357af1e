import { format } from 'mysql2';
import { formatUnlessBare } from './query-format';

const connection = { config: { stringifyObjects: false } };
const formatted = (sql: string, values?: unknown, timezone = 'Z') => formatUnlessBare.call(connection, sql, values, timezone);

describe('formatUnlessBare', () => {
  it('sends a statement without values as it is, as mysql2 would after scanning it', () => {
    const sql = "INSERT INTO t (a, b) VALUES ('what?', 'it''s \\\\ ?'), (1, NULL)";
    expect(formatted(sql, [])).toBe(sql);
    expect(formatted(sql, undefined)).toBe(sql);
    expect(format(sql, [])).toBe(sql);
  });

  it('substitutes values as mysql2 does, dates in the connection time zone', () => {
    const values = [1, "l'été", new Date(Date.UTC(2030, 4, 1, 10, 0, 0)), null, true];
    const sql = 'SELECT ?, ?, ?, ?, ?';
    expect(formatted(sql, values)).toBe(format(sql, values, false, 'Z'));
    expect(formatted(sql, values)).toBe("SELECT 1, 'l\\'été', '2030-05-01 10:00:00.000', NULL, true");
  });
});
