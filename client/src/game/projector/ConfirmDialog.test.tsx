import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { tx } from '../../test-utils/page';
import { ConfirmDialog } from './ConfirmDialog';

function Board({ onConfirm = () => {} }: { onConfirm?: () => void }) {
  const [asking, setAsking] = useState(false);
  return (
    <main>
      <button type="button" onClick={() => setAsking(true)}>
        End the lesson
      </button>
      <ConfirmDialog
        message={asking ? 'End the lesson for everyone?' : null}
        confirmLabel="End it"
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          onConfirm();
        }}
      />
    </main>
  );
}

describe('ConfirmDialog (the board’s confirmation)', () => {
  it('opens on Cancel, keeps Tab inside, and Escape cancels with the focus back on the button that asked', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<Board onConfirm={onConfirm} />);
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'End the lesson' }));
    const dialog = screen.getByRole('dialog', { name: 'End the lesson for everyone?' });
    const cancel = screen.getByRole('button', { name: tx('GAME.CANCEL') });
    expect(document.activeElement).toBe(cancel);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'End it' }));
    await user.tab();
    expect(document.activeElement).toBe(cancel);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'End it' }));
    await user.keyboard('{Escape}');
    expect(dialog.isConnected).toBe(false);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'End the lesson' }));
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('confirms once with its button, and closes', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<Board onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: 'End the lesson' }));
    await user.click(screen.getByRole('button', { name: 'End it' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
