import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { accountControlMessages as texts, accountMessages, type AccountSettings, EMAIL_CHANGE_LANDING, FRESH_SIGN_IN_MINUTES } from '@shop/shared';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { AppError, badRequest, conflict, invalidField, notFound } from '../../lib/errors.js';
import type { Mailer } from '../../lib/mailer.js';
import type { GarageService } from '../garage/garage.plugin.js';
import type { CurrentUser } from '../identity/identity.plugin.js';
import type { OrdersService } from '../orders/orders.plugin.js';
import { accountEmails, CHANGE_EMAIL_HOURS } from './account.emails.js';
import type { AccountRepository } from './account.repository.js';
import { exportDocument } from './account.export.js';

/** The bearer header Better Auth's own endpoints read the caller's session from. */
const sessionHeaders = (user: CurrentUser) => new Headers({ authorization: `Bearer ${user.sessionToken}` });

const FRESH_SIGN_IN_MS = FRESH_SIGN_IN_MINUTES * 60 * 1000;

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

/** Better Auth's refusal code, if `error` is one. */
const authCodeOf = (error: unknown): string | undefined => (error as { body?: { code?: unknown } } | null)?.body?.code as string | undefined;

/**
 * An account its owner controls (SPEC-3 section 4): the password and email changes, the download
 * of the person's data, and the deletion that erases the person and keeps the shop's books (used
 * by the owner and by an admin's removal alike; docs/decisions/041-erase-and-keep.md).
 */
