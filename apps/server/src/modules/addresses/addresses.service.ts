import { type Address, addressMessages, type AddressValues } from '@shop/shared';
import { conflict, notFound } from '../../lib/errors.js';
import type { AddressesRepository } from './addresses.repository.js';
import { toAddress } from './addresses.mapper.js';

/** Each customer's saved delivery addresses (SPEC-3 section 1, My Addresses), one of them the default. */
export function createAddressesService({ repository }: { repository: AddressesRepository }) {
  return {
    /** The default first, then oldest first. */
    list: async (userId: string): Promise<Address[]> => (await repository.list(userId)).map(toAddress),

    /** The customer's default address, if they saved any: where the shop assumes they want parts sent. */
    async defaultOf(userId: string): Promise<Address | null> {
      const row = await repository.findDefault(userId);
      return row ? toAddress(row) : null;
    },

    /** Saves an address; answers its id. */
    async add(userId: string, address: AddressValues): Promise<string> {
      const id = await repository.add(userId, address);
      if (id === 'full') throw conflict(addressMessages.full);
      return id;
    },

    /** Someone else's address is answered as an unknown one: its id says nothing to anyone else. */
    async update(userId: string, id: string, address: AddressValues): Promise<void> {
      if (!(await repository.update(userId, id, address))) throw notFound('Address');
    },

    async remove(userId: string, id: string): Promise<void> {
      if (!(await repository.remove(userId, id))) throw notFound('Address');
    },
  };
}
export type AddressesService = ReturnType<typeof createAddressesService>;
