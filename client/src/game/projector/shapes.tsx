import { type AnswerStyle, SHAPE_PATHS } from '../answer-style';

export function AnswerShapeIcon({ style, size = 40 }: { style: AnswerStyle; size?: number }) {
  return (
    <svg
      className="answer-shape"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      data-shape={style.shape}
    >
      <path d={SHAPE_PATHS[style.shape]} fill="currentColor" stroke="rgba(0,0,0,.25)" strokeWidth="1" />
    </svg>
  );
}
