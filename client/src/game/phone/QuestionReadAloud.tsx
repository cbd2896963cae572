// Read-aloud of a question on the pupil's screen (issue 24): the question, then each answer with
// its letter ("A : 12"), when the pupil's read-aloud is on (their teacher's setting or their own).
// One component for the live phone and homework, so that every kind of question gets it: an order's
// items are read with their letters like answers; `hint` says how to answer a typed or ordered one
// ("Écris un nombre, en km/h").
import { ReadAloudButton } from '../../components/ReadAloudButton';
import { useDisplayPrefs } from '../../lib/display-prefs';
import { answerStyle } from '../answer-style';

export function QuestionReadAloud({
  question,
  className,
  hint,
}: {
  question: { text: string; answers?: { text: string }[] };
  className?: string;
  hint?: string;
}) {
  const { readAloud } = useDisplayPrefs();
  if (!readAloud) return null;
  const answers = question.answers ?? [];
  return (
    <ReadAloudButton
      className={className}
      parts={[
        question.text,
        ...(hint ? [hint] : []),
        ...answers.map((a, i) => `${answerStyle(i).letter} : ${a.text}`),
      ]}
    />
  );
}
