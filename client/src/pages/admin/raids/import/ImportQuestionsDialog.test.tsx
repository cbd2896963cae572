import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ImportResult } from '../../../../../../shared/question-import';
import { saveStoredUser } from '../../../../app/auth-store';
import { storedUser } from '../../../../app/test-app';
import i18n from '../../../../i18n';
import ImportQuestionsDialog from './ImportQuestionsDialog';

const t = (k: string, o?: Record<string, unknown>) => i18n.t(k, o);

/** A stand-in XMLHttpRequest: the test drives its upload progress and its answer. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  upload: { onprogress?: (e: ProgressEvent) => void; onload?: () => void } = {};
  onload?: () => void;
  onerror?: () => void;
  onabort?: () => void;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(k: string, v: string) {
    this.headers[k] = v;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent));
  }
  async answer(status: number, body: unknown) {
    act(() => this.upload.onload?.());
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    await act(async () => this.onload?.());
  }
}

/** The kind fields of a plain choice question, as the importer returns them. */
const CHOICE = { kind: 'choice', number: null, textAnswer: null, poll: null, explanation: null } as const;

const RESULT: ImportResult = {
  questions: [
    {
      ...CHOICE,
      text: 'Capitale ?',
      equationMode: false,
      answers: [
        { text: 'Paris', isCorrect: true },
        { text: 'Lyon', isCorrect: false },
      ],
    },
    {
      ...CHOICE,
      text: '2 + 2 ?',
      equationMode: false,
      answers: [
        { text: '4', isCorrect: true },
        { text: '5', isCorrect: false },
      ],
    },
  ],
  report: [
    { line: 2, status: 'imported', question: 'Capitale ?' },
    { line: 3, status: 'refused', question: '', errors: [{ key: 'IMPORT.ERRORS.QUESTION_REQUIRED' }] },
    {
      line: 4,
      status: 'refused',
      question: 'Couleurs ?',
      errors: [
        { key: 'RAIDS.ERRORS.ANSWER_REQUIRED', params: { answer: 2 } },
        { key: 'IMPORT.ERRORS.BAD_MARK', params: { column: 'Correcte 1', value: 'peut-être' } },
      ],
    },
    { line: 5, status: 'imported', question: '2 + 2 ?' },
    {
      line: 6,
      status: 'refused',
      question: 'capitale ?',
      errors: [{ key: 'RAIDS.ERRORS.DUPLICATE_QUESTION', params: { line: 2 } }],
    },
  ],
};

const csvFile = (size?: number) => {
  const f = new File(['Question;Réponse 1\n'], 'questions.csv', { type: 'text/csv' });
  if (size) Object.defineProperty(f, 'size', { value: size });
  return f;
};

function open() {
  const onImport = vi.fn();
  const onClose = vi.fn();
  render(<ImportQuestionsDialog existingQuestions={['Déjà là ?']} onClose={onClose} onImport={onImport} />);
  const input = screen.getByLabelText(t('IMPORT.CHOOSE'), { selector: 'input' }) as HTMLInputElement;
  return { onImport, onClose, input };
}

