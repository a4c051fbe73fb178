import { isRouteErrorResponse } from 'react-router';
import { isApiError } from '../api/client.js';

/** Whether a route's or a read's error means "not found" (docs/routes.md#route-table): the page shows the not-found page, not a reload. */
export function isNotFoundError(error: unknown): boolean {
  if (isRouteErrorResponse(error)) return error.status === 404;
  return isApiError(error) && (error.status === 404 || (error.status === 400 && error.code === 'event_not_found'));
}
