import type { NextFunction, Response } from 'express';
import { Errors } from '../errors/errors';
import { isLanguage, resolveLanguage } from '../i18n/language';
import { ApiRequest } from './api-request';

/**
 * Runs after the body parsers: a `translation_language` in the body counts too (contract §1),
 * an unknown one is rejected, and `Content-Language` follows the final language.
 */
export function languageMiddleware(req: ApiRequest, res: Response, next: NextFunction): void {
  const fromQuery = (req.query as Record<string, unknown>)?.translation_language;
  const fromBody = (req.body as Record<string, unknown> | undefined)?.translation_language;
  const given = fromQuery ?? fromBody;
  if (given !== undefined && !isLanguage(given)) {
    next(Errors.invalidParam('translation_language', 'validation.isIn', { c0: 'en, de' }));
    return;
  }
  if (isLanguage(given)) {
    req.context.language = resolveLanguage({ parameter: given });
    res.setHeader('Content-Language', req.context.language);
  }
  next();
}
