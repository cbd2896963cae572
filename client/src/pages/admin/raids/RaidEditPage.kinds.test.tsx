// The raid editor's kinds of question (issue 23): each kind typed and saved with the payload the raid
// routes take, the kinds' limits refused with the shared rules' translated messages before sending,
// a switch of kind that keeps what it can and names what it loses, and a stored raid of every kind
// shown and saved back unchanged.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ERR } from '../../../../../shared/errors';
import type { ChapterDto, RaidDto } from '../../../../../shared/schemas/raid';
import i18n from '../../../i18n';
import { fieldError, mockApi, renderPage, tx } from '../../../test-utils/page';
import RaidEditPage from './RaidEditPage';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const CH = 'c0000000-0000-4000-8000-000000000001';
const RAID = 'r0000000-0000-4000-8000-000000000001';
const chapter: ChapterDto = {
  id: CH,
  name: 'Mesures',
  level: 4,
  subjectId: 's1',
  subjectCode: 'MATHEMATICS',
  raidCount: 1,
  updatedAt: '2026-03-04T08:07:00.000Z',
};
const CREATE = `/prof/administration/chapters/${CH}/raids/create`;
const EDIT = `/prof/administration/chapters/${CH}/raids/${RAID}`;
const PATTERN_CREATE = '/prof/administration/chapters/:chapterId/raids/create';
const PATTERN_EDIT = '/prof/administration/chapters/:chapterId/raids/:raidId';

const card = (n: number) => screen.getByRole('listitem', { name: tx('RAIDS.FORM.QUESTION_N', { n }) });
const inCard = (n: number) => within(card(n));
const kindOf = (n: number) =>
  inCard(n).getByRole('combobox', { name: tx('RAIDS.FORM.KIND') }) as HTMLSelectElement;
const NONE = { number: null, textAnswer: null, poll: null, explanation: null, explanationImagePath: null };

async function newRaid() {
  const calls = mockApi([
    { method: 'GET', path: `/chapters/${CH}`, body: chapter },
    {
      method: 'POST',
      path: `/chapters/${CH}/raids`,
      body: {
        id: RAID,
        chapterId: CH,
        title: 'x',
        shared: false,
        isHomework: false,
        updatedAt: '',
        questions: [],
      },
    },
  ]);
  renderPage(<RaidEditPage />, PATTERN_CREATE, CREATE);
  const user = userEvent.setup();
  await screen.findByRole('heading', { name: tx('RAIDS.FORM.TITLE_NEW'), level: 1 });
  await user.type(screen.getByLabelText(tx('RAIDS.FORM.RAID_TITLE')), 'Tout');
  return { calls, user };
}

