import { zodResolver } from '@hookform/resolvers/zod';
import { type ShipmentInput, shipmentSchema } from '@shop/shared';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormField } from '@/components/ui/form-field';
import { adminOrdersCopy as copy } from '../copy';

interface ShipmentFieldsProps {
  /** The form's id: the shipping question's confirm button submits it. */
  id: string;
  /** Called with the shipment once its fields are valid. */
  onValid: (shipment: z.output<typeof shipmentSchema>) => void;
}

/** The carrier and tracking number asked with 'Shifting', both optional. */
export function ShipmentFields({ id, onValid }: ShipmentFieldsProps) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ShipmentInput, unknown, z.output<typeof shipmentSchema>>({
    resolver: zodResolver(shipmentSchema),
    defaultValues: { carrier: '', trackingNumber: '' },
  });
  return (
    <form id={id} noValidate onSubmit={handleSubmit(onValid)} className="flex flex-col gap-3 pb-2">
      <FormField id={`${id}-carrier`} label={copy.shipment.carrier} hint={copy.shipment.optional} error={errors.carrier?.message}>
        {(props) => <input type="text" autoComplete="off" {...props} {...register('carrier')} />}
      </FormField>
      <FormField id={`${id}-tracking`} label={copy.shipment.trackingNumber} hint={copy.shipment.optional} error={errors.trackingNumber?.message}>
        {(props) => <input type="text" autoComplete="off" spellCheck={false} {...props} {...register('trackingNumber')} />}
      </FormField>
    </form>
  );
}
