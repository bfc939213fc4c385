import type { Order } from '@shop/shared';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useMarkOrderPaid } from '@/api/orders/mark-order-paid';
import { useConfirmTestPayment, type TestCard } from '@/api/payments/confirm-test-payment';
import { usePaymentIntent } from '@/api/payments/create-payment-intent';
import { usePaymentConfig } from '@/api/payments/get-payment-config';
import { ErrorPanel } from '@/components/ui/error-panel';
import { PageLoader } from '@/components/ui/page-loader';
import { isApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';
import { paymentCopy } from '../copy';
import { TestCardForm } from './test-card-form';

const copy = paymentCopy.card;

// Stripe's scripts load only when the shop takes real cards: test mode and every other page
// never download them, and the page's security policy allows Stripe only then.
const StripeCardForm = lazy(() => import('./stripe-card-form').then((module) => ({ default: module.StripeCardForm })));


interface CardPaymentProps {
  /** The orders the payment pays: one, or every line of a checkout. */
  lines: Order[];
  /** What the payment comes to: the purchase's total, delivery, discount and tax included. */
  amountDue: number;
  /** Called with the payment's id once the card payment went through. */
  onCompleted: (transactionId: string) => void;
}

/** The card form of the shop's payment provider, for one unpaid order or checkout. */
export function CardPayment({ lines, amountDue, onCompleted }: CardPaymentProps) {
  const [order] = lines as [Order];
  const queryClient = useQueryClient();
  const config = usePaymentConfig();
  const intent = usePaymentIntent(order.checkoutId ? { checkoutId: order.checkoutId } : { orderId: order._id, price: order.total });
  const confirmTestPayment = useConfirmTestPayment();
  // Marking any line paid marks its whole checkout paid.
  const markOrderPaid = useMarkOrderPaid();
  // SPEC section 7: the billing name is the part's name (a checkout's: its parts).
  const billingDetails = { name: paymentCopy.billingName(lines.map((line) => line.toolName)), email: order.email };

  const complete = async (transactionId: string) => {
    try {
      await markOrderPaid.mutateAsync({ order, transactionId });
    } catch {
      // The money has moved: the provider's signed webhook tells the shop as well, so the
      // order becomes paid even when this call is lost. The customer sees the payment done.
    }
    toast.success(paymentCopy.paid);
    onCompleted(transactionId);
  };

  const payWithTestCard = async (card: TestCard, clientSecret: string) => {
    const confirmed = await confirmTestPayment.mutateAsync({ clientSecret, card, billingDetails });
    if (confirmed.status !== 'succeeded') throw new Error(copy.failed);
    await complete(confirmed.id);
  };

  if (config.isPending) return <PageLoader label={copy.preparing} />;
  if (config.isError) {
    return <ErrorPanel message={copy.providerFailed} retryLabel={paymentCopy.retry} onRetry={() => void config.refetch()} isRetrying={config.isRefetching} />;
  }
  if (intent.isError) {
    // e.g. the order was paid or cancelled in another tab: the order itself tells which.
    const reason = isApiError(intent.error) && intent.error.status < 500 ? intent.error.message : copy.intentFailed;
    return (
      <ErrorPanel
        message={reason}
        retryLabel={paymentCopy.retry}
        onRetry={() => {
          void intent.refetch();
          void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
        }}
        isRetrying={intent.isRefetching}
      />
    );
  }

  const clientSecret = intent.data?.clientSecret ?? null;
  if (config.data.mode === 'test') return <TestCardForm clientSecret={clientSecret} onPay={payWithTestCard} amountDue={amountDue} />;
  if (!config.data.publishableKey) return <p role="alert" className="font-medium text-red-700">{copy.providerFailed}</p>;
  return (
    <Suspense fallback={<PageLoader label={copy.preparing} />}>
      <StripeCardForm publishableKey={config.data.publishableKey} clientSecret={clientSecret} billingDetails={billingDetails} onSucceeded={complete} amountDue={amountDue} />
    </Suspense>
  );
}
