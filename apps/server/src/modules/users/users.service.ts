import { type AdminUser, toDiscountHundredths, type User, type WorkshopAnswer, type workshopInputSchema } from '@shop/shared';
import type { z } from 'zod';
import { conflict, notFound } from '../../lib/errors.js';
import type { AccountService } from '../account/account.plugin.js';
import type { CurrentUser } from '../identity/identity.plugin.js';
import type { ImagesService } from '../images/images.plugin.js';
import { toAdminUser, toUser, workshopOf } from './users.mapper.js';
import { isEmailVerified, type UsersRepository } from './users.repository.js';

/** Accounts: profiles, and who is an admin. */
export function createUsersService({
  repository,
  images,
  account,
}: {
  repository: UsersRepository;
  images: Pick<ImagesService, 'assertStored'>;
  account: Pick<AccountService, 'removeByAdmin'>;
}) {
  return {
    /** The id of the account that has this address now, if any. */
    async accountIdOf(email: string): Promise<string | undefined> {
      return (await repository.findByEmail(email))?.id;
    },
    /** Where the shop's own email goes when SHOP_EMAIL is not set: its longest-standing admin. */
    firstAdminEmail(): Promise<string | undefined> {
      return repository.firstAdminEmail();
    },
    async isAdmin(email: string): Promise<boolean> {
      return (await repository.findByEmail(email))?.role === 'admin';
    },
    async profile(email: string): Promise<User> {
      const row = await repository.findByEmail(email);
      if (!row) throw notFound('User');
      return toUser(row);
    },
    async list(q?: string): Promise<AdminUser[]> {
      return (await repository.listAll(q)).map(toAdminUser);
    },
    /** Changes the phone and photo of a profile; answers how many profiles changed (one). */
    async updateProfile(email: string, profile: { img: string; phone: string }): Promise<number> {
      await images.assertStored(profile.img);
      const modified = await repository.updateProfile(email, { image: profile.img, phone: profile.phone });
      if (modified === 0) throw notFound('User');
      return modified;
    },
    /**
     * Marks an account a workshop with its trade discount, or not one (its discount then 0). Every
     * price the account sees follows from its next request: the bearer lookup reads both.
     */
    async setWorkshop(email: string, { workshop, tradeDiscount }: z.output<typeof workshopInputSchema>): Promise<WorkshopAnswer> {
      const stored = await repository.setWorkshop(email, workshop, toDiscountHundredths(tradeDiscount));
      if (!stored) throw notFound('User');
      return workshopOf(stored);
    },
    /** Makes an account admin; answers 0 when it already was. */
    async makeAdmin(email: string): Promise<number> {
      const target = await repository.findByEmail(email);
      if (!target) throw notFound('User');
      // Anyone can sign up any address: only its confirmed owner may gain admin rights.
      if (target.role !== 'admin' && !isEmailVerified(target)) {
        throw conflict(
          'This person has not confirmed their email address yet, so they cannot become an admin. They confirm it with the link in the email the shop sent when they signed up.',
        );
      }
      return repository.setRole(email, 'admin');
    },
    /**
     * Makes another admin a customer again; never the shop's last admin, never oneself (an admin
     * who wants to stop being one asks another). Answers 0 when the account was no admin.
     */
    async demote(email: string, by: CurrentUser | null): Promise<number> {
      if (by?.email === email) throw conflict('You cannot take away your own admin rights. Another admin can.');
      const outcome = await repository.demoteUnlessLastAdmin(email);
      if (outcome === 'not-found') throw notFound('User');
      if (outcome === 'last-admin') throw conflict('The shop needs at least one admin');
      return outcome === 'demoted' ? 1 : 0;
    },
    /**
     * Removes an account by the same erasure as its owner's deletion (decision 041), unless it is
     * the remover's own or the shop's last admin. Answers the removed account's id.
     */
    remove(email: string, by: CurrentUser | null): Promise<{ id: string }> {
      return account.removeByAdmin(email, by);
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
