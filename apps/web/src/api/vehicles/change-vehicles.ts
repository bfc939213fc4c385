import type { insertedAnswerSchema, modifiedAnswerSchema, vehicleInputSchema } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type VehicleInput = z.input<typeof vehicleInputSchema>;

/** POST /vehicles (admin): 409 when the shop has this vehicle. */
export const addVehicle = (vehicle: VehicleInput) => api.post<z.infer<typeof insertedAnswerSchema>>('/vehicles', { body: vehicle });

/** PATCH /vehicles/{id} (admin). */
export const editVehicle = ({ id, vehicle }: { id: string; vehicle: VehicleInput }) =>
  api.patch<z.infer<typeof modifiedAnswerSchema>>(`/vehicles/${encodeURIComponent(id)}`, { body: vehicle });

/** DELETE /vehicles/{id} (admin): its fitment rows go with it. */
export const deleteVehicle = (id: string) =>
  api.delete<{ deletedCount: number; fitmentRemoved: number }>(`/vehicles/${encodeURIComponent(id)}`);

/** The picker's choices, the vehicle lists and (a vehicle's years or fitment changing) the catalogue are read again. */
function useVehicleMutation<Input, Answer>(mutationFn: (input: Input) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.vehicles.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.products.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.garage }),
      ]),
  });
}

export const useAddVehicle = () => useVehicleMutation(addVehicle);
export const useEditVehicle = () => useVehicleMutation(editVehicle);
export const useDeleteVehicle = () => useVehicleMutation(deleteVehicle);
