// /gar-signup: a teacher's first sign-in (character, power mode, sharing).
import type { Locator, Page } from 'playwright-core';
import { characterRadio, choose } from './choices';
import { fr } from './fr';

const O = fr.ONBOARDING;

export class ProfessorOnboardingPage {
  constructor(readonly page: Page) {}

  readonly heading = () => this.page.getByRole('heading', { name: O.TITLE, level: 1 });
  readonly stepHeading = (name: string) => this.page.getByRole('heading', { name, level: 2 });
  readonly character = (n: number) => characterRadio(this.page, n);
  readonly option = (title: string) => this.page.getByRole('radio', { name: title });
  readonly choose = (radio: Locator) => choose(this.page, radio);
  /** A subject's chip on the subjects step, by its label in French. */
  readonly subject = (name: string) => this.page.getByRole('button', { name, exact: false });
  readonly next = () => this.page.getByRole('button', { name: fr.REGISTER.NEXT });
  readonly finish = () => this.page.getByRole('button', { name: O.FINISH });
}
