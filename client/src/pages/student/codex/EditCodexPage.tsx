// /student/edit-codex (360x800 first): write a phrase to a teacher, and the history of one's phrases.
// Below 480 px the two are tabs (Write, History); above, side by side.
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Phrase } from '../../../../../shared/codex';
import { listStudentPhrases } from '../../../api/codex';
import { useSession } from '../../../app/session';
import { CodexForm } from './CodexForm';
import { CodexHistory } from './CodexHistory';
import './edit-codex.css';

type Tab = 'write' | 'history';

export default function EditCodexPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const studentId = user?.studentId ?? '';
  const [tab, setTab] = useState<Tab>('write');
  const [history, setHistory] = useState<Phrase[] | null>(null);
  const [historyFailed, setHistoryFailed] = useState(false);

  const loadHistory = useCallback(() => {
    setHistoryFailed(false);
    listStudentPhrases(studentId)
      .then(setHistory)
      .catch(() => setHistoryFailed(true));
  }, [studentId]);
  useEffect(loadHistory, [loadHistory]);

  const tabButton = (id: Tab, label: string) => (
    <button
      type="button"
      role="tab"
      id={`ec-tab-${id}`}
      aria-selected={tab === id}
      aria-controls={`ec-panel-${id}`}
      className={`ec__tab${tab === id ? ' ec__tab--on' : ''}`}
      onClick={() => setTab(id)}
    >
      {label}
    </button>
  );
  const panelClass = (id: Tab) => `ec__panel${tab === id ? '' : ' ec__panel--off'}`;

  return (
    <div className="ec">
      <header className="ec__header">
        <h1>{t('CODEX.WRITE.TITLE')}</h1>
        <p className="muted">{t('CODEX.WRITE.INTRO')}</p>
      </header>
      <div className="ec__tabs" role="tablist" aria-label={t('CODEX.WRITE.TABS')}>
        {tabButton('write', t('CODEX.WRITE.TAB_WRITE'))}
        {tabButton('history', t('CODEX.WRITE.TAB_HISTORY'))}
      </div>
      <div className="ec__panels">
        <section
          id="ec-panel-write"
          role="tabpanel"
          aria-labelledby="ec-tab-write"
          className={panelClass('write')}
        >
          <CodexForm studentId={studentId} onCreated={loadHistory} />
        </section>
        <section
          id="ec-panel-history"
          role="tabpanel"
          aria-labelledby="ec-tab-history"
          className={panelClass('history')}
        >
          <CodexHistory entries={history} failed={historyFailed} onRetry={loadHistory} />
        </section>
      </div>
    </div>
  );
}
