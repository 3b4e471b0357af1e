import { ApiSchema } from '@nestjs/swagger';

/** A date split into zero-padded parts, as the `*_details` fields carry it. */
@ApiSchema({ name: 'DateDetails' })
export class DateDetails {
  /** Four-digit year. */
  year: string;
  /** Month, 01 to 12. */
  month: string;
  /** Day of the month, 01 to 31. */
  day: string;
  /** Hour, 00 to 23. */
  hour: string;
  /** Minutes, 00 to 59. */
  minutes: string;
  /** Seconds, 00 to 59. */
  seconds: string;
}
