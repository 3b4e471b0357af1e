/** Quoted literals in a database driver's message (`Duplicate entry 'x' for key …`) may be stored values. */
const QUOTED = /'(?:[^'\\]|\\.)*'/g;

/** A driver's message (or a stack starting with it) with every quoted literal masked, so no stored value reaches a log. */
export function withoutValues(message: string): string {
  return message.replace(QUOTED, "'…'");
}
