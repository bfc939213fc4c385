import { z } from 'zod';
import { EMAIL_CONFIRMATION_PARAM } from '../constants.js';
import { accountMessages, emailSchema, passwordSchema } from './user.js';

/**
 * An account without a password (made with Google) confirms its deletion by its sign-in instead:
 * the session it deletes with must have been created within this many minutes.
 */
export const FRESH_SIGN_IN_MINUTES = 10;

/**
 * Where the link of a change of email lands: the same notice as the address confirmation, told
 * apart by this value (with `error` beside it when the link did not work).
 */
export const EMAIL_CHANGE_CONFIRMATION = 'change';
export const EMAIL_CHANGE_LANDING = `/?${EMAIL_CONFIRMATION_PARAM}=${EMAIL_CHANGE_CONFIRMATION}`;

/** The texts of an account its owner controls (SPEC-3 section 4). */
export const accountControlMessages = {
  currentPasswordRequired: 'Current password is Required',
  currentPasswordWrong: 'The current password is not correct',
  samePassword: 'The new password must differ from the current one',
  passwordChanged: 'Your password was changed. Your other sessions were signed out.',
  emailSame: 'This is already your email address',
  emailTaken: 'Another account uses this email address',
  emailLinkSent: (email: string) => `We sent a link to ${email}. Your email changes when you open it.`,
  emailChanged: 'Your email address was changed',
  passwordWrong: 'The password is not correct',
  refundUnderWay: 'A refund of one of your orders is under way. Please try again in a few minutes.',
  deleted: 'Your account was deleted',
  /** An account made with Google has no password to change or to confirm with. */
  noPassword: "This account signs in with Google and has no password. To set one, use 'Forgotten password?' on the sign-in page.",
  /** The deletion of an account without a password whose session is older than FRESH_SIGN_IN_MINUTES. */
  signInAgainToDelete: `To delete an account that signs in with Google, please sign out, sign in with Google again, then delete it within ${FRESH_SIGN_IN_MINUTES} minutes.`,
  /** The deletion's question to an account without a password: no password field. */
  confirmBySignIn: `This cannot be undone. Your account signs in with Google, so your sign-in of the last ${FRESH_SIGN_IN_MINUTES} minutes confirms it.`,
  /** The admin's removal of a person whose refund is under way. */
  refundUnderWayOfAccount: 'A refund of one of this account\'s orders is under way. Please try again in a few minutes.',
  /** The name a deleted account's reviews show (SPEC-3 section 4, verbatim). */
  formerCustomer: 'A former customer',
} as const;

/** POST /account/password. */
export const changePasswordSchema = z.object({
  currentPassword: z.string({ error: accountControlMessages.currentPasswordRequired }).min(1, accountControlMessages.currentPasswordRequired).max(128),
  newPassword: passwordSchema,
});
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/** POST /account/email: the new address gets a link that confirms it; the old one is told. */
export const changeEmailSchema = z.object({ newEmail: emailSchema });
export type ChangeEmailInput = z.input<typeof changeEmailSchema>;

/** DELETE /account: confirmed with the password. */
export const deleteAccountSchema = z.object({
  password: z.string({ error: accountMessages.passwordRequired }).min(1, accountMessages.passwordRequired).max(128),
});

/**
 * DELETE /account as the server takes it: an account with a password sends it; one without (made
 * with Google) sends none and is confirmed by a sign-in of the last FRESH_SIGN_IN_MINUTES.
 */
export const deleteAccountRequestSchema = deleteAccountSchema.partial();
export type DeleteAccountRequest = z.input<typeof deleteAccountRequestSchema>;

/** GET /account: what the profile's account controls need to know of the account. */
export const accountSettingsSchema = z.object({
  email: z.string(),
  /** False for an account made with Google that never set a password: no password form. */
  hasPassword: z.boolean(),
});
export type AccountSettings = z.infer<typeof accountSettingsSchema>;

/** The answer of the account's changes: the text to show. */
export const accountMessageSchema = z.object({ message: z.string() });
