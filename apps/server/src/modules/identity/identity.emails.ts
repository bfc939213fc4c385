/** How long the link of the address confirmation email works. */
export const VERIFY_EMAIL_HOURS = 72;

/** The texts of the emails the identity module sends. */
export const identityEmails = {
  resetPassword: (name: string, url: string) => ({
    subject: 'Reset your Moto Parts password',
    text: `Hello ${name},\n\nSomeone asked to reset the password of your Moto Parts account. To choose a new password, open this link within one hour:\n\n${url}\n\nIf it was not you, ignore this email: your password stays as it is.\n\nMoto Parts`,
  }),
  verifyEmail: (name: string, url: string) => ({
    subject: 'Confirm your Moto Parts email address',
    text: `Hello ${name},\n\nWelcome to Moto Parts! Your account works already. To confirm that this email address is yours, open this link within ${VERIFY_EMAIL_HOURS} hours:\n\n${url}\n\nIf you did not create a Moto Parts account, ignore this email.\n\nMoto Parts`,
  }),
  existingAccount: (name: string, signInUrl: string) => ({
    subject: 'You already have a Moto Parts account',
    text: `Hello ${name},\n\nSomeone tried to create a Moto Parts account with this email address, which already has one. To sign in, go to ${signInUrl}; if you forgot your password, use 'Forgotten password?' there.\n\nIf it was not you, you need not do anything.\n\nMoto Parts`,
  }),
};
