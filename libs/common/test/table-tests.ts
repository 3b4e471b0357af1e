/*
 * Table tests for the unit specs (not exported from the library: only `*.spec.ts` files import
 * this). A table says what a function answers case by case; these run it, so a spec is its cases.
 */

/**
 * One test per row: `fn` applied to the row's leading values equals (`toEqual`) the row's last value.
 * `title` is printf-formatted from the row, like `it.each`'s.
 */
export function itReturns<A extends unknown[], R>(title: string, fn: (...args: A) => R, rows: ReadonlyArray<[...A, R]>): void {
  it.each(rows.map((row) => [...row]))(title, (...row: unknown[]) => {
    expect(fn(...(row.slice(0, -1) as A))).toEqual(row[row.length - 1]);
  });
}

/** One test per input: `fn(input)` is null (the input is refused). */
export function itReturnsNull<I>(title: string, fn: (input: I) => unknown, inputs: readonly I[]): void {
  it.each(inputs.map((input) => [input]))(title, (input) => {
    expect(fn(input as I)).toBeNull();
  });
}

/** `itReturns` for a function of one value, its cases grouped by the rule they show: one `describe` a rule. */
export function describeRules<I, R>(name: string, fn: (input: I) => R, rules: Record<string, ReadonlyArray<[I, R]>>): void {
  describe.each(Object.keys(rules))(`${name}: %s`, (rule) => {
    itReturns('%j → %j', fn, rules[rule]);
  });
}

/** Per-test timeout for adversarial input: generous for linear work, far below what quadratic work took. */
const ADVERSARIAL_TIMEOUT_MS = 5000;

/**
 * A `describe` of one test per named input: `work(input)` must return within the per-test timeout. A synchronous
 * call cannot be interrupted, and a test that returns straight after it passes however long it
 * blocked; so each test then yields to the timer queue, and Jest's timeout, already due if `work`
 * blocked for longer, fails it first.
 */
export function describeSettles(
  title: string,
  work: (input: string) => unknown,
  inputs: ReadonlyArray<[name: string, input: string]>,
): void {
  describe(title, () => itSettles(work, inputs));
}

/** `describeSettles` without its `describe`. */
export function itSettles(work: (input: string) => unknown, inputs: ReadonlyArray<[name: string, input: string]>): void {
  it.each(inputs.map((row) => [...row]))(
    '%s (200 KB) settles within the test timeout',
    async (_name, input) => {
      work(input as string);
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
    ADVERSARIAL_TIMEOUT_MS,
  );
}

/** About 200 KB each: the markup that made scanners of it quadratic, for every function that reads markup. */
export const ADVERSARIAL_MARKUP: ReadonlyArray<[name: string, input: string]> = [
  ['"<a" repeated', '<a'.repeat(100_000)],
  ['"<a " repeated', '<a '.repeat(70_000)],
  ['"<" repeated', '<'.repeat(200_000)],
  ['"<!--" repeated', '<!--'.repeat(50_000)],
  ['an unclosed comment', `<!--${'x'.repeat(200_000)}`],
];
