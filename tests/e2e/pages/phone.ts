// A student's phone during a live lesson: the home's "join" card, then /student/live/:class/:subject.
import type { Page } from 'playwright-core';
import { tr } from './fr';
import { gameFr } from './game-fr';

const P = gameFr.PHONE;

/** A question or an answer as its author typed it: KaTeX formulas read back from their TeX source. */
export interface ShownAnswer {
  letter: string;
  source: string;
}

export class PhonePage {
  constructor(readonly page: Page) {}

  readonly joinLink = (className: string) =>
    this.page
      .getByRole('region', { name: P.LIVE_NOW })
      .getByRole('link', { name: tr(P.JOIN_LIVE, { className }) });
  readonly hello = (firstName: string) =>
    this.page.getByRole('heading', { name: tr(P.HELLO, { name: firstName }), level: 1 });
  readonly lobby = () => this.page.getByRole('heading', { name: P.LOBBY_TITLE, level: 1 });
  readonly closed = () => this.page.getByRole('heading', { name: P.CLOSED_TITLE, level: 1 });
  readonly questionIndex = (index: number, count: number) =>
    this.page.getByText(tr(P.QUESTION_INDEX, { index, count }), { exact: true });
  /** An answer button by its letter: its name starts with the "Réponse A" the screen reader hears. */
  readonly answer = (letter: string) =>
    this.page.getByRole('button', { name: tr(P.ANSWER_LABEL, { letter }) });
  readonly validate = (count: number) =>
    this.page.getByRole('button', { name: tr(count === 1 ? P.VALIDATE_one : P.VALIDATE_other, { count }) });
  readonly received = () => this.page.getByRole('status').filter({ hasText: P.RECEIVED });
  readonly right = () => this.page.getByRole('status').filter({ hasText: P.RIGHT });
  readonly classShare = (pct: number) =>
    this.page.getByRole('status').filter({ hasText: tr(P.CLASS_SHARE, { pct }) });
  readonly victory = () => this.page.getByRole('heading', { name: P.VICTORY, level: 1 });
  readonly gains = () => this.page.getByRole('list', { name: P.MY_GAINS });
  readonly xpGain = (xp: number) => this.gains().getByText(tr(P.GAIN_XP, { xp }), { exact: true });

  /**
   * Waits for the join card. The home polls the open rooms every 15 s: rather than waiting, it
   * reloads until an answer of GET /api/game/rooms/live holds the class.
   */
  async waitForJoinCard(className: string) {
    for (let i = 0; i < 10; i++) {
      if (await this.joinLink(className).isVisible()) return;
      const rooms = this.page.waitForResponse((r) => r.url().endsWith('/api/game/rooms/live'));
      await this.page.reload();
      const body = (await (await rooms).json()) as { className: string }[];
      if (body.some((r) => r.className === className)) break;
    }
    await this.joinLink(className).waitFor();
  }

  /**
   * The question and its answers as written in the raid: text as shown, each KaTeX formula replaced
   * by `$$tex$$` from its MathML annotation (or from the plain fallback before KaTeX arrives), the
   * screen-reader prefix left out.
   */
  async shown(): Promise<{ question: string; answers: ShownAnswer[] }> {
    return this.page.evaluate(() => {
      const source = (el: Element): string => {
        const copy = el.cloneNode(true) as Element;
        for (const sr of copy.querySelectorAll('.sr-only')) sr.remove();
        for (const m of copy.querySelectorAll('.math, .math-plain')) {
          const tex = m.classList.contains('math')
            ? m.querySelector('annotation[encoding="application/x-tex"]')?.textContent
            : m.textContent;
          m.replaceWith(`$$${tex ?? ''}$$`);
        }
        return (copy.textContent ?? '').trim();
      };
      const q = document.getElementById('question-text');
      const buttons = [...document.querySelectorAll('section.question button.answer')];
      return {
        question: q ? source(q) : '',
        answers: buttons.map((b) => ({
          letter: (b.querySelector('.answer__letter')?.textContent ?? '').trim(),
          source: source(b.querySelector('.answer__text') ?? b),
        })),
      };
    });
  }
}
