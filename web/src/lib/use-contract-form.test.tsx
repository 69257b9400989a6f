import type { ContactMessage } from '@roam/contract/contact';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage, initI18n } from '#web/i18n/index';
import { describedBy, isInvalid } from '#web/test-utils';
import { FormMessage, TextAreaField, TextField } from '#web/ui/form-field';
import { ApiError } from './api-client';
import { useContractForm } from './use-contract-form';

// The one form hook on the contact form's contract schema, with the ui fields, as a user meets it.

beforeAll(() => initI18n('en'));
afterEach(cleanup);

type Handlers = {
  onSubmit?: (message: ContactMessage) => Promise<unknown> | unknown;
  onError?: (error: unknown) => string | null;
  schema?: () => Promise<typeof import('@roam/contract/contact.schema').ContactMessageSchema>;
};

const contactSchema = () => import('@roam/contract/contact.schema').then((contract) => contract.ContactMessageSchema);

function ContactForm({ onSubmit = () => {}, onError, schema = contactSchema }: Handlers) {
  const form = useContractForm({
    initialValues: { fullName: '', email: '', subject: '', message: '' },
    schema,
    onSubmit,
    ...(onError ? { onError } : {}),
  });
  return (
    <form {...form.formProps}>
      <FormMessage>{form.message}</FormMessage>
      <TextField {...form.field('fullName', 'Full name')} />
      <TextField {...form.field('email', 'Email address')} type="email" />
      <TextField {...form.field('subject', 'Subject')} />
      <TextAreaField {...form.field('message', 'Message')} />
      <button type="submit" disabled={form.pending}>
        Send
      </button>
    </form>
  );
}

async function fill(user: ReturnType<typeof userEvent.setup>, values: Partial<Record<string, string>>) {
  for (const [label, value] of Object.entries(values)) {
    await user.clear(screen.getByLabelText(label));
    if (value) await user.type(screen.getByLabelText(label), value);
  }
}

const complete = { 'Full name': 'Camille', 'Email address': 'camille@example.com', Subject: 'Seat', Message: 'Hi' };

describe('useContractForm', () => {
  it('a refused submit names the missing fields at each field and above the form, and focuses the first', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<ContactForm onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText('Subject'), 'Seat');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect((await screen.findByRole('alert')).textContent).toContain(
      'Please fill in the fields: Full name, Email address, Message',
    );
    const fullName = screen.getByLabelText('Full name');
    expect(isInvalid(fullName)).toBe(true);
    expect(describedBy(fullName)).toBe('Please fill in the field: Full name');
    expect(describedBy(screen.getByLabelText('Message'))).toBe('Please fill in the field: Message');
    expect(isInvalid(screen.getByLabelText('Subject'))).toBe(false);
    await waitFor(() => expect(document.activeElement).toBe(fullName));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("a wrong value gets the schema's message, in the spec's words; the form says 'Please fix errors.'", async () => {
    const user = userEvent.setup();
    render(<ContactForm />);
    await fill(user, { ...complete, 'Email address': 'not-an-address' });
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Please fix errors.');
    expect(describedBy(screen.getByLabelText('Email address'))).toBe('Invalid email address');
  });

  it('one missing field is named at the field only: the form-level message does not repeat it', async () => {
    const user = userEvent.setup();
    render(<ContactForm />);
    await fill(user, { ...complete, Subject: '' });
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Please fix errors.');
    expect(screen.getAllByText('Please fill in the field: Subject')).toHaveLength(1);
  });

  it('once a submit was refused, every change is checked again: a message goes as its field is put right', async () => {
    const user = userEvent.setup();
    render(<ContactForm />);
    await fill(user, { ...complete, 'Email address': 'camille@' });
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const email = screen.getByLabelText('Email address');
    await waitFor(() => expect(isInvalid(email)).toBe(true));
    await user.type(email, 'example.com');
    await waitFor(() => expect(isInvalid(email)).toBe(false));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('sends what the schema gives (trimmed), with the button disabled until the answer', async () => {
    const user = userEvent.setup();
    let answer: () => void = () => {};
    const onSubmit = vi.fn((_message: ContactMessage) => new Promise<void>((resolve) => (answer = resolve)));
    render(<ContactForm onSubmit={onSubmit} />);
    await fill(user, { ...complete, 'Full name': '  Camille  ' });
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      fullName: 'Camille',
      email: 'camille@example.com',
      subject: 'Seat',
      message: 'Hi',
    });
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
    await act(async () => answer());
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('sends once when Send is pressed twice before the form shows it is busy', async () => {
    const onSubmit = vi.fn(() => new Promise<void>(() => {}));
    render(<ContactForm onSubmit={onSubmit} />);
    const user = userEvent.setup();
    await fill(user, complete);
    const send = screen.getByRole('button', { name: 'Send' });
    act(() => {
      send.click();
      send.click();
    });
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it("shows the server's field errors on the same fields, translated, until the field is changed", async () => {
    const user = userEvent.setup();
    const refusal = new ApiError({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Please fix errors.',
      fieldErrors: { email: ['Invalid email address'] },
    });
    render(
      <ContactForm
        onSubmit={() => {
          throw refusal;
        }}
      />,
    );
    await fill(user, complete);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const email = screen.getByLabelText('Email address');
    await waitFor(() => expect(describedBy(email)).toBe('Invalid email address'));
    expect(screen.getByRole('alert').textContent).toContain('Please fix errors.');
    await waitFor(() => expect(document.activeElement).toBe(email));
    await user.type(email, 'm');
    expect(isInvalid(email)).toBe(false);
  });

  it("a refusal that names none of the form's fields shows the screen's own message", async () => {
    const user = userEvent.setup();
    const onError = vi.fn(() => 'Too many messages. Please try again in a few minutes.');
    render(
      <ContactForm
        onSubmit={() => {
          throw new ApiError({ status: 429, code: 'RATE_LIMITED', message: 'Too many requests.' });
        }}
        onError={onError}
      />,
    );
    await fill(user, complete);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Too many messages.');
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ code: 'RATE_LIMITED' }));
  });

  it('loads the schema (and zod with it) only when the form is first used', async () => {
    const user = userEvent.setup();
    const schema = vi.fn(contactSchema);
    render(<ContactForm schema={schema} />);
    expect(schema).not.toHaveBeenCalled();
    await user.click(screen.getByLabelText('Full name'));
    expect(schema).toHaveBeenCalledTimes(1);
    await user.tab();
    expect(schema).toHaveBeenCalledTimes(1);
  });

  it('speaks the interface language', async () => {
    const user = userEvent.setup();
    await changeLanguage('fr', { save: false });
    try {
      render(<ContactForm />);
      await fill(user, { ...complete, 'Email address': 'pas-une-adresse' });
      await user.click(screen.getByRole('button', { name: 'Send' }));
      expect((await screen.findByRole('alert')).textContent).toContain('Veuillez corriger les erreurs.');
      expect(describedBy(screen.getByLabelText('Email address'))).toBe('Adresse e-mail invalide');
    } finally {
      await changeLanguage('en', { save: false });
    }
  });
});
