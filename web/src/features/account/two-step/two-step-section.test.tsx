import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { refusal, renderScreen, screenTests, serveApi } from '#web/test-utils';
import { TwoStepSection } from './two-step-section';

// Two-step sign-in in the account settings, against a stand-in server: enrolment with the QR code and its key as
// text, the recovery codes once, turning it off with a code, and a team's rule that forbids it.

screenTests(['account']);

const CODES = Array.from({ length: 10 }, (_, index) => `ABCDE-FGH${String(index).padStart(2, '0')}`);
const status = (enabled: boolean, required = false) =>
  Response.json({ enabled, required, recoveryCodesLeft: enabled ? 10 : 0 });

describe('two-step sign-in settings', () => {
  it('enrols: QR image and key as text, a wrong then a right code, the ten codes once, then goes on', async () => {
    let enabled = false;
    let confirm = refusal(401, 'INCORRECT_CODE');
    const calls = serveApi({
      'GET /api/two-factor': () => status(enabled, true),
      'POST /api/two-factor/enrol': () =>
        Response.json({ secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/x', qrSvg: '<svg></svg>' }),
      'POST /api/two-factor/confirm': () => confirm,
    });
    const onEnrolled = vi.fn();
    const user = userEvent.setup();
    renderScreen(<TwoStepSection onEnrolled={onEnrolled} />);
    expect(await screen.findByText(/Off: your password alone/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Set up two-step sign-in' }));

    const qr = (await screen.findByAltText('QR code for your authenticator app')) as HTMLImageElement;
    expect(qr.src).toBe(`data:image/svg+xml;charset=utf-8,${encodeURIComponent('<svg></svg>')}`);
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP')).toBeTruthy();
    await user.type(screen.getByLabelText('Code from the app', { exact: true }), '000000');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('This code is not right, or was already used.')).toBeTruthy();

    confirm = Response.json({ recoveryCodes: CODES });
    enabled = true;
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByRole('heading', { name: 'Your recovery codes' })).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(CODES);
    expect(calls.find((call) => call.route === 'POST /api/two-factor/confirm')?.body).toEqual({ code: '000000' });
    await user.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(onEnrolled).toHaveBeenCalledOnce();
    expect(screen.queryByText(CODES[0]!)).toBeNull();
    expect(await screen.findByText(/On: 10 recovery codes left/)).toBeTruthy();
  });

  it('turns off with a code from the app or a recovery code', async () => {
    let enabled = true;
    const calls = serveApi({
      'GET /api/two-factor': () => status(enabled),
      'POST /api/two-factor/disable': () => {
        enabled = false;
        return Response.json({ ok: true });
      },
    });
    const user = userEvent.setup();
    renderScreen(<TwoStepSection />);
    await user.type(await screen.findByLabelText('Code from the app', { exact: true }), 'abcde-fgh00');
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText(/Off: your password alone/)).toBeTruthy();
    expect(calls.find((call) => call.route === 'POST /api/two-factor/disable')?.body).toEqual({ code: 'abcde-fgh00' });
  });

  it('says a team requires it, without a way off', async () => {
    serveApi({ 'GET /api/two-factor': () => status(true, true) });
    renderScreen(<TwoStepSection />);
    await waitFor(() => expect(screen.getByText('Your team requires it, so it cannot be turned off.')).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Turn off' })).toBeNull();
  });

  it('renews the recovery codes after a current code, even where the team requires it; the ten shown once', async () => {
    const renewed = Array.from({ length: 10 }, (_, index) => `NEWCO-DES${String(index).padStart(2, '0')}`);
    let answer = refusal(401, 'INCORRECT_CODE');
    const calls = serveApi({
      'GET /api/two-factor': () => status(true, true),
      'POST /api/two-factor/recovery-codes': () => answer,
    });
    const user = userEvent.setup();
    renderScreen(<TwoStepSection />);
    await user.click(await screen.findByRole('button', { name: 'New recovery codes' }));
    expect(screen.getByText(/Make ten new ones: the old ones stop working/)).toBeTruthy();
    await user.type(screen.getByLabelText('Code from the app', { exact: true }), '123456');
    await user.click(screen.getByRole('button', { name: 'Make new codes' }));
    expect(await screen.findByText('This code is not right, or was already used.')).toBeTruthy();

    answer = Response.json({ recoveryCodes: renewed });
    await user.click(screen.getByRole('button', { name: 'Make new codes' }));
    expect(await screen.findByRole('heading', { name: 'Your recovery codes' })).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(renewed);
    expect(calls.filter((call) => call.route === 'POST /api/two-factor/recovery-codes').at(-1)?.body).toEqual({
      code: '123456',
    });
    await user.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(screen.queryByText(renewed[0]!)).toBeNull();
  });
});