describe('RaidEditPage: kinds of question', { timeout: 60_000 }, () => {
  it('saves one question of each kind with the payload of the raid routes', async () => {
    const { calls, user } = await newRaid();
    const addQuestion = () =>
      user.click(screen.getByRole('button', { name: `+ ${tx('RAIDS.FORM.ADD_QUESTION')}` }));
    const text = (n: number, s: string) =>
      user.type(inCard(n).getByLabelText(tx('RAIDS.FORM.QUESTION_TEXT')), s);

    // 1. Several right answers, and an explanation with a formula (live preview).
    await text(1, 'Nombres premiers ?');
    await user.type(inCard(1).getByRole('textbox', { name: tx('RAIDS.FORM.ANSWER_N', { n: 1 }) }), '2');
    await user.type(inCard(1).getByRole('textbox', { name: tx('RAIDS.FORM.ANSWER_N', { n: 2 }) }), '3');
    for (const n of [1, 2])
      await user.click(
        inCard(1).getByRole('checkbox', {
          name: `${tx('RAIDS.FORM.CORRECT')} (${tx('RAIDS.FORM.ANSWER_N', { n })})`,
        }),
      );
    await user.click(inCard(1).getByLabelText(tx('RAIDS.FORM.EXPLANATION')));
    await user.paste('Divisible par $$1$$ et lui-même');
    expect(inCard(1).getAllByTestId('formula-preview').at(-1)?.textContent).toContain('lui-même');

    // 2. True / false: the shortcut writes the two answers; the teacher picks the right one.
    await addQuestion();
    await text(2, 'La Terre est ronde');
    await user.selectOptions(kindOf(2), 'truefalse');
    await user.click(inCard(2).getByRole('radio', { name: tx('RAIDS.FORM.TRUE') }));

    // 3. A number with a French decimal comma, a relative tolerance in % and a unit.
    await addQuestion();
    await text(3, 'π au centième');
    await user.selectOptions(kindOf(3), 'number');
    await user.type(inCard(3).getByLabelText(tx('RAIDS.FORM.NUMBER_VALUE')), '3,14');
    const tolerance = inCard(3).getByLabelText(tx('RAIDS.FORM.TOLERANCE'));
    await user.clear(tolerance);
    await user.type(tolerance, '5');
    await user.selectOptions(
      inCard(3).getByRole('combobox', { name: tx('RAIDS.FORM.TOLERANCE_MODE') }),
      'relative',
    );
    await user.type(inCard(3).getByLabelText(tx('RAIDS.FORM.UNIT')), 'rad');

    // 4. A short text with two accepted answers and one typo allowed.
    await addQuestion();
    await text(4, 'Capitale de la Corse ?');
    await user.selectOptions(kindOf(4), 'text');
    await user.type(
      inCard(4).getByRole('textbox', { name: tx('RAIDS.FORM.ACCEPTED_N', { n: 1 }) }),
      'Ajaccio',
    );
    await user.click(inCard(4).getByRole('button', { name: `+ ${tx('RAIDS.FORM.ADD_ACCEPTED')}` }));
    await user.type(
      inCard(4).getByRole('textbox', { name: tx('RAIDS.FORM.ACCEPTED_N', { n: 2 }) }),
      'Aiacciu',
    );
    await user.click(inCard(4).getByRole('checkbox', { name: tx('RAIDS.FORM.ALLOW_TYPO') }));

    // 5. An order of three items, the last moved up once.
    await addQuestion();
    await text(5, 'Dans l’ordre');
    await user.selectOptions(kindOf(5), 'order');
    for (const [n, s] of [
      [1, 'Antiquité'],
      [2, 'Renaissance'],
      [3, 'Moyen Âge'],
    ] as const)
      await user.type(inCard(5).getByRole('textbox', { name: tx('RAIDS.FORM.ITEM_N', { n }) }), s);
    await user.click(inCard(5).getByRole('button', { name: tx('RAIDS.FORM.ITEM_UP', { n: 3 }) }));

    // 6. A poll where pupils type a number.
    await addQuestion();
    await text(6, 'Combien d’heures de sommeil ?');
    await user.selectOptions(kindOf(6), 'poll');
    await user.selectOptions(inCard(6).getByRole('combobox', { name: tx('RAIDS.FORM.POLL_MODE') }), 'number');
    expect(inCard(6).getByText(tx('RAIDS.FORM.POLL_TYPED_HINT'))).toBeTruthy();

    await user.click(screen.getByRole('button', { name: tx('RAIDS.FORM.SAVE') }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const body = calls.find((c) => c.method === 'POST')?.body as { questions: object[] };
    expect(body.questions).toEqual([
      expect.objectContaining({
        kind: 'choice',
        answers: [
          { text: '2', isCorrect: true },
          { text: '3', isCorrect: true },
        ],
        explanation: 'Divisible par $$1$$ et lui-même',
        equationMode: true,
      }),
      expect.objectContaining({
        kind: 'choice',
        text: 'La Terre est ronde',
        answers: [
          { text: tx('RAIDS.FORM.TRUE'), isCorrect: true },
          { text: tx('RAIDS.FORM.FALSE'), isCorrect: false },
        ],
        explanation: null,
      }),
      expect.objectContaining({
        kind: 'number',
        answers: [],
        number: { value: 3.14, tolerance: 0.05, toleranceMode: 'relative', unit: 'rad' },
        textAnswer: null,
        poll: null,
      }),
      expect.objectContaining({
        kind: 'text',
        answers: [],
        textAnswer: {
          accepted: ['Ajaccio', 'Aiacciu'],
          ignoreCase: true,
          ignoreAccents: true,
          allowTypo: true,
        },
        number: null,
      }),
      expect.objectContaining({
        kind: 'order',
        answers: [
          { text: 'Antiquité', isCorrect: false },
          { text: 'Moyen Âge', isCorrect: false },
          { text: 'Renaissance', isCorrect: false },
        ],
      }),
      expect.objectContaining({ kind: 'poll', answers: [], poll: { pollMode: 'number' }, number: null }),
    ]);
  });

  it("refuses each kind's limits with a translated message next to the field, and sends nothing", async () => {
    const { calls, user } = await newRaid();
    await user.type(inCard(1).getByLabelText(tx('RAIDS.FORM.QUESTION_TEXT')), 'Vitesse ?');
    await user.selectOptions(kindOf(1), 'number');
    await user.type(inCard(1).getByLabelText(tx('RAIDS.FORM.UNIT')), 'k'.repeat(21));
    await user.click(inCard(1).getByLabelText(tx('RAIDS.FORM.EXPLANATION')));
    await user.paste('e'.repeat(501));
    await user.click(screen.getByRole('button', { name: `+ ${tx('RAIDS.FORM.ADD_QUESTION')}` }));
    await user.type(inCard(2).getByLabelText(tx('RAIDS.FORM.QUESTION_TEXT')), 'Mot ?');
    await user.selectOptions(kindOf(2), 'text');
    await user.click(inCard(2).getByRole('textbox', { name: tx('RAIDS.FORM.ACCEPTED_N', { n: 1 }) }));
    await user.paste('a'.repeat(81));
    await user.click(screen.getByRole('button', { name: `+ ${tx('RAIDS.FORM.ADD_QUESTION')}` }));
    await user.type(inCard(3).getByLabelText(tx('RAIDS.FORM.QUESTION_TEXT')), 'Ordre ?');
    await user.selectOptions(kindOf(3), 'order');
    // An order cannot go below three items: the remove buttons are off.
    expect(
      (inCard(3).getByRole('button', { name: tx('RAIDS.FORM.REMOVE_ITEM', { n: 1 }) }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);

    await user.click(screen.getByRole('button', { name: tx('RAIDS.FORM.SAVE') }));
    expect(fieldError(inCard(1).getByLabelText(tx('RAIDS.FORM.NUMBER_VALUE')))).toBe(
      tx(ERR.NUMBER_VALUE_REQUIRED),
    );
    expect(fieldError(inCard(1).getByLabelText(tx('RAIDS.FORM.UNIT')))).toBe(tx(ERR.UNIT_TOO_LONG));
    expect(fieldError(inCard(1).getByLabelText(tx('RAIDS.FORM.EXPLANATION')))).toBe(
      tx(ERR.EXPLANATION_TOO_LONG),
    );
    expect(inCard(1).getByText(`${501}/${500}`)).toBeTruthy();
    expect(fieldError(inCard(2).getByRole('textbox', { name: tx('RAIDS.FORM.ACCEPTED_N', { n: 1 }) }))).toBe(
      tx(ERR.ACCEPTED_TOO_LONG),
    );
    expect(fieldError(inCard(3).getByRole('textbox', { name: tx('RAIDS.FORM.ITEM_N', { n: 1 }) }))).toBe(
      tx(ERR.ANSWER_REQUIRED),
    );
    // A tolerance below zero is refused too; a value typed with a point is read.
    await user.type(inCard(1).getByLabelText(tx('RAIDS.FORM.NUMBER_VALUE')), '1.5e3');
    const tolerance = inCard(1).getByLabelText(tx('RAIDS.FORM.TOLERANCE'));
    await user.clear(tolerance);
    await user.type(tolerance, '-1');
    expect(fieldError(inCard(1).getByLabelText(tx('RAIDS.FORM.NUMBER_VALUE')))).toBeNull();
    expect(fieldError(tolerance)).toBe(tx(ERR.TOLERANCE_INVALID));
    // The messages are the teacher's language's: in Italian, the "Lei" form.
    await i18n.changeLanguage('it');
    try {
      expect(fieldError(tolerance)).toBe('La tolleranza è un numero positivo o zero');
      expect(screen.getByText('Il raid non è salvato: corregga i campi segnalati.')).toBeTruthy();
    } finally {
      await i18n.changeLanguage('fr');
    }
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('switching kind keeps what the new kind can hold and names what would be lost first', async () => {
    const { user } = await newRaid();
    await user.type(inCard(1).getByLabelText(tx('RAIDS.FORM.QUESTION_TEXT')), 'Capitale ?');
    await user.type(inCard(1).getByRole('textbox', { name: tx('RAIDS.FORM.ANSWER_N', { n: 1 }) }), 'Paris');
    await user.type(inCard(1).getByRole('textbox', { name: tx('RAIDS.FORM.ANSWER_N', { n: 2 }) }), 'Lyon');
    await user.click(
      inCard(1).getByRole('checkbox', {
        name: `${tx('RAIDS.FORM.CORRECT')} (${tx('RAIDS.FORM.ANSWER_N', { n: 1 })})`,
      }),
    );
    // Refused: nothing changes.
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false);
    await user.selectOptions(kindOf(1), 'text');
    expect(confirm).toHaveBeenCalledWith(
      tx('RAIDS.FORM.SWITCH_CONFIRM', {
        n: 1,
        kind: tx('RAIDS.FORM.KINDS.text'),
        lost: tx('RAIDS.FORM.LOST_ANSWERS', { count: 1 }),
      }),
    );
    expect(kindOf(1).value).toBe('choice');
    expect(
      (inCard(1).getByRole('textbox', { name: tx('RAIDS.FORM.ANSWER_N', { n: 2 }) }) as HTMLInputElement)
        .value,
    ).toBe('Lyon');
    // Accepted: the right answer becomes the accepted answer; the text stays.
    confirm.mockReturnValueOnce(true);
    await user.selectOptions(kindOf(1), 'text');
    expect(kindOf(1).value).toBe('text');
    expect(
      (inCard(1).getByRole('textbox', { name: tx('RAIDS.FORM.ACCEPTED_N', { n: 1 }) }) as HTMLInputElement)
        .value,
    ).toBe('Paris');
    expect((inCard(1).getByLabelText(tx('RAIDS.FORM.QUESTION_TEXT')) as HTMLTextAreaElement).value).toBe(
      'Capitale ?',
    );
    // Back to a choice: the accepted answer is a right answer again, nothing lost, nothing asked.
    confirm.mockClear();
    await user.selectOptions(kindOf(1), 'choice');
    expect(confirm).not.toHaveBeenCalled();
    expect(
      (
        inCard(1).getByRole('checkbox', {
          name: `${tx('RAIDS.FORM.CORRECT')} (${tx('RAIDS.FORM.ANSWER_N', { n: 1 })})`,
        }) as HTMLInputElement
      ).checked,
    ).toBe(true);
    // A choice to an order: the answers become items, padded to three; the right marks are named as lost.
    confirm.mockReturnValueOnce(true);
    await user.selectOptions(kindOf(1), 'order');
    expect(confirm).toHaveBeenCalledWith(expect.stringContaining(tx('RAIDS.FORM.LOST_CORRECT')));
    expect(
      (inCard(1).getByRole('textbox', { name: tx('RAIDS.FORM.ITEM_N', { n: 1 }) }) as HTMLInputElement).value,
    ).toBe('Paris');
    expect(inCard(1).getByRole('textbox', { name: tx('RAIDS.FORM.ITEM_N', { n: 3 }) })).toBeTruthy();
  });

  it('opens a stored raid of every kind as entered and saves it back unchanged', async () => {
    const raid: RaidDto = {
      id: RAID,
      chapterId: CH,
      title: 'Tout',
      shared: false,
      isHomework: false,
      updatedAt: '2026-03-04T08:07:00.000Z',
      questions: [
        {
          ...NONE,
          id: 'f0000000-0000-4000-8000-000000000001',
          kind: 'number',
          text: 'Vitesse ?',
          equationMode: false,
          imagePath: null,
          answers: [],
          number: { value: 1500, tolerance: 10, toleranceMode: 'absolute', unit: 'km/h' },
          explanation: 'Voir $$v = d/t$$',
          explanationImagePath: 'expl.png',
        },
        {
          ...NONE,
          id: 'f0000000-0000-4000-8000-000000000002',
          kind: 'poll',
          text: 'Sûr ?',
          equationMode: false,
          imagePath: null,
          answers: [
            { id: 'a1', text: 'Oui', isCorrect: false },
            { id: 'a2', text: 'Non', isCorrect: false },
          ],
          poll: { pollMode: 'choice' },
        },
      ],
    };
    const calls = mockApi([
      { method: 'GET', path: `/chapters/${CH}`, body: chapter },
      { method: 'GET', path: `/raids/${RAID}`, body: raid },
      { method: 'PUT', path: `/raids/${RAID}`, body: raid },
    ]);
    renderPage(<RaidEditPage />, PATTERN_EDIT, EDIT);
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: tx('RAIDS.FORM.TITLE_EDIT'), level: 1 });
    expect(kindOf(1).value).toBe('number');
    expect((inCard(1).getByLabelText(tx('RAIDS.FORM.NUMBER_VALUE')) as HTMLInputElement).value).toBe('1500');
    expect((inCard(1).getByLabelText(tx('RAIDS.FORM.UNIT')) as HTMLInputElement).value).toBe('km/h');
    expect(
      inCard(1).getByRole('img', { name: tx('RAIDS.FORM.EXPLANATION_IMAGE_ALT', { n: 1 }) }),
    ).toBeTruthy();
    expect(inCard(1).getByTestId('formula-preview')).toBeTruthy();
    expect(kindOf(2).value).toBe('poll');
    expect(
      (inCard(2).getByRole('textbox', { name: tx('RAIDS.FORM.CHOICE_N', { n: 2 }) }) as HTMLInputElement)
        .value,
    ).toBe('Non');
    // The saved raid can be exported from here; it has an image, which only Moodle XML carries.
    expect(screen.getByText(tx('RAIDS.FORM.EXPORT'))).toBeTruthy();
    expect(screen.getByText(tx('RAIDS.FORM.EXPORT_IMAGES_NOTE'))).toBeTruthy();

    await user.click(screen.getByRole('button', { name: tx('RAIDS.FORM.SAVE') }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const body = calls.find((c) => c.method === 'PUT')?.body as { questions: object[] };
    expect(body.questions).toEqual([
      expect.objectContaining({
        id: raid.questions[0].id,
        kind: 'number',
        number: raid.questions[0].number,
        explanation: 'Voir $$v = d/t$$',
        explanationImagePath: 'expl.png',
        answers: [],
      }),
      expect.objectContaining({
        kind: 'poll',
        poll: { pollMode: 'choice' },
        answers: [
          { text: 'Oui', isCorrect: false },
          { text: 'Non', isCorrect: false },
        ],
      }),
    ]);
  });
});
