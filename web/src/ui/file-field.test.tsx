import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { describedBy, renderScreen, screenTests } from '#web/test-utils';
import { FileField } from './file-field';

// The licence upload was the browser's unstyled "Choose File", in the browser's language.

screenTests();

function Licence({ error }: { error?: string }) {
  const [file, setFile] = useState<File | null>(null);
  return (
    <FileField
      label="Licence (photo or PDF)"
      name="licence"
      accept="image/*,application/pdf"
      value={file}
      onChange={setFile}
      chooseLabel="Choisir un fichier"
      emptyLabel="Aucun fichier choisi"
      description="A copy of the licence."
      error={error}
    />
  );
}

describe('FileField', () => {
  it("is the app's own button, named by the field's label and its words, and says what is chosen", async () => {
    const user = userEvent.setup();
    renderScreen(<Licence />);
    const button = screen.getByRole('button', { name: 'Licence (photo or PDF) Choisir un fichier' });
    expect(describedBy(button)).toBe('Aucun fichier choisi A copy of the licence.');
    // The native input is there for the label and the browser, hidden: nothing of "Choose File" shows or is read.
    const native = screen.getByLabelText('Licence (photo or PDF)', { selector: 'input' });
    expect(native.className).toBe('visually-hidden');
    expect(native.getAttribute('aria-hidden')).toBe('true');
    expect(native.tabIndex).toBe(-1);
    const chooser = vi.spyOn(native, 'click');
    await user.click(button);
    expect(chooser).toHaveBeenCalledOnce();

    await user.upload(native, new File(['%PDF'], 'permis.pdf', { type: 'application/pdf' }));
    expect(describedBy(button)).toBe('permis.pdf A copy of the licence.');
    expect(screen.getByText('permis.pdf')).toBeTruthy();
  });

  it('carries the error on the button, which a refused submit focuses', () => {
    renderScreen(<Licence error="Please fill in the field: Licence (photo or PDF)" />);
    const button = screen.getByRole('button', { name: /Choisir un fichier/ });
    expect(button.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(button)).toContain('Please fill in the field: Licence (photo or PDF)');
    expect(document.querySelector('[aria-invalid="true"]')).toBe(button);
  });
});
