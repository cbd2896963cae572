// School sign-on through the GAR: the test identity provider's pages (tests/helpers/test-idp.ts),
// /gar-signup passed step by step whatever its steps are, the school's divisions on the class list,
// and the way out of a GAR session.
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import frClasses from '../../../client/src/i18n/locales/fr/classes.json';
import { IDP_PICK_TITLE, IDP_SIGNED_OUT_TITLE, type IdpPerson, idpSignInLabel } from '../../helpers/test-idp';
import { atPath } from '../browser';
import { fr, tr } from './fr';
import { ProfessorOnboardingPage } from './professor-onboarding';
import { fromMenu } from './top-bar';

const D = frClasses.CLASSES.DIVISIONS;

/** Whether the tab shows a page of the test identity provider (another origin than the app). */
const atIdp = (page: Page, pathname: string) =>
  page.waitForURL((u) => u.origin === inject('idpUrl') && u.pathname === pathname);

export class TestIdpPage {
  constructor(readonly page: Page) {}

  readonly pickHeading = () => this.page.getByRole('heading', { name: IDP_PICK_TITLE, level: 1 });
  readonly signedOutHeading = () => this.page.getByRole('heading', { name: IDP_SIGNED_OUT_TITLE, level: 1 });
  readonly signInAs = (person: IdpPerson) => this.page.getByRole('button', { name: idpSignInLabel(person) });

  /** The GAR link of /login, which leads to the identity provider. */
  readonly garLink = () =>
    this.page
      .getByRole('navigation', { name: fr.LOGIN.SSO_TITLE })
      .getByRole('link', { name: tr(fr.LOGIN.SSO_WITH, { name: 'GAR' }) });

  /** From /login to the identity provider, which asks who signs in (no session open there). */
  async openFromLogin() {
    await this.page.goto('/login');
    await this.garLink().click();
    await this.waitAsked();
  }

  /** The identity provider asks who signs in: its directory, one button per person. */
  async waitAsked() {
    await atIdp(this.page, '/sso');
    await this.pickHeading().waitFor();
    await this.page
      .getByRole('button', { name: /^Sign in as / })
      .first()
      .waitFor();
  }

  /** Picks a person: the IdP posts the signed response to the app, which opens the session. */
  async pick(person: IdpPerson) {
    await this.signInAs(person).click();
  }

  /** The identity provider's page after its single logout. */
  async waitSignedOut() {
    await atIdp(this.page, '/slo');
    await this.signedOutHeading().waitFor();
  }
}

/**
 * /gar-signup, passed whatever steps it has (character, then any others): on each step the character
 * is chosen when asked, a choice left empty gets its first option, then Next (Finish on the last).
 * A step that refuses to move on fails with its message.
 */
export class GarSignupPage extends ProfessorOnboardingPage {
  readonly currentStep = () => this.page.locator('li[aria-current="step"]');
  readonly steps = () => this.page.locator('li').filter({ has: this.page.locator('.stepper__label') });
  readonly alert = () => this.page.getByRole('alert');

  private async answerStep() {
    const form = this.page.locator('form');
    if (await this.stepHeading(fr.ONBOARDING.CHARACTER_TITLE).isVisible()) {
      await this.character(1).waitFor({ state: 'attached' });
      await this.choose(this.character(1));
      return;
    }
    const radios = form.getByRole('radio');
    if ((await radios.count()) > 0 && (await form.getByRole('radio', { checked: true }).count()) === 0)
      await this.choose(radios.first());
    const boxes = form.getByRole('checkbox');
    if ((await boxes.count()) > 0 && (await form.getByRole('checkbox', { checked: true }).count()) === 0)
      await boxes.first().check();
    for (const select of await form.getByRole('combobox').all())
      if ((await select.inputValue()) === '') await select.selectOption({ index: 1 });
  }

  /** Every step, then the professor home. */
  async passAllSteps(onStep?: (label: string) => Promise<void>) {
    await this.heading().waitFor();
    await this.currentStep().waitFor();
    const total = await this.steps().count();
    for (let i = 0; i < total; i++) {
      const step = this.steps().nth(i);
      await step.and(this.currentStep()).waitFor();
      const label = (await step.locator('.stepper__label').textContent()) ?? `${i + 1}`;
      await this.answerStep();
      await onStep?.(label);
      if (i === total - 1) {
        await this.finish().click();
        break;
      }
      await this.next().click();
      await this.steps()
        .nth(i + 1)
        .and(this.currentStep())
        .or(this.alert())
        .first()
        .waitFor();
      if (await this.alert().isVisible())
        throw new Error(`gar-signup step "${label}" refused: ${await this.alert().textContent()}`);
    }
    await atPath(this.page, '/prof/select');
  }
}

/** The class list's "classes of your school" card: one class per division, in one click. */
export class SchoolDivisionsSection {
  constructor(readonly page: Page) {}

  readonly section = () => this.page.getByTestId('school-divisions');
  readonly heading = () => this.section().getByRole('heading', { name: D.TITLE });
  readonly subject = () => this.section().getByLabel(D.SUBJECT, { exact: true });
  readonly create = (division: string) =>
    this.section().getByRole('button', { name: tr(D.CREATE, { name: division }) });
  readonly division = (division: string) =>
    this.section().getByRole('listitem').filter({ hasText: division });
  readonly open = (division: string) => this.division(division).getByRole('link', { name: D.OPEN });

  async goto() {
    await fromMenu(this.page, fr.LAYOUT.MENU.ADMINISTRATION, fr.LAYOUT.MENU.CLASSES);
    await atPath(this.page, '/prof/administration/classlist');
    await this.heading().waitFor();
  }
}

/** A GAR teacher leaves from the top bar: our session ends, then the identity provider's. */
export async function garProfessorSignOut(page: Page) {
  await fromMenu(page, fr.LAYOUT.MENU.MY_ACCOUNT, fr.LAYOUT.MENU.LOGOUT_GAR);
  await new TestIdpPage(page).waitSignedOut();
}

/** A GAR pupil leaves from the student home: our session ends, then the identity provider's. */
export async function garPupilSignOut(page: Page) {
  await page.getByRole('link', { name: fr.STUDENT_HOME.SIGN_OUT }).click();
  await new TestIdpPage(page).waitSignedOut();
}
