/** Instants outside these years cannot be written as `YYYY-MM-DD HH:MM:SS` or stored in a MySQL DATETIME. */
export const MIN_SUPPORTED_YEAR = 1000;
export const MAX_SUPPORTED_YEAR = 9999;

/**
 * The instant at `ms` truncated to a whole second (dates are stored and shown to the second), or
 * null when it is not a finite time within the supported years.
 */
export function wholeSecondInstant(ms: number): Date | null {
  if (!Number.isFinite(ms)) return null;
  const instant = new Date(Math.floor(ms / 1000) * 1000);
  if (Number.isNaN(instant.getTime())) return null;
  const year = instant.getUTCFullYear();
  return year >= MIN_SUPPORTED_YEAR && year <= MAX_SUPPORTED_YEAR ? instant : null;
}
