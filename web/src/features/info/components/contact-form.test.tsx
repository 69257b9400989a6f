import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { describedBy, refusal, renderScreen, screenTests, serveApi } from '#web/test-utils';
import { ContactForm } from './contact-form';

// The contact form (spec §2 contact, §7 send-email) against a stand-in server.

screenTests(['info']);

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const MESSAGE = {
  'Full name': 'Camille Conductrice',
  'Email address': 'camille@example.com',
  Subject: 'Child seat',
  Message: 'May I add a child seat?',
};

async function write(user: ReturnType<typeof userEvent.setup>) {
  for (const [label, value] of Object.entries(MESSAGE)) await user.type(input(label), value);
  await user.click(screen.getByRole('button', { name: 'Send' }));
}

describe('the contact form', () => {
  it('sends the message, says so and empties the form for the next one', async () => {
    const calls = serveApi({ 'POST /api/send-email': () => Response.json({ ok: true }) });
    const user = userEvent.setup();
    renderScreen(<ContactForm recaptchaSiteKey={null} />, { path: '/contact' });
    await write(user);
    expect(await screen.findByText('Message sent')).toBeTruthy();
    expect(calls[0]?.body).toEqual({
      fullName: 'Camille Conductrice',
      email: 'camille@example.com',
      subject: 'Child seat',
      message: 'May I add a child seat?',
    });
    await waitFor(() => expect(input('Message').value).toBe(''));
  });

  it("names each empty field with the spec's words, all of them in one summary, and sends nothing", async () => {
    const calls = serveApi({});
    const user = userEvent.setup();
    renderScreen(<ContactForm recaptchaSiteKey={null} />, { path: '/contact' });
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(describedBy(input('Full name'))).toBe('Please fill in the field: Full name'));
    expect(describedBy(input('Message'))).toBe('Please fill in the field: Message');
    // Spec §5's plural message, above the form.
    expect((await screen.findByText(/^Please fill in the fields: /)).textContent).toBe(
      'Please fill in the fields: Full name, Email address, Subject, Message',
    );
    expect(document.activeElement).toBe(input('Full name'));
    expect(calls).toEqual([]);
  });

  it('says when too many messages were sent', async () => {
    serveApi({ 'POST /api/send-email': () => refusal(429, 'RATE_LIMITED') });
    const user = userEvent.setup();
    renderScreen(<ContactForm recaptchaSiteKey={null} />, { path: '/contact' });
    await write(user);
    expect(await screen.findByText('Too many messages. Please try again in a few minutes.')).toBeTruthy();
  });
});