export function createAccountService({
  repository,
  auth,
  orders,
  garage,
  mailer,
  log,
  publicUrl,
}: {
  repository: AccountRepository;
  auth: FastifyInstance['auth'];
  orders: Pick<OrdersService, 'cancelUnpaidOfAccount'>;
  garage: Pick<GarageService, 'logsOf'>;
  mailer: Mailer;
  log: FastifyBaseLogger;
  publicUrl: string;
}) {
  /** Whether `password` is the account's; refuses an account without one (Google only). */
  async function passwordMatches(userId: string, password: string): Promise<boolean> {
    const hash = await repository.passwordHashOf(userId);
    if (!hash) throw conflict(texts.noPassword);
    const context = await auth.$context;
    return context.password.verify({ hash, password });
  }

  const sendInBackground = (to: string, message: { subject: string; text: string }, what: string) => {
    mailer.send({ to, ...message }).catch((error: unknown) => log.error({ err: error }, `account: sending the ${what} email failed`));
  };

  const service = {
    async settings(user: CurrentUser): Promise<AccountSettings> {
      return { email: user.email, hasPassword: (await repository.passwordHashOf(user.id)) !== null };
    },

    /**
     * Better Auth's own change of password, then its own ending of every other session: the
     * caller's session (and so its bearer token) stays, every other one ends.
     */
    async changePassword(user: CurrentUser, { currentPassword, newPassword }: { currentPassword: string; newPassword: string }): Promise<{ message: string }> {
      // Checked here first: a wrong guess costs one hash comparison (Better Auth hashes the new
      // password before it compares the current one).
      if (!(await passwordMatches(user.id, currentPassword))) throw badRequest(texts.currentPasswordWrong, { currentPassword: [texts.currentPasswordWrong] });
      if (newPassword === currentPassword) throw badRequest(texts.samePassword, { newPassword: [texts.samePassword] });
      const headers = sessionHeaders(user);
      try {
        await auth.api.changePassword({ headers, body: { currentPassword, newPassword, revokeOtherSessions: false } });
      } catch (error) {
        const code = authCodeOf(error);
        if (code === 'INVALID_PASSWORD') throw badRequest(texts.currentPasswordWrong, { currentPassword: [texts.currentPasswordWrong] });
        if (code === 'CREDENTIAL_ACCOUNT_NOT_FOUND') throw conflict(texts.noPassword);
        throw error;
      }
      await auth.api.revokeOtherSessions({ headers });
      return { message: texts.passwordChanged };
    },

    /**
     * Sends a link to the new address; opening it changes the account's address (confirmEmailChange).
     * Only the newest link of an account works.
     */
    async requestEmailChange(user: CurrentUser, newEmail: string): Promise<{ message: string }> {
      if (newEmail === user.email) throw badRequest(texts.emailSame, { newEmail: [texts.emailSame] });
      if (await repository.emailInUse(newEmail)) throw conflict(texts.emailTaken, { newEmail: [texts.emailTaken] });
      const token = randomBytes(32).toString('base64url');
      await repository.dropEmailChanges(user.id);
      const context = await auth.$context;
      await context.internalAdapter.createVerificationValue({
        identifier: repository.changeEmailIdentifier(hashOf(token)),
        value: JSON.stringify({ userId: user.id, oldEmail: user.email, newEmail }),
        expiresAt: new Date(Date.now() + CHANGE_EMAIL_HOURS * 60 * 60 * 1000),
      });
      const url = `${publicUrl}/api/account/email/confirm?token=${token}`;
      sendInBackground(newEmail, accountEmails.confirmNewAddress(url), 'new address confirmation');
      return { message: texts.emailLinkSent(newEmail) };
    },

    /**
     * The link of the new address, opened: changes the account's address (and the contact address
     * of its purchases waiting for payment), tells the old address, and answers where the browser
     * lands: the shop's address confirmation notice, with the reason when the link did not work.
     */
    async confirmEmailChange(token: string): Promise<string> {
      const outcome = await repository.applyEmailChange(repository.changeEmailIdentifier(hashOf(token)), new Date());
      if (outcome === null || outcome === 'stale') return `${EMAIL_CHANGE_LANDING}&error=INVALID_TOKEN`;
      if (outcome === 'taken') return `${EMAIL_CHANGE_LANDING}&error=EMAIL_TAKEN`;
      sendInBackground(outcome.oldEmail, accountEmails.addressChanged(outcome.newEmail), 'address changed');
      return EMAIL_CHANGE_LANDING;
    },

    /** The person's data as one JSON document, written piece by piece. */
    exportData(user: CurrentUser): Readable {
      return Readable.from(exportDocument(repository, user.id, garage));
    },

    /**
     * The owner's deletion, confirmed with the password. An account without one (made with Google)
     * is confirmed by its sign-in instead: the session it deletes with must be at most
     * FRESH_SIGN_IN_MINUTES old, so a token that leaked earlier cannot delete the account
     * (decision 041). A password sent by such an account is not looked at.
     */
    async deleteOwn(user: CurrentUser, password: string | undefined): Promise<{ message: string }> {
      const hash = await repository.passwordHashOf(user.id);
      if (hash === null) {
        const signedInAt = await repository.sessionCreatedAt(user.id, user.sessionToken);
        if (!signedInAt || Date.now() - signedInAt.getTime() > FRESH_SIGN_IN_MS) throw new AppError(409, 'SIGN_IN_AGAIN', texts.signInAgainToDelete);
      } else {
        if (password === undefined) throw invalidField('password', accountMessages.passwordRequired);
        const context = await auth.$context;
        if (!(await context.password.verify({ hash, password }))) throw badRequest(texts.passwordWrong, { password: [texts.passwordWrong] });
      }
      await service.erase(user.id, texts.refundUnderWay);
      return { message: texts.deleted };
    },

    /** An admin's removal of an account: the same erasure, never one's own account nor the last admin. */
    async removeByAdmin(email: string, by: CurrentUser | null): Promise<{ id: string }> {
      if (by?.email === email) throw conflict('You cannot remove your own account');
      const target = await repository.findAccount(email);
      if (!target) throw notFound('User');
      await service.erase(target.id, texts.refundUnderWayOfAccount, by);
      return { id: target.id };
    },

    /**
     * Erases the person and keeps the shop's books (decision 041), in this order: one write
     * transaction erases the person (sessions first: nothing more is placed) and detaches what is
     * kept; then their purchases waiting for payment are cancelled by the orders module (stock
     * back, once; one paid a moment ago ends paid), and whatever those leave is detached. An
     * admin's removal names the admin (`by`) for the activity log.
     */
    async erase(userId: string, refundUnderWayText: string, by?: CurrentUser | null): Promise<void> {
      const now = new Date();
      if (await repository.refundUnderWay(userId, now)) throw new AppError(409, 'REFUND_UNDER_WAY', refundUnderWayText);
      const outcome = await repository.erase(userId, now, by);
      if (outcome === 'not-found') throw notFound('User');
      if (outcome === 'last-admin') throw conflict('The shop needs at least one admin');
      if (outcome === 'refund-under-way') throw new AppError(409, 'REFUND_UNDER_WAY', refundUnderWayText);
      await orders.cancelUnpaidOfAccount(userId);
      await repository.detachRest(userId);
    },
  };
  return service;
}
export type AccountService = ReturnType<typeof createAccountService>;
