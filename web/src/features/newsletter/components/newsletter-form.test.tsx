import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { describedBy, renderScreen, screenTests, serveApi } from '#web/test-utils';
import { NewsletterForm } from './newsletter-form';

// The footer's newsletter form (spec §2 "newsletter subscribe"; its strings are the footer's, always loaded).

screenTests();

const email = () => screen.getByLabelText('Email address') as HTMLInputElement;

describe('the newsletter form', () => {
  it('subscribes the address in the interface language and asks to check the inbox', async () => {
    const calls = serveApi({ 'POST /api/newsletter/subscribe': () => Response.json({ ok: true }) });
    const user = userEvent.setup();
    renderScreen(<NewsletterForm />);
    await user.type(email(), 'reader@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(calls[0]?.body).toEqual({ email: 'reader@example.com', language: 'en' }));
    expect(await screen.findByText(/Check your inbox/)).toBeTruthy();
    expect(email().value).toBe('');
  });

  it('refuses a bad address at the field, without asking the server', async () => {
    const calls = serveApi({});
    const user = userEvent.setup();
    renderScreen(<NewsletterForm />);
    await user.type(email(), 'nope');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(describedBy(email())).toBe('Invalid email address'));
    expect(document.activeElement).toBe(email());
    expect(calls).toEqual([]);
  });
});
