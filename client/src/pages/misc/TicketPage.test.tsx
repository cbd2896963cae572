import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SCREENSHOT_MAX_BYTES } from '../../../../shared/constants';
import type { AppRoute } from '../../app/routes';
import {
  record,
  renderApp,
  signIn,
  storedUser,
  stubFetch,
  studentRecord,
  studentUser,
} from '../../app/test-app';
import i18n from '../../i18n';
import { checkScreenshot } from './ticket-form';

const ROUTES: AppRoute[] = [
  { name: 'ticket-form', path: '/ticket', access: 'all', load: () => import('./TicketPage') },
];
const t = (k: string) => i18n.t(k);
const URL_FROM = '/ticket?fromRouteName=select&fromRoutePath=%2Fprof%2Fselect';

function file(name: string, type: string, size = 10) {
  const f = new File(['x'], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
}

describe('checkScreenshot', () => {
  it('accepts PNG and JPEG up to 20 MB, nothing else', () => {
    expect(checkScreenshot(null)).toBeNull();
    expect(checkScreenshot(file('a.png', 'image/png', SCREENSHOT_MAX_BYTES))).toBeNull();
    expect(checkScreenshot(file('a.jpg', 'image/jpeg'))).toBeNull();
    expect(checkScreenshot(file('a.png', 'image/png', SCREENSHOT_MAX_BYTES + 1))).toBe(
      'VALIDATION.IMAGE_TOO_LARGE',
    );
    expect(checkScreenshot(file('a.gif', 'image/gif'))).toBe('VALIDATION.IMAGE_TYPE');
  });
});

describe('TicketPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('speaks "tu" to a signed-in student and "vous" to a teacher', async () => {
    stubFetch({
      'GET /api/users/u-stu': { body: studentRecord() },
      'GET /api/users/u-prof': { body: record() },
      'GET /api/changelog': { body: [] },
    });
    signIn(studentUser());
    const student = renderApp(URL_FROM, ROUTES);
    expect(await screen.findByText(t('TICKET_STUDENT.INTRO'))).toBeTruthy();
    expect(screen.getByLabelText(t('TICKET.DESCRIPTION')).getAttribute('placeholder')).toBe(
      t('TICKET_STUDENT.DESCRIPTION_PLACEHOLDER'),
    );
    expect(t('TICKET_STUDENT.INTRO')).not.toBe(t('TICKET.INTRO'));
    student.unmount();
    localStorage.clear();
    signIn(storedUser());
    renderApp(URL_FROM, ROUTES);
    expect(await screen.findByText(t('TICKET.INTRO'))).toBeTruthy();
  });

  it('requires a summary and a description', async () => {
    const user = userEvent.setup();
    const calls = stubFetch({});
    renderApp(URL_FROM, ROUTES);
    await user.click(await screen.findByRole('button', { name: t('TICKET.SEND') }));
    expect(screen.getAllByText(t('VALIDATION.REQUIRED'))).toHaveLength(2);
    expect(calls.some((c) => c.url === '/api/tickets')).toBe(false);
  });

  it('refuses a screenshot over 20 MB before uploading it', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const calls = stubFetch({});
    renderApp(URL_FROM, ROUTES);
    await user.type(await screen.findByLabelText(t('TICKET.SUMMARY')), 'Bouton bloqué');
    await user.type(screen.getByLabelText(t('TICKET.DESCRIPTION')), 'Rien ne se passe');
    await user.upload(
      screen.getByLabelText(t('TICKET.SCREENSHOT')),
      file('big.png', 'image/png', SCREENSHOT_MAX_BYTES + 1),
    );
    await user.click(screen.getByRole('button', { name: t('TICKET.SEND') }));
    expect(screen.getByText(t('VALIDATION.IMAGE_TOO_LARGE'))).toBeTruthy();
    expect(calls.some((c) => c.url === '/api/tickets')).toBe(false);
  });

  it('sends summary, description, origin and screenshot as form data, then thanks the user', async () => {
    const user = userEvent.setup();
    const calls = stubFetch({ 'POST /api/tickets': { status: 201, body: { id: 't1' } } });
    renderApp(URL_FROM, ROUTES);
    expect(await screen.findByText('/prof/select')).toBeTruthy();
    await user.type(screen.getByLabelText(t('TICKET.SUMMARY')), 'Bouton bloqué');
    await user.type(screen.getByLabelText(t('TICKET.DESCRIPTION')), 'Rien ne se passe');
    const shot = file('shot.jpg', 'image/jpeg', 2048);
    await user.upload(screen.getByLabelText(t('TICKET.SCREENSHOT')), shot);
    await user.click(screen.getByRole('button', { name: t('TICKET.SEND') }));

    expect(await screen.findByTestId('ticket-sent')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(t('TICKET.SENT'));
    const sent = calls.find((c) => c.url === '/api/tickets');
    expect(sent?.method).toBe('POST');
    const form = sent?.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(form.get('summary')).toBe('Bouton bloqué');
    expect(form.get('description')).toBe('Rien ne se passe');
    expect(form.get('fromRouteName')).toBe('select');
    expect(form.get('fromRoutePath')).toBe('/prof/select');
    expect((form.get('screenshot') as File).name).toBe('shot.jpg');
  });

  it("shows the server's refusal of the screenshot on that field", async () => {
    const user = userEvent.setup();
    stubFetch({ 'POST /api/tickets': { status: 400, body: { message: 'VALIDATION.IMAGE_TYPE' } } });
    renderApp('/ticket', ROUTES);
    await user.type(await screen.findByLabelText(t('TICKET.SUMMARY')), 'Bug');
    await user.type(screen.getByLabelText(t('TICKET.DESCRIPTION')), 'Détails');
    await user.upload(screen.getByLabelText(t('TICKET.SCREENSHOT')), file('fake.png', 'image/png'));
    await user.click(screen.getByRole('button', { name: t('TICKET.SEND') }));
    await waitFor(() => expect(screen.getAllByText(t('VALIDATION.IMAGE_TYPE')).length).toBeGreaterThan(0));
    expect(screen.queryByTestId('ticket-sent')).toBeNull();
  });
});
