import { randomInt } from 'node:crypto';

/** How many counter rows a shared counter is spread over (see PROCESS_WRITE_SLOT). */
const WRITE_SLOTS = 1024;

/**
 * The counter row this process adds to, for counters every writer changes (the data version,
 * term counts, day counts): the value is the sum over the rows. Writers on different Galera nodes
 * then update different rows and never fail certification over a counter; writers in one process
 * share a row and only wait for each other's commit. Two processes rarely pick the same slot,
 * and then only take turns.
 */
export const PROCESS_WRITE_SLOT = randomInt(WRITE_SLOTS);
