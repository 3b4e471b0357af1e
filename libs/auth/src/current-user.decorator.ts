import { ApiRequest } from '@app/common';
import { createParamDecorator, ExecutionContext } from '@nestjs/common';

/** The authenticated caller, or undefined for anonymous requests. */
export const CurrentUser = createParamDecorator((_data: unknown, context: ExecutionContext) => {
  return context.switchToHttp().getRequest<ApiRequest>().user;
});
