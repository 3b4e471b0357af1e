import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { LEASE_TEXT_MAX } from './leases.repository';

/** A holder name unique to this process and call: host, process ID and a random part (log lines say who held a lease). */
export function newLeaseHolder(): string {
  return `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`.slice(-LEASE_TEXT_MAX);
}