describe('ImportQuestionsDialog', () => {
  beforeEach(() => {
    FakeXhr.last = null;
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    saveStoredUser(storedUser({ accessToken: 'tok' }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('explains the format and offers both templates', () => {
    open();
    expect(screen.getByRole('dialog', { name: t('IMPORT.TITLE') })).toBeTruthy();
    expect(screen.getByText(t('IMPORT.FORMAT_HEADER', { max: 6 }))).toBeTruthy();
    const xlsx = screen.getByRole('link', { name: t('IMPORT.TEMPLATE_XLSX') });
    expect(xlsx.getAttribute('href')).toBe('/assets/templates/questions-template.xlsx');
    expect(xlsx.getAttribute('download')).toBe('modele-questions.xlsx');
    expect(screen.getByRole('link', { name: t('IMPORT.TEMPLATE_CSV') }).getAttribute('href')).toBe(
      '/assets/templates/questions-template.csv',
    );
  });

  it('uploads with progress, shows the report line by line and adds only the valid questions', async () => {
    const { input, onImport } = open();
    await userEvent.upload(input, csvFile());
    const xhr = FakeXhr.last as FakeXhr;
    expect([xhr.method, xhr.url, xhr.headers.authorization]).toEqual([
      'POST',
      '/api/questions/import',
      'Bearer tok',
    ]);
    expect((xhr.body?.get('file') as File | undefined)?.name).toBe('questions.csv');
    expect(JSON.parse(String(xhr.body?.get('existingQuestions')))).toEqual(['Déjà là ?']);

    xhr.progress(50, 200);
    expect(screen.getByText(t('IMPORT.UPLOADING', { percent: 25 }))).toBeTruthy();
    expect((screen.getByRole('progressbar') as HTMLProgressElement).value).toBe(25);
    act(() => xhr.upload.onload?.());
    expect(screen.getByText(t('IMPORT.ANALYSING'))).toBeTruthy();

    await xhr.answer(200, RESULT);
    expect(screen.getByText(t('IMPORT.IMPORTED_COUNT', { count: 2 }))).toBeTruthy();
    expect(screen.getByText(t('IMPORT.REFUSED_COUNT', { count: 3 }))).toBeTruthy();
    const report = screen.getByRole('list', { name: t('IMPORT.REPORT') });
    const rows = within(report)
      .getAllByText(/^Ligne \d$/)
      .map((el) => el.closest('li') as HTMLElement);
    // Refused lines come first (in file order), then the imported ones.
    expect(rows.map((r) => [r.className, within(r).getByText(/^Ligne \d$/).textContent])).toEqual([
      ['qi-line qi-line--refused', 'Ligne 3'],
      ['qi-line qi-line--refused', 'Ligne 4'],
      ['qi-line qi-line--refused', 'Ligne 6'],
      ['qi-line qi-line--imported', 'Ligne 2'],
      ['qi-line qi-line--imported', 'Ligne 5'],
    ]);
    expect(rows[0].textContent).toContain(t('IMPORT.EMPTY_QUESTION'));
    expect(rows[0].textContent).toContain('La question est vide');
    expect(rows[1].textContent).toContain('Réponse 2 : Réponse obligatoire');
    expect(rows[1].textContent).toContain(
      t('IMPORT.ERRORS.BAD_MARK', { column: 'Correcte 1', value: 'peut-être' }),
    );
    expect(rows[1].textContent).toContain('n’est ni oui ni non');
    expect(rows[2].textContent).toContain('Question en double : c’est la même qu’à la ligne 2');

    await userEvent.click(screen.getByRole('button', { name: 'Ajouter 2 questions' }));
    expect(onImport).toHaveBeenCalledWith(RESULT.questions);
  });

  it('refuses a whole file with one translated reason and adds nothing', async () => {
    const { input, onImport } = open();
    await userEvent.upload(input, csvFile());
    await (FakeXhr.last as FakeXhr).answer(400, {
      message: 'IMPORT.ERRORS.UNKNOWN_COLUMN',
      params: { column: 'Remarque' },
    });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain(t('IMPORT.FILE_REFUSED', { name: 'questions.csv' }));
    expect(alert.textContent).toContain(t('IMPORT.ERRORS.UNKNOWN_COLUMN', { column: 'Remarque' }));
    expect(alert.textContent).toContain('Remarque');
    expect(screen.queryByRole('button', { name: /^Ajouter/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: t('IMPORT.OTHER_FILE') }));
    expect(screen.getByRole('button', { name: t('IMPORT.CHOOSE') })).toBeTruthy();
    expect(onImport).not.toHaveBeenCalled();
  });

  it('offers no Add button when no line is valid', async () => {
    const { input } = open();
    await userEvent.upload(input, csvFile());
    await (FakeXhr.last as FakeXhr).answer(200, {
      questions: [],
      report: [
        {
          line: 2,
          status: 'refused',
          question: 'Déjà là ?',
          errors: [{ key: 'RAIDS.ERRORS.DUPLICATE_QUESTION' }],
        },
      ],
    });
    expect(screen.getByText(t('IMPORT.NOTHING_TO_ADD'))).toBeTruthy();
    expect(screen.getByText(t('RAIDS.ERRORS.DUPLICATE_QUESTION'))).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Ajouter/ })).toBeNull();
  });

  it('says the file is too large when a proxy refuses it with its own page', async () => {
    const { input } = open();
    await userEvent.upload(input, csvFile());
    await (FakeXhr.last as FakeXhr).answer(413, '<html><body>413 Request Entity Too Large</body></html>');
    expect(screen.getByRole('alert').textContent).toContain(t('IMPORT.ERRORS.FILE_TOO_LARGE', { maxMb: 2 }));
  });

  it('refuses a file over 2 MB without sending it', async () => {
    const { input } = open();
    await userEvent.upload(input, csvFile(3 * 1024 * 1024));
    expect(FakeXhr.last).toBeNull();
    expect(screen.getByRole('alert').textContent).toContain('Le fichier dépasse 2 Mo.');
  });

  it('keeps the keyboard inside the dialog', async () => {
    open();
    // A control of the page behind the dialog, next in the tab order.
    const behind = document.body.appendChild(document.createElement('button'));
    const cancel = screen.getByRole('button', { name: t('IMPORT.CANCEL') });
    cancel.focus();
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: t('IMPORT.TEMPLATE_XLSX') }));
    await userEvent.tab({ shift: true });
    expect(document.activeElement).toBe(cancel);
    behind.remove();
  });

  it('accepts a dropped file, and closes on Escape', async () => {
    const { onClose } = open();
    fireEvent.drop(screen.getByRole('region', { name: t('IMPORT.DROP_ZONE') }), {
      dataTransfer: { files: [csvFile()] },
    });
    expect(FakeXhr.last).not.toBeNull();
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });
});
