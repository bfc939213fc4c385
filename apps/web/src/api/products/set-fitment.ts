import type { FitmentInput, modifiedAnswerSchema } from '@shop/shared';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

/** PUT /products/{id}/fitment (admin): the part's universal mark and all its fitment rows. */
export const setFitment = ({ id, fitment }: { id: string; fitment: FitmentInput }) =>
  api.put<z.infer<typeof modifiedAnswerSchema>>(`/products/${encodeURIComponent(id)}/fitment`, { body: fitment });
