// The Options page and its sub-pages show as a card over the student home (SPEC point 2): a click
// outside the card (or Escape) returns to the home. The bug-report button floats above the backdrop,
// so a click on it opens the report form and never closes the card.
import { type MouseEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import StudentHomePage from '../StudentHomePage';
import './account.css';

interface Props {
  title: string;
  /** Where the back arrow goes; none on the Options page itself. */
  back?: string;
  children: ReactNode;
}

export const STUDENT_HOME = '/student';

export function StudentSheet({ title, back, children }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const titleId = useId();
  const card = useRef<HTMLElement>(null);

  // Focus moves into the card (unless a field of the page took it already), for keyboards and readers.
  useEffect(() => {
    if (!card.current?.contains(document.activeElement)) card.current?.focus();
  }, []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') navigate(STUDENT_HOME);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [navigate]);

  const onBackdrop = (e: MouseEvent<HTMLDivElement>) => {
    const target = e.target as Element;
    if (target !== e.currentTarget || target.closest('[data-bug-report]')) return;
    navigate(STUDENT_HOME);
  };

  return (
    <>
      <div className="sheet-under" inert aria-hidden="true">
        <StudentHomePage />
      </div>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: Escape does the same from the keyboard */}
      <div className="sheet-backdrop" data-testid="sheet-backdrop" onClick={onBackdrop}>
        <section
          ref={card}
          className="sheet"
          role="dialog"
          aria-modal="true"
          aria-labelledby={titleId}
          tabIndex={-1}
        >
          <header className="sheet__head">
            {back ? (
              <Link to={back} className="sheet__icon" aria-label={t('STUDENT.SHEET.BACK')}>
                <span aria-hidden="true">←</span>
              </Link>
            ) : (
              <span className="sheet__icon sheet__icon--none" />
            )}
            <h1 id={titleId} className="sheet__title">
              {title}
            </h1>
            <Link to={STUDENT_HOME} className="sheet__icon" aria-label={t('STUDENT.SHEET.CLOSE')}>
              <span aria-hidden="true">×</span>
            </Link>
          </header>
          <div className="sheet__body">{children}</div>
        </section>
      </div>
    </>
  );
}
