import { authCopy } from '../copy';
import { isCheckoutReturn } from '../return-path';

/** On the way to the checkout through the account pages: says the cart waits for the visitor. */
export function CheckoutReturnNotice({ returnTo }: { returnTo: string }) {
  if (!isCheckoutReturn(returnTo)) return null;
  return (
    <p role="note" className="rounded-box border border-sky-300 bg-sky-50 p-3 text-center text-sky-950">
      {authCopy.checkoutReturn}
    </p>
  );
}
