import { createHash, randomBytes } from 'node:crypto';

/** Tokens carry 256 random bits; a prefix makes them recognisable in logs and secret scanners. */
export function generateTokenSecret(): string {
  return `cal_${randomBytes(32).toString('base64url')}`;
}

export function hashTokenSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}
