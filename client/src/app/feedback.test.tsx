import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FEEDBACK_DISPLAY_MS } from '../../../shared/constants';
import i18n from '../i18n';
import { FeedbackProvider, useFeedback } from './feedback';

function Trigger() {
  const show = useFeedback();
  return (
    <>
      <button type="button" onClick={() => show({ status: 'success', message: 'TICKET.SENT' })}>
        ok
      </button>
      <button type="button" onClick={() => show({ status: 'error', message: 'ERRORS.GENERIC' })}>
        ko
      </button>
    </>
  );
}

describe('feedback banner', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows a translated success message that disappears after 4 seconds', () => {
    render(
      <FeedbackProvider>
        <Trigger />
      </FeedbackProvider>,
    );
    fireEvent.click(screen.getByText('ok'));
    expect(screen.getByRole('status').textContent).toBe(i18n.t('TICKET.SENT'));
    act(() => vi.advanceTimersByTime(FEEDBACK_DISPLAY_MS - 1));
    expect(screen.queryByRole('status')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows errors as alerts, and a new message restarts the 4 seconds', () => {
    render(
      <FeedbackProvider>
        <Trigger />
      </FeedbackProvider>,
    );
    fireEvent.click(screen.getByText('ok'));
    act(() => vi.advanceTimersByTime(3000));
    fireEvent.click(screen.getByText('ko'));
    expect(screen.getByRole('alert').textContent).toBe('Une erreur est survenue, veuillez réessayer');
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.queryByRole('alert')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
