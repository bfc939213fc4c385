import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify/unstyled';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { ContactForm } from './contact-form';

function setup(onSend = vi.fn().mockResolvedValue({ insertedId: 'a'.repeat(24) })) {
  const user = userEvent.setup();
  render(
    <>
      <ContactForm onSend={onSend} />
      <ToastContainer />
    </>,
  );
  const fields = {
    name: screen.getByLabelText('Name'),
    email: screen.getByLabelText('Email Address'),
    phone: screen.getByLabelText('Phone'),
    subject: screen.getByLabelText('Subject'),
    message: screen.getByLabelText('Message'),
  };
  const fillIn = async () => {
    await user.type(fields.name, '  Sam Rider ');
    await user.type(fields.email, 'sam@example.com');
    await user.type(fields.phone, '+1 555 0100');
    await user.type(fields.subject, 'Chain kit');
    await user.type(fields.message, 'Does it fit a 2019 Duke 390?');
  };
  const send = () => user.click(screen.getByRole('button', { name: 'Send' }));
  return { user, onSend, fields, fillIn, send };
}

describe('ContactForm', () => {
  it('has a visible label for every field and a multi-line message', () => {
    const { fields } = setup();
    expect(fields.message.tagName).toBe('TEXTAREA');
    expect(fields.email).toHaveAttribute('type', 'email');
    expect(fields.phone).toHaveAttribute('type', 'tel');
    expect(screen.getByRole('button', { name: 'Send' })).toHaveAttribute('type', 'submit');
  });

  it('takes over what the visitor typed, the cursor and a pending Send from the form shown while it loaded', async () => {
    const onSend = vi.fn();
    render(
      <ContactForm
        onSend={onSend}
        handoff={{ values: { name: 'Sam', message: 'Hello there' }, focus: { index: 4, selection: [2, 5] }, submit: true }}
      />,
    );

    const message = screen.getByLabelText('Message');
    expect(screen.getByLabelText('Name')).toHaveValue('Sam');
    expect(message).toHaveValue('Hello there');
    expect(await screen.findByText('Email is Required')).toBeInTheDocument();
    expect(screen.queryByText('Name is Required')).not.toBeInTheDocument();
    expect(onSend).not.toHaveBeenCalled();
    // The failed Send moves the focus to the first field in error.
    expect(screen.getByLabelText('Email Address')).toHaveFocus();
  });

  it('puts the cursor back where it was when nothing was sent', () => {
    render(<ContactForm onSend={vi.fn()} handoff={{ values: { subject: 'Chain kit' }, focus: { index: 3, selection: [2, 5] }, submit: false }} />);

    const subject = screen.getByLabelText<HTMLInputElement>('Subject');
    expect(subject).toHaveFocus();
    expect([subject.selectionStart, subject.selectionEnd]).toEqual([2, 5]);
    expect(screen.queryByText('Name is Required')).not.toBeInTheDocument();
  });

  it('shows a message under each required field instead of sending an empty form', async () => {
    const { onSend, fields, send } = setup();
    await send();

    expect(await screen.findByText('Name is Required')).toBeInTheDocument();
    expect(screen.getByText('Email is Required')).toBeInTheDocument();
    expect(screen.getByText('Subject is Required')).toBeInTheDocument();
    expect(screen.getByText('Message is Required')).toBeInTheDocument();
    expect(onSend).not.toHaveBeenCalled();
    expect(fields.name).toHaveAttribute('aria-invalid', 'true');
    expect(fields.name).toHaveAccessibleDescription('Name is Required');
    expect(fields.phone).toHaveAttribute('aria-invalid', 'false');
    expect(fields.name).toHaveFocus();
  });

  it('rejects an email address that is not one', async () => {
    const { onSend, user, fields, send } = setup();
    await user.type(fields.email, 'sam@');
    await send();

    expect(await screen.findByText('Please provide a valid email')).toBeInTheDocument();
    expect(onSend).not.toHaveBeenCalled();
  });

  it('sends the trimmed message, thanks the visitor and empties the form', async () => {
    const { onSend, fields, fillIn, send } = setup();
    await fillIn();
    await send();

    expect(await screen.findByText('Thank you! Your message has been sent.')).toBeInTheDocument();
    expect(onSend).toHaveBeenCalledWith({
      name: 'Sam Rider',
      email: 'sam@example.com',
      phone: '+1 555 0100',
      subject: 'Chain kit',
      message: 'Does it fit a 2019 Duke 390?',
    });
    for (const field of Object.values(fields)) expect(field).toHaveValue('');
  });

  it("shows the shop's own field errors next to the fields and keeps the text", async () => {
    const onSend = vi.fn().mockRejectedValue(
      new ApiError({
        status: 422,
        code: 'VALIDATION_FAILED',
        message: 'Some fields are not valid',
        fieldErrors: { email: ['This address cannot receive mail'] },
      }),
    );
    const { fields, fillIn, send } = setup(onSend);
    await fillIn();
    await send();

    expect(await screen.findByText('This address cannot receive mail')).toBeInTheDocument();
    expect(fields.email).toHaveAttribute('aria-invalid', 'true');
    expect(fields.email).toHaveFocus();
    expect(fields.message).toHaveValue('Does it fit a 2019 Duke 390?');
  });

  it('says when the message could not be sent and keeps what was typed', async () => {
    const onSend = vi.fn().mockRejectedValue(new ApiError({ status: 503, code: 'UNAVAILABLE', message: 'Down' }));
    const { fields, fillIn, send } = setup(onSend);
    await fillIn();
    await send();

    expect(await screen.findByText('Sorry, your message could not be sent. Please try again.')).toBeInTheDocument();
    expect(fields.name).toHaveValue('  Sam Rider ');
    expect(fields.subject).toHaveValue('Chain kit');
  });

  it('asks to wait when too many messages were sent', async () => {
    const onSend = vi.fn().mockRejectedValue(new ApiError({ status: 429, code: 'RATE_LIMITED', message: 'Slow down' }));
    const { fillIn, send } = setup(onSend);
    await fillIn();
    await send();

    expect(
      await screen.findByText('You have sent several messages in a short time. Please try again in a few minutes.'),
    ).toBeInTheDocument();
  });
});
