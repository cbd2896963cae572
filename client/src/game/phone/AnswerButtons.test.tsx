import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AnswerButtons } from './AnswerButtons';

const answers = ['A', 'B', 'C', 'D'].map((x, i) => ({ id: `a${i}`, text: `Réponse ${x}` }));
const katex = null as unknown as Parameters<typeof AnswerButtons>[0]['katex'];

describe('the answer buttons', () => {
  it('look closed once the time is up, when nothing was chosen', () => {
    render(<AnswerButtons answers={answers} katex={katex} selected={[]} disabled onTap={() => {}} />);
    const buttons = screen.getAllByRole('button');
    expect(buttons.every((b) => (b as HTMLButtonElement).disabled)).toBe(true);
    expect(buttons.every((b) => b.classList.contains('answer--dim'))).toBe(true);
  });

  it('look live while the question is open', () => {
    render(<AnswerButtons answers={answers} katex={katex} selected={[]} disabled={false} onTap={() => {}} />);
    expect(screen.getAllByRole('button').some((b) => b.classList.contains('answer--dim'))).toBe(false);
  });

  it('grey the answers not chosen after sending one, and keep the chosen one in colour', () => {
    render(<AnswerButtons answers={answers} katex={katex} selected={['a2']} disabled onTap={() => {}} />);
    const [a, , c] = screen.getAllByRole('button');
    expect(a.classList.contains('answer--dim')).toBe(true);
    expect(c.classList.contains('answer--dim')).toBe(false);
  });
});
