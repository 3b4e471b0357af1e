import { Param, PipeTransform } from '@nestjs/common';
import { Errors } from '../errors/errors';

/** `{id}` matches digits only (spec); anything else is not a route at all, hence 404 rest_no_route. */
export class ParseIdPipe implements PipeTransform<string, number> {
  transform(value: string): number {
    if (!/^\d{1,10}$/.test(value) || Number(value) > 2_147_483_647) throw Errors.noRoute();
    return Number(value);
  }
}

export const IdParam = () => Param('id', ParseIdPipe);
