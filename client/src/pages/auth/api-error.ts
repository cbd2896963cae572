// What a page shows for a failed call: the server's message key, or the generic error.
import { ApiError } from '../../api/http';

export const errorKey = (err: unknown): string => (err instanceof ApiError ? err.message : 'ERRORS.GENERIC');
export const errorField = (err: unknown): string | undefined =>
  err instanceof ApiError ? err.field : undefined;
export const errorStatus = (err: unknown): number | undefined =>
  err instanceof ApiError ? err.status : undefined;
