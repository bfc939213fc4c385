/** How long the link of the address confirmation email works. */
export const VERIFY_EMAIL_HOURS = 72;

/** 'Hello Ana,', or 'Hello,' when the account's name may not be quoted to its address (null). */
const hello = (name: string | null) => (name === null ? 'Hello,' : `Hello ${name},`);

/**
 * The texts of the emails the identity module sends. A name is text its account chose: it is
 * quoted only to an address the account's owner confirmed, and is null otherwise.
 */
export const identityEmails = {
  resetPassword: (name: string | null, url: string) => ({
    subject: 'Reset your Moto Parts password',
    text: `${hello(name)}\n\nSomeone asked to reset the password of your Moto Parts account. To choose a new password, open this link within one hour:\n\n${url}\n\nIf it was not you, ignore this email: your password stays as it is.\n\nMoto Parts`,
  }),
  /** Always to an address not confirmed yet: no name. */
  verifyEmail: (url: string) => ({
    subject: 'Confirm your Moto Parts email address',
    text: `Hello,\n\nWelcome to Moto Parts! Your account works already. To confirm that this email address is yours, open this link within ${VERIFY_EMAIL_HOURS} hours:\n\n${url}\n\nIf you did not create a Moto Parts account, ignore this email.\n\nMoto Parts`,
  }),
  existingAccount: (name: string | null, signInUrl: string) => ({
    subject: 'You already have a Moto Parts account',
    text: `${hello(name)}\n\nSomeone tried to create a Moto Parts account with this email address, which already has one. To sign in, go to ${signInUrl}; if you forgot your password, use 'Forgotten password?' there.\n\nIf it was not you, you need not do anything.\n\nMoto Parts`,
  }),
};
