import { paymentCopy as copy } from '../copy';

/** SPEC section 8: the transaction ID in green once the payment went through. */
export function TransactionId({ id }: { id: string }) {
  return (
    <p className="text-green-800">
      {copy.transactionId}:{' '}
      <span className="font-mono font-semibold break-all" data-testid="transaction-id">
        {id}
      </span>
    </p>
  );
}
