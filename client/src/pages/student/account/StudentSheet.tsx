// The Options page and its sub-pages show as a card over the student home (SPEC point 2), on the
// app's one modal Dialog: the home, the top bar and the tab bar behind it are inert, the focus goes
// into the card and back to the Options link of the top bar when it closes. A click outside the card
// (or Escape, or a phone's back gesture) returns to the home. The bug-report button is drawn again
// inside the dialog, over the page's own (inert) one: a click on it opens the report form and never
// closes the card (SPEC point 2).
import type { ReactNode } from 'react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { useCurrentRoute } from '../../../components/layout/AppLayout';
import { BugReportButton } from '../../../components/layout/BugReportButton';
import { Dialog } from '../../../components/ui/Dialog';
import StudentHomePage from '../StudentHomePage';
import './account.css';

interface Props {
  title: string;
  /** Where the back arrow goes; none on the Options page itself. */
  back?: string;
  /** 'field' for a page whose first field is what the pupil came for (the class code's boxes). */
  initialFocus?: 'field' | 'dialog';
  children: ReactNode;
}

export const STUDENT_HOME = '/student';

export function StudentSheet({ title, back, initialFocus = 'dialog', children }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const route = useCurrentRoute();
  const { pathname } = useLocation();
  const titleId = useId();

  return (
    <>
      <div className="sheet-under" inert aria-hidden="true">
        <StudentHomePage />
      </div>
      <Dialog
        labelledBy={titleId}
        onClose={() => navigate(STUDENT_HOME)}
        className="sheet-layer"
        initialFocus={initialFocus}
        closeOnOutsideClick
        data-testid="sheet-backdrop"
      >
        <section className="sheet">
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
        <BugReportButton routeName={route.name} path={pathname} game={false} />
      </Dialog>
    </>
  );
}
