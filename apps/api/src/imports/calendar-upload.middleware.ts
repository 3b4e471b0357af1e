import { API_NAMESPACE, ApiError } from '@app/common';
import express, { NextFunction, Request, Response } from 'express';

/** The routes that take a calendar file as the request body. */
const UPLOAD_PATH = new RegExp(`^/${API_NAMESPACE}/imports(?:/\\d+/run)?/?$`);

/** A request whose body was a calendar file (`Content-Type: text/calendar`): its bytes, undecoded. */
export type CalendarUploadRequest = Request & { calendarUpload?: Buffer };

const isCalendar = (contentType: string | undefined) => (contentType ?? '').split(';')[0].trim().toLowerCase() === 'text/calendar';

export const importTooLarge = (max: number) => new ApiError(413, 'rest_payload_too_large', 'errors.import_too_large', { args: { max } });

/** Whether a calendar upload's body was read here (the media-type check lets it pass). */
export const hasCalendarUpload = (req: Request): boolean => (req as CalendarUploadRequest).calendarUpload !== undefined;

/**
 * Reads a `text/calendar` body of `POST /imports` and `POST /imports/{id}/run` as bytes, up to
 * IMPORT_MAX_BYTES (413 beyond), kept undecoded on the request (the reader decodes per line:
 * UTF-8, else Windows-1252); the options then come in the query string.
 */
export function calendarUploadMiddleware(maxBytes: number) {
  const read = express.raw({ type: () => true, limit: maxBytes });
  return (req: Request, res: Response, next: NextFunction): void => {
    if (req.method !== 'POST' || !UPLOAD_PATH.test(req.path) || !isCalendar(req.headers['content-type'])) return next();
    read(req, res, (error?: unknown) => {
      if (error) return next((error as { type?: string }).type === 'entity.too.large' ? importTooLarge(maxBytes) : error);
      (req as CalendarUploadRequest).calendarUpload = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      req.body = {};
      next();
    });
  };
}
