import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import operatorCars from '#web/i18n/locales/en/operatorCars.json';
import { renderScreen, screenTests } from '#web/test-utils';
import { ImageSection } from './image-section';

// A file chosen while the previous upload is still under way was shown as chosen and never sent: it now waits for
// that upload, says so, and is sent once it ends.

screenTests();
beforeAll(() => {
  i18next.addResourceBundle('en', 'translation', { operatorCars }, true, true);
});

let finish = () => {};

/** The car's image section with an upload that ends when the test says. */
function Harness({ sent }: { sent: (file: File) => void }) {
  const [busy, setBusy] = useState(false);
  return (
    <>
      <ImageSection
        strings="operatorCars.image"
        name="image"
        preview={null}
        busy={busy}
        upload={(file, feedback) => {
          sent(file);
          setBusy(true);
          finish = () => {
            setBusy(false);
            feedback.onSuccess();
          };
        }}
        remove={() => {}}
      />
      <button type="button" onClick={() => finish()}>
        end the upload
      </button>
    </>
  );
}

describe('the image section', () => {
  it('sends a file chosen during an upload once that upload ends, saying it waits', async () => {
    const sent = vi.fn();
    const user = userEvent.setup();
    renderScreen(<Harness sent={sent} />);
    const native = () => document.querySelector('input[type="file"]') as HTMLInputElement;
    const first = new File(['a'], 'first.png', { type: 'image/png' });
    const second = new File(['b'], 'second.png', { type: 'image/png' });
    await user.upload(native(), first);
    expect(sent).toHaveBeenCalledTimes(1);
    await user.upload(native(), second);
    expect(sent).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('The image will be sent once the current upload ends.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'end the upload' }));
    await waitFor(() => expect(sent).toHaveBeenCalledTimes(2));
    expect(sent.mock.calls[1]?.[0]).toBe(second);
    expect(screen.queryByText('The image will be sent once the current upload ends.')).toBeNull();
  });
});
