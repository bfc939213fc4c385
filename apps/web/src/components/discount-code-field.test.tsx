import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { discountAppliedMessage } from '@shop/shared';
import { DiscountCodeField } from './discount-code-field';

/** A page holding the field as the cart or checkout does: it asks, then hands the field the answer. */
function Page({ answer, onSubmit }: { answer: (code: string) => { text: string; applied: boolean }; onSubmit: () => void }) {
  const [message, setMessage] = useState<{ text: string; applied: boolean } | null>(null);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <DiscountCodeField onApply={async (code) => setMessage(answer(code))} message={message} />
      <button type="submit">Place order</button>
    </form>
  );
}

describe('DiscountCodeField', () => {
  it("hands the code over trimmed on 'Apply', and shows the shop's message in a live region", async () => {
    const asked: string[] = [];
    const onSubmit = vi.fn();
    render(<Page answer={(code) => (asked.push(code), { text: discountAppliedMessage(code), applied: true })} onSubmit={onSubmit} />);
    const user = userEvent.setup();
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('');

    await user.type(screen.getByLabelText('Discount code'), '  spring10 ');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(asked).toEqual(['spring10']);
    expect(status).toHaveTextContent('Code SPRING10 applied');
    expect(screen.getByLabelText('Discount code')).toHaveAttribute('aria-invalid', 'false');
    expect(screen.getByLabelText('Discount code')).toHaveAccessibleDescription('Code SPRING10 applied');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('applies on Enter without sending the order form around it, and marks a refused code', async () => {
    const onSubmit = vi.fn();
    render(<Page answer={() => ({ text: 'This code has expired', applied: false })} onSubmit={onSubmit} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Discount code'), 'WINTER{Enter}');
    expect(screen.getByRole('status')).toHaveTextContent('This code has expired');
    expect(screen.getByLabelText('Discount code')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Discount code')).toHaveAccessibleDescription('This code has expired');
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
