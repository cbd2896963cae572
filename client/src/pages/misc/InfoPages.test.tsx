// The text pages a user reads: what they must say.
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppRoute } from '../../app/routes';
import { ROUTES as APP_ROUTES } from '../../app/routes';
import { record, renderApp, signIn, storedUser, stubFetch } from '../../app/test-app';
import i18n from '../../i18n';

const ROUTES: AppRoute[] = APP_ROUTES.filter((r) =>
  [
    'privacy-policy',
    'legal-notice',
    'gcu',
    'guide-professor',
    'guide-student',
    'user-disabled',
    'gar-helper',
    'error',
  ].includes(r.name),
);

describe('information pages', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('privacy policy lists the data kept about children, and says there is no tracker nor third party', async () => {
    stubFetch({});
    renderApp('/privacy-policy', ROUTES);
    const page = await screen.findByTestId('doc-privacy');
    const text = page.textContent ?? '';
    for (const words of [
      "prénom, le nom et le nom d'utilisateur",
      'argon2id',
      'classes',
      'progression',
      'codex',
      'journaux de session',
    ]) {
      expect(text).toContain(words);
    }
    expect(text).toContain('Aucun traceur');
    expect(text).toContain("Aucune donnée n'est transmise à un tiers");
  });

  it('privacy policy says how long data is kept and how families download or erase it, not through the bug form', async () => {
    stubFetch({});
    renderApp('/privacy-policy', ROUTES);
    const text = (await screen.findByTestId('doc-privacy')).textContent ?? '';
    for (const words of [
      'Combien de temps',
      '30 jours',
      'IDO',
      'UAI',
      '« Télécharger mes données »',
      'supprimer définitivement',
      'CNIL',
    ])
      expect(text).toContain(words);
    expect(text).not.toContain('Signaler un bug');
  });

  it('legal notice names the publisher, host, data controller and DPO the operator configured', async () => {
    stubFetch({
      'GET /api/legal': {
        body: {
          publisher: 'Collège Jean Moulin, Paris',
          host: 'OVH SAS, Roubaix',
          controller: 'La principale du collège',
          dpoContact: 'dpd@ac-paris.fr',
        },
      },
    });
    renderApp('/legal-notice', ROUTES);
    const details = await screen.findByTestId('operator-details');
    await waitFor(() => expect(details.textContent).toContain('OVH SAS, Roubaix'));
    for (const [label, value] of [
      ['DOCS.OPERATOR.PUBLISHER', 'Collège Jean Moulin, Paris'],
      ['DOCS.OPERATOR.HOST', 'OVH SAS, Roubaix'],
      ['DOCS.OPERATOR.CONTROLLER', 'La principale du collège'],
      ['DOCS.OPERATOR.DPO', 'dpd@ac-paris.fr'],
    ]) {
      const term = within(details).getByText(i18n.t(label));
      expect(term.nextElementSibling?.textContent).toBe(value);
    }
  });

  it('privacy policy says plainly when the operator has not named the data controller', async () => {
    stubFetch({
      'GET /api/legal': { body: { publisher: null, host: null, controller: null, dpoContact: null } },
    });
    renderApp('/privacy-policy', ROUTES);
    const details = await screen.findByTestId('operator-details');
    await waitFor(() => expect(details.textContent).toContain(i18n.t('DOCS.OPERATOR.NONE')));
    const term = within(details).getByText(i18n.t('DOCS.OPERATOR.CONTROLLER'));
    expect(term.nextElementSibling?.textContent).toBe(i18n.t('DOCS.OPERATOR.MISSING'));
  });

  it('legal notice and terms of use render their sections', async () => {
    stubFetch({});
    const legal = renderApp('/legal-notice', ROUTES);
    expect(await screen.findByRole('heading', { level: 1, name: i18n.t('DOCS.LEGAL.TITLE') })).toBeTruthy();
    legal.unmount();
    renderApp('/gcu', ROUTES);
    expect(await screen.findByRole('heading', { level: 1, name: i18n.t('DOCS.TERMS.TITLE') })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 }).length).toBeGreaterThan(3);
  });

  it('guides tell school sign-on users and e-mail users how their own account works', async () => {
    stubFetch({ 'GET /api/users/u-prof': { body: record() }, 'GET /api/changelog': { body: [] } });
    signIn(storedUser());
    const first = renderApp('/guide/professor', ROUTES);
    // The guide loads the areas of every label it quotes: a heavier first render.
    expect(await screen.findByRole('heading', { name: 'Votre compte' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Votre compte ENT' })).toBeNull();
    expect(screen.getByRole('heading', { name: '1. Créer une classe' })).toBeTruthy();
    // The buttons named are the real ones, filled in from the labels the screens show.
    const guide = screen.getByTestId('doc-guide_professor');
    expect(guide.textContent).toContain(`« ${i18n.t('CLASSES.LIST.NEW')} »`);
    expect(guide.textContent).toContain(`« ${i18n.t('CLASSES.FORM.CREATE')} »`);
    expect(guide.textContent).toContain(`« ${i18n.t('GAME.QUIT')} »`);
    expect(guide.textContent).not.toContain('$t(');
    // The screenshots of those screens, described, loaded only when scrolled to.
    const shot = screen.getByRole('img', {
      name: (name) => name.includes(`« ${i18n.t('CLASSES.LIST.NEW')} »`),
    });
    expect(shot.getAttribute('src')).toBe('/assets/guide/prof-classlist.webp');
    expect(shot.getAttribute('loading')).toBe('lazy');
    expect(screen.getByRole('img', { name: /mot de passe actuel/ }).getAttribute('src')).toBe(
      '/assets/guide/prof-password.webp',
    );
    first.unmount();

    signIn(storedUser({ isGar: true, ticket: 'T' }));
    renderApp('/guide/student', ROUTES);
    expect(
      await screen.findByRole('heading', { name: "Ta connexion par l'ENT" }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.queryByRole('img', { name: new RegExp(i18n.t('STUDENT.OPTIONS.IDENTIFIER')) })).toBeNull();
    expect(screen.getByText(new RegExp(`« ${i18n.t('CODEX.WRITE.SEND')} »`))).toBeTruthy();
    expect(screen.getByRole('link', { name: i18n.t('DOCS.SEE_PROFESSOR_GUIDE') }).getAttribute('href')).toBe(
      '/guide/professor',
    );
  });

  it('the disabled-account page explains what happened and who to ask', async () => {
    stubFetch({});
    renderApp('/user-disabled', ROUTES);
    expect(
      await screen.findByRole('heading', { level: 1, name: i18n.t('MISC.USER_DISABLED.TITLE') }),
    ).toBeTruthy();
    expect(screen.getByText(i18n.t('MISC.USER_DISABLED.STUDENT'))).toBeTruthy();
    expect(screen.getByText(i18n.t('MISC.USER_DISABLED.PROFESSOR'))).toBeTruthy();
  });

  it('the GAR helper explains signing in through the ENT step by step, without footer', async () => {
    stubFetch({});
    renderApp('/gar-helper', ROUTES);
    expect(
      await screen.findByRole('heading', { level: 1, name: i18n.t('MISC.GAR_HELPER.TITLE') }),
    ).toBeTruthy();
    expect(screen.getByText(i18n.t('MISC.GAR_HELPER.STEP_3'))).toBeTruthy();
    expect(screen.queryByRole('contentinfo')).toBeNull();
  });

  it('the error page offers a way home', async () => {
    stubFetch({});
    renderApp('/error', ROUTES);
    expect(await screen.findByRole('heading', { level: 1, name: i18n.t('MISC.ERROR.TITLE') })).toBeTruthy();
    expect(screen.getByRole('link', { name: i18n.t('COMMON.BACK_HOME') }).getAttribute('href')).toBe(
      '/login',
    );
  });
});
