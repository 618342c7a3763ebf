import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { AdminContext } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmModal } from '../../src/admin/feedback/ConfirmModal.tsx';
import { ProgressModal } from '../../src/admin/feedback/ProgressModal.tsx';
import { createI18nProvider } from '../../src/admin/providers/i18nProvider.ts';

function ConfirmHarness({ action }: { action: () => unknown }) {
  const [open, setOpen] = useState(true);
  return <ConfirmModal open={open} onClose={() => setOpen(false)} onConfirm={action} />;
}

function ProgressHarness() {
  const [progress, setProgress] = useState(40);
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setProgress(100)}>
        finish
      </button>
      <ProgressModal open={open} progress={progress} onClose={() => setOpen(false)} />
    </>
  );
}

const inAdmin = (element: React.ReactElement) => render(<AdminContext i18nProvider={createI18nProvider()}>{element}</AdminContext>);

describe('ConfirmModal', () => {
  it('asks before continuing; confirm runs the action then closes', async () => {
    const action = vi.fn(async () => undefined);
    inAdmin(<ConfirmHarness action={action} />);
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Êtes-vous sûr de vouloir continuer ?');
    await userEvent.click(screen.getByRole('button', { name: 'Confirmer' }));
    expect(action).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('cancel closes without running the action', async () => {
    const action = vi.fn();
    inAdmin(<ConfirmHarness action={action} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(action).not.toHaveBeenCalled();
  });
});

describe('ProgressModal', () => {
  it('shows the percentage without a close button, and closes itself at 100%', async () => {
    inAdmin(<ProgressHarness />);
    const dialog = await screen.findByRole('dialog');
    expect(screen.getByRole('progressbar', { name: 'Progression' })).toHaveAttribute('aria-valuenow', '40');
    expect(dialog).toHaveTextContent('40 %');
    expect(screen.queryByRole('button', { name: /fermer|close/i })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'finish', hidden: true }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
