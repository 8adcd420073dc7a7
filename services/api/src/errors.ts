/** An error whose message is safe to show: it becomes `{ success: false, message, errors? }` with its status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: { field: string; message: string }[],
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** 429: too many attempts; the error handler sends `Retry-After` with the seconds to wait. */
export class TooManyRequestsError extends HttpError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message);
    this.name = 'TooManyRequestsError';
  }
}

export type FieldError = { field: string; message: string };

/** Each (field, message) once, first occurrence kept: a field can fail several checks alike. */
export function uniqueFieldErrors(errors: FieldError[]): FieldError[] {
  return errors.filter(
    (e, i) => errors.findIndex((o) => o.field === e.field && o.message === e.message) === i,
  );
}

export const badRequest = (message: string, errors?: FieldError[]) => new HttpError(400, message, errors);
export const unauthorized = (message = 'Unauthorized') => new HttpError(401, message);
export const forbidden = (message = 'Forbidden') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const unavailable = (message: string) => new HttpError(503, message);
