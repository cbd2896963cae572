// The bug-report form's rules (SPEC point 5): summary and description required; the screenshot is
// optional, JPG or PNG, 20 MB at most. Checked here before the upload, and again by the server.
import { SCREENSHOT_MAX_BYTES } from '../../../../shared/constants';

export interface TicketValues {
  summary: string;
  description: string;
  screenshot: File | null;
}
export type TicketErrors = Partial<Record<keyof TicketValues, string>>;

export const SCREENSHOT_TYPES = ['image/png', 'image/jpeg'];
export const SUMMARY_MAX = 120;

export function checkScreenshot(file: File | null): string | null {
  if (!file) return null;
  const byName = /\.(png|jpe?g)$/i.test(file.name);
  if (!SCREENSHOT_TYPES.includes(file.type) && !(file.type === '' && byName)) return 'VALIDATION.IMAGE_TYPE';
  if (file.size > SCREENSHOT_MAX_BYTES) return 'VALIDATION.IMAGE_TOO_LARGE';
  return null;
}

export function validateTicket(v: TicketValues): TicketErrors {
  const errors: TicketErrors = {};
  if (!v.summary.trim()) errors.summary = 'VALIDATION.REQUIRED';
  else if (v.summary.trim().length > SUMMARY_MAX) errors.summary = 'TICKET.SUMMARY_TOO_LONG';
  if (!v.description.trim()) errors.description = 'VALIDATION.REQUIRED';
  const shot = checkScreenshot(v.screenshot);
  if (shot) errors.screenshot = shot;
  return errors;
}

export function ticketFormData(
  v: TicketValues,
  from: { routeName: string | null; routePath: string | null },
): FormData {
  const form = new FormData();
  form.set('summary', v.summary.trim());
  form.set('description', v.description.trim());
  if (from.routeName) form.set('fromRouteName', from.routeName);
  if (from.routePath) form.set('fromRoutePath', from.routePath);
  if (v.screenshot) form.set('screenshot', v.screenshot, v.screenshot.name);
  return form;
}
