// Homework for every kind of question (issue 23): the inputs of the live phone, what is sent, the
// result of the kind after answering, and the explanation.
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type {
  HomeworkAnswerResult,
  HomeworkPlayDto,
  HomeworkQuestionDto,
  HomeworkRaidDto,
} from '../../../../../shared/types';
import type { AppRoute } from '../../../app/routes';
import { renderApp, signIn, stubFetch, studentRecord, studentUser } from '../../../app/test-app';
import { tx } from '../../../test-utils/page';

const ROUTES: AppRoute[] = [
  {
    name: 'student-raid',
    path: '/student/raid/:homeworkId/:professorId/:subjectId/:raidId/:schoolclassId',
    access: 'STUDENT',
    load: () => import('./HomeworkRaidPage'),
  },
];
const PLAY_URL = '/student/raid/hw1/p1/s1/r1/c1';

const homework: HomeworkRaidDto = {
  id: 'hw1',
  name: 'Tout type',
  isOnGoing: true,
  createdAt: '2026-11-20T10:00:00.000Z',
  raidId: 'r1',
  schoolclassId: 'c1',
  schoolclassName: '5e B',
  professor: { id: 'p1', civility: 'MME' },
  user: { firstName: 'Claire', lastName: 'Fontaine', avatar: null },
  subject: { id: 's1', code: 'MATHEMATICS', name: 'Mathematics' },
  questionCount: 2,
  answeredCount: 0,
  completion: null,
  startsOn: null,
  dueOn: null,
  maxTries: 1,
  multiScoring: 'all',
  upcoming: false,
  overdue: false,
};
const question = (over: Partial<HomeworkQuestionDto>): HomeworkQuestionDto => ({
  kind: 'choice',
  id: 'q1',
  text: 'La question',
  equationMode: false,
  image: null,
  multiple: false,
  toPick: 1,
  answers: [],
  given: null,
  ...over,
});

/** A homework of `q` then one more question; the server answers `result`. */
function open(q: HomeworkQuestionDto, result: Partial<HomeworkAnswerResult>) {
  const play: HomeworkPlayDto = {
    homework,
    title: 'Tout type',
    questions: [q, question({ id: 'q2', text: 'La suivante', answers: [{ id: 'x', text: 'x' }] })],
  };
  const calls = stubFetch({
    'GET /api/users/u-stu': { body: studentRecord() },
    'GET /api/changelog': { body: [] },
    'GET /api/students/st1/homework/hw1': { body: play },
    'POST /api/students/st1/homework/hw1/answer': {
      body: {
        correct: false,
        verdict: 'wrong',
        credit: 0,
        missedIds: [],
        correctAnswerIds: [],
        explanation: null,
        explanationImage: null,
        ...result,
      },
    },
  });
  signIn(studentUser());
  renderApp(PLAY_URL, ROUTES);
  return { answers: () => calls.filter((c) => c.url.endsWith('/answer')).map((c) => c.body) };
}
const field = () => screen.getByRole('textbox') as HTMLInputElement;

