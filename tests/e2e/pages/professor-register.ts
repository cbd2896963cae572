// /sign-up and /register/form: the teacher sign-up in three steps.
import type { Page } from 'playwright-core';
import { fr } from './fr';

const T = fr.REGISTER.PROFESSOR;

export interface ProfessorData {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  school: string;
  city: string;
  department: string;
  subject: string;
  username: string;
  password: string;
}

export class ProfessorRegisterPage {
  constructor(readonly page: Page) {}

  readonly stepHeading = (name: string) => this.page.getByRole('heading', { name, level: 2 });
  readonly field = (label: string) => this.page.getByLabel(label, { exact: true });
  readonly next = () => this.page.getByRole('button', { name: fr.REGISTER.NEXT });
  readonly fieldError = (text: string) => this.page.getByRole('alert').filter({ hasText: text });

  /** From the profile choice of /sign-up. */
  async openFromSignUp() {
    await this.page.goto('/sign-up');
    await this.page.getByRole('heading', { name: fr.SIGNUP.TITLE }).waitFor();
    await this.page.getByRole('link', { name: fr.PROFILE.PROFESSOR }).click();
    await this.stepHeading(T.STEPS.PERSONAL).waitFor();
  }

  async fillPersonal(d: ProfessorData) {
    await this.field(T.FIRST_NAME).fill(d.firstName);
    await this.field(T.LAST_NAME).fill(d.lastName);
    await this.field(T.EMAIL).fill(d.email);
    await this.field(T.PHONE).fill(d.phone);
    await this.field(T.SCHOOL).fill(d.school);
    await this.field(T.CITY).fill(d.city);
    await this.field(T.DEPARTMENT).fill(d.department);
  }

  readonly subject = (name: string) => this.page.getByRole('button', { name, exact: true });

  async fillCredentials(d: Pick<ProfessorData, 'username' | 'password'>) {
    await this.field(T.USERNAME).fill(d.username);
    await this.field(T.PASSWORD).fill(d.password);
    await this.field(T.CONFIRMATION).fill(d.password);
  }

  async submit() {
    await this.page.getByRole('button', { name: T.SUBMIT }).click();
  }
}
