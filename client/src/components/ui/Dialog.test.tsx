import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Dialog } from './Dialog';

afterEach(() => {
  Reflect.deleteProperty(HTMLDialogElement.prototype, 'showModal');
  Reflect.deleteProperty(HTMLDialogElement.prototype, 'close');
});

function Page({
  fields = true,
  initialFocus,
  closeOnEscape,
  closeOnOutsideClick,
}: {
  fields?: boolean;
  initialFocus?: 'field' | 'dialog';
  closeOnEscape?: boolean;
  closeOnOutsideClick?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [opener, setOpener] = useState(true);
  return (
    <main>
      {opener ? (
        <button type="button" onClick={() => setOpen(true)}>
          Open
        </button>
      ) : null}
      <button type="button" data-fallback>
        Fallback
      </button>
      {open ? (
        <Dialog
          labelledBy="t"
          onClose={() => setOpen(false)}
          initialFocus={initialFocus}
          closeOnEscape={closeOnEscape}
          closeOnOutsideClick={closeOnOutsideClick}
          returnFocus={() => document.querySelector<HTMLElement>('[data-fallback]')}
        >
          <h2 id="t">Title</h2>
          {fields ? (
            <>
              <input type="hidden" name="secret" />
              <input disabled aria-label="Disabled" />
              <input aria-label="Name" />
            </>
          ) : (
            <p>Read me</p>
          )}
          <button type="button" onClick={() => setOpener(false)}>
            Drop the opener
          </button>
          <button type="button" onClick={() => setOpen(false)}>
            Close
          </button>
        </Dialog>
      ) : null}
    </main>
  );
}

describe('Dialog', () => {
  it('opens as a modal named by its title, focuses the first enabled field, closes on Escape and gives the focus back to its opener', async () => {
    const showModal = vi.fn(function (this: HTMLDialogElement) {
      this.setAttribute('open', '');
    });
    const close = vi.fn(function (this: HTMLDialogElement) {
      this.removeAttribute('open');
    });
    // The test DOM has no showModal: the browser's is stood in for, to see that it is the one used.
    Object.assign(HTMLDialogElement.prototype, { showModal, close });
    const user = userEvent.setup();
    render(<Page />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Title' });
    expect(dialog.tagName).toBe('DIALOG');
    expect(showModal).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Name' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(close).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(opener);
  });

  it('focuses the dialog itself when it has no field, or when asked to', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<Page fields={false} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(document.activeElement).toBe(screen.getByRole('dialog', { name: 'Title' }));
    unmount();
    render(<Page initialFocus="dialog" />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(document.activeElement).toBe(screen.getByRole('dialog', { name: 'Title' }));
  });

  it('stays open on Escape while it must, and closes by its own button', async () => {
    const user = userEvent.setup();
    render(<Page closeOnEscape={false} />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Title' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('keeps Tab among its own controls, both ways', async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const name = screen.getByRole('textbox', { name: 'Name' });
    const close = screen.getByRole('button', { name: 'Close' });
    close.focus();
    await user.tab();
    expect(document.activeElement).toBe(name);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(close);
  });

  it('gives the focus to the fallback when its opener is gone', async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(screen.getByRole('button', { name: 'Drop the opener' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Fallback' }));
  });

  it('a whole-window layer closes on a click around its box, never on one inside it', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<Page closeOnOutsideClick />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Title' });
    await user.click(screen.getByRole('heading', { name: 'Title' }));
    await user.click(screen.getByRole('textbox', { name: 'Name' }));
    expect(screen.getByRole('dialog')).toBe(dialog);
    await user.click(dialog);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    unmount();
    // A plain dialog is its own box: a click on its padding is a click inside.
    render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(screen.getByRole('dialog', { name: 'Title' }));
    expect(screen.getByRole('dialog', { name: 'Title' })).toBeTruthy();
  });
});