describe('HomeworkRaidPage: every kind of question', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('number: the keypad and the unit, the typed value sent, then right with the value and the explanation', async () => {
    const { answers } = open(question({ kind: 'number', unit: 'm/s', text: 'Vitesse du son ?' }), {
      correct: true,
      verdict: 'right',
      credit: 1,
      number: { value: 340, tolerance: 0.05, toleranceMode: 'relative', unit: 'm/s' },
      explanation: 'Dans l’air, à $$20\\,°C$$.',
      explanationImage: '/uploads/questions/son.png',
    });
    await screen.findByLabelText(tx('PHONE.TYPE_NUMBER'));
    expect(field().getAttribute('inputmode')).toBe('decimal');
    expect(screen.getByTestId('typed-unit').textContent).toBe('m/s');
    fireEvent.change(field(), { target: { value: '1 234,5' } });
    fireEvent.click(screen.getByRole('button', { name: tx('PHONE.VALIDATE', { count: 1 }) }));
    expect(await screen.findByText(tx('STUDENT.PLAY.RIGHT'))).toBeTruthy();
    expect(answers()).toEqual([{ questionId: 'q1', value: '1 234,5' }]);
    expect(screen.getByTestId('reveal-number').textContent).toContain('340\u00a0m/s');
    expect(screen.getByTestId('reveal-number').textContent).toContain('5\u00a0%');
    const explanation = within(screen.getByTestId('explanation'));
    expect(explanation.getByText(tx('PHONE.EXPLANATION'))).toBeTruthy();
    expect(explanation.getByAltText(tx('PHONE.EXPLANATION_IMAGE')).getAttribute('src')).toBe(
      '/uploads/questions/son.png',
    );
    // Answered: the field goes, the card above says what was typed.
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByTestId('reveal-number').textContent?.replace(/\s+/g, ' ')).toContain('« 1 234,5 »');
    expect(screen.getByRole('button', { name: tx('STUDENT.PLAY.NEXT') })).toBeTruthy();
  });

  it('number: a value that is not a number is said at once and never sent', async () => {
    const { answers } = open(question({ kind: 'number' }), {});
    await screen.findByLabelText(tx('PHONE.TYPE_NUMBER'));
    fireEvent.change(field(), { target: { value: 'douze' } });
    fireEvent.click(screen.getByRole('button', { name: tx('PHONE.VALIDATE', { count: 1 }) }));
    expect(screen.getByRole('alert').textContent).toBe(tx('PHONE.ERRORS.GAME_ERRORS_ANSWER_NOT_A_NUMBER'));
    expect(answers()).toEqual([]);
  });

  it('text: the word trimmed, then wrong with the accepted answers and the explanation', async () => {
    const { answers } = open(question({ kind: 'text', text: 'Le pluriel de « cheval » ?' }), {
      accepted: ['chevaux'],
      explanation: 'Les noms en -al font -aux.',
    });
    await screen.findByLabelText(tx('PHONE.TYPE_TEXT'));
    fireEvent.change(field(), { target: { value: ' chevals ' } });
    fireEvent.submit(field().closest('form') as HTMLFormElement);
    expect(await screen.findByText(tx('STUDENT.PLAY.WRONG'))).toBeTruthy();
    expect(answers()).toEqual([{ questionId: 'q1', value: 'chevals' }]);
    const text = screen.getByTestId('reveal-text').textContent?.replace(/\s+/g, ' ');
    expect(text).toContain('« chevaux »');
    expect(text).toContain('« chevals »');
    expect(screen.getByText('Les noms en -al font -aux.')).toBeTruthy();
  });

  it('order: items tapped in order, the order sent, then the right order place by place', async () => {
    const { answers } = open(
      question({
        kind: 'order',
        text: 'Range du plus petit au plus grand',
        answers: [
          { id: 'i2', text: 'deux' },
          { id: 'i3', text: 'trois' },
          { id: 'i1', text: 'un' },
        ],
      }),
      { correctOrder: ['i1', 'i2', 'i3'] },
    );
    await screen.findByText(tx('PHONE.ORDER_HINT_FIRST'));
    for (const name of [/trois/, /un/, /deux/]) fireEvent.click(screen.getByRole('button', { name }));
    fireEvent.click(screen.getByRole('button', { name: tx('PHONE.ORDER_UNDO') }));
    fireEvent.click(screen.getByRole('button', { name: /deux/ }));
    fireEvent.click(screen.getByRole('button', { name: tx('PHONE.ORDER_VALIDATE') }));
    expect(await screen.findByText(tx('STUDENT.PLAY.WRONG'))).toBeTruthy();
    expect(answers()).toEqual([{ questionId: 'q1', order: ['i3', 'i1', 'i2'] }]);
    const order = within(screen.getByTestId('reveal-order'));
    expect(order.getAllByRole('listitem')[0].textContent).toContain('un');
    expect(order.getAllByText(tx('PHONE.ORDER_PLACE_WRONG'))).toHaveLength(3);
  });

  it('poll: thanks, never right or wrong', async () => {
    const { answers } = open(
      question({
        kind: 'poll',
        pollMode: 'choice',
        text: 'Ce chapitre t’a plu ?',
        answers: [
          { id: 'p1', text: 'Oui' },
          { id: 'p2', text: 'Non' },
        ],
      }),
      { verdict: 'none' },
    );
    fireEvent.click(await screen.findByRole('button', { name: /Oui/ }));
    expect(await screen.findByText(tx('PHONE.POLL_THANKS'))).toBeTruthy();
    expect(answers()).toEqual([{ questionId: 'q1', answerIds: ['p1'] }]);
    expect(screen.getByText(tx('PHONE.POLL_TEXT'))).toBeTruthy();
    expect(screen.queryByText(tx('STUDENT.PLAY.WRONG'))).toBeNull();
    expect(document.querySelector('.answer--right, .answer--wrong-chosen')).toBeNull();
  });

  it('poll with a word: typed and sent, thanks after', async () => {
    const { answers } = open(question({ kind: 'poll', pollMode: 'text', text: 'Un mot pour ce cours ?' }), {
      verdict: 'none',
    });
    await screen.findByLabelText(tx('PHONE.TYPE_TEXT'));
    fireEvent.change(field(), { target: { value: 'génial' } });
    fireEvent.click(screen.getByRole('button', { name: tx('PHONE.VALIDATE', { count: 1 }) }));
    expect(await screen.findByText(tx('PHONE.POLL_THANKS'))).toBeTruthy();
    expect(answers()).toEqual([{ questionId: 'q1', value: 'génial' }]);
  });
});
