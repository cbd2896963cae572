// The feedback banner of SPEC point 2: a translated message, success or error, gone after 4 s.
import { createContext, type ReactNode, useCallback, useContext, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FEEDBACK_DISPLAY_MS } from '../../../shared/constants';

export interface Feedback {
  status: 'success' | 'error';
  /** An i18n key. */
  message: string;
  params?: Record<string, string | number>;
}

const FeedbackContext = createContext<(f: Feedback) => void>(() => {});

export function FeedbackProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<(Feedback & { id: number }) | null>(null);
  const seq = useRef(0);
  const show = useCallback((f: Feedback) => setCurrent({ ...f, id: ++seq.current }), []);
  useEffect(() => {
    if (!current) return;
    const t = setTimeout(() => setCurrent(null), FEEDBACK_DISPLAY_MS);
    return () => clearTimeout(t);
  }, [current]);
  return (
    <FeedbackContext.Provider value={show}>
      {children}
      {current && <FeedbackBanner key={current.id} feedback={current} />}
    </FeedbackContext.Provider>
  );
}

function FeedbackBanner({ feedback }: { feedback: Feedback }) {
  const { t } = useTranslation();
  return (
    <div
      className={`feedback feedback--${feedback.status}`}
      role={feedback.status === 'error' ? 'alert' : 'status'}
    >
      {t(feedback.message, feedback.params)}
    </div>
  );
}

export const useFeedback = () => useContext(FeedbackContext);
