import { type AdminUser, toDiscountHundredths, type User, type WorkshopAnswer, type workshopInputSchema } from '@shop/shared';
import type { z } from 'zod';
import { conflict, notFound } from '../../lib/errors.js';
import type { AccountService } from '../account/account.plugin.js';
import type { Actor } from '../activity/activity.plugin.js';
import type { CurrentUser } from '../identity/identity.plugin.js';
import type { ImagesService } from '../images/images.plugin.js';
import { toAdminUser, toUser, workshopOf } from './users.mapper.js';
import { isEmailVerified, type UsersRepository } from './users.repository.js';

/** Why an address its owner has not confirmed cannot gain a role: anyone can sign up any address. */
const unconfirmed = (what: string) =>
  conflict(
    `This person has not confirmed their email address yet, so they cannot become ${what}. They confirm it with the link in the email the shop sent when they signed up.`,
  );

/** Accounts: profiles, and who is an admin or staff. Admins' and staff's changes are kept in the activity log. */
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
    /** GET /admin/{email}: whether the account is an admin, and whether it is staff. */
    async rolesOf(email: string): Promise<{ admin: boolean; staff: boolean }> {
      const role = (await repository.findByEmail(email))?.role;
      return { admin: role === 'admin', staff: role === 'staff' };
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
    async updateProfile(email: string, profile: { img: string; phone: string }, by?: Actor | null): Promise<number> {
      await images.assertStored(profile.img);
      const modified = await repository.updateProfile(email, { image: profile.img, phone: profile.phone }, by);
      if (modified === 0) throw notFound('User');
      return modified;
    },
    /**
     * Marks an account a workshop with its trade discount, or not one (its discount then 0). Every
     * price the account sees follows from its next request: the bearer lookup reads both.
     */
    async setWorkshop(email: string, { workshop, tradeDiscount }: z.output<typeof workshopInputSchema>, by?: Actor | null): Promise<WorkshopAnswer> {
      const stored = await repository.setWorkshop(email, workshop, toDiscountHundredths(tradeDiscount), by);
      if (!stored) throw notFound('User');
      return workshopOf(stored);
    },
    /** Makes an account admin (a customer or staff); answers 0 when it already was. */
    async makeAdmin(email: string, by?: Actor | null): Promise<number> {
      const target = await repository.findByEmail(email);
      if (!target) throw notFound('User');
      // Anyone can sign up any address: only its confirmed owner may gain admin rights.
      if (target.role !== 'admin' && !isEmailVerified(target)) throw unconfirmed('an admin');
      const was = await repository.changeRole(email, 'admin', { by });
      if (was === undefined) throw notFound('User');
      return was === 'admin' ? 0 : 1;
    },
    /**
     * Makes a customer staff (SPEC-3 section 7); answers 0 when they already were. An admin has
     * every staff right already, and is never made staff by this: that would take admin rights away.
     */
    async makeStaff(email: string, by: Actor | null): Promise<number> {
      const target = await repository.findByEmail(email);
      if (!target) throw notFound('User');
      if (target.role === 'admin') throw conflict('An admin already has every staff right');
      if (target.role === 'staff') return 0;
      if (!isEmailVerified(target)) throw unconfirmed('staff');
      const was = await repository.changeRole(email, 'staff', { from: 'user', by });
      if (was === undefined) throw notFound('User');
      if (was === 'admin') throw conflict('An admin already has every staff right');
      return was === 'user' ? 1 : 0;
    },
    /** Makes a staff member a customer again. */
    async removeStaff(email: string, by: Actor | null): Promise<number> {
      const was = await repository.changeRole(email, 'user', { from: 'staff', by });
      if (was === undefined) throw notFound('User');
      if (was !== 'staff') throw conflict('This account is not staff');
      return 1;
    },
    /**
     * Makes another admin a customer again; never the shop's last admin, never oneself (an admin
     * who wants to stop being one asks another). Answers 0 when the account was no admin.
     */
    async demote(email: string, by: CurrentUser | null): Promise<number> {
      if (by?.email === email) throw conflict('You cannot take away your own admin rights. Another admin can.');
      const outcome = await repository.demoteUnlessLastAdmin(email, by);
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
