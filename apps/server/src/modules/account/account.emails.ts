/** How long the link that confirms a new email address works. */
export const CHANGE_EMAIL_HOURS = 24;

/**
 * The texts of the emails of an account's email change. The link goes to the new address only
 * (opening it proves the address is the account owner's); the old address is told afterwards,
 * so an owner whose session someone else used learns where their account went.
 */
export const accountEmails = {
  /** To the new address: it may belong to someone else, so no name and no detail of the account. */
  confirmNewAddress: (url: string) => ({
    subject: 'Confirm your new Moto Parts email address',
    text: `Hello,\n\nSomeone asked to use this email address for their Moto Parts account. To confirm it is yours, open this link within ${CHANGE_EMAIL_HOURS} hours:\n\n${url}\n\nUntil then the account keeps its old address. If it was not you, ignore this email.\n\nMoto Parts`,
  }),
  /** To the old address, once the change is made. */
  addressChanged: (newEmail: string) => ({
    subject: 'Your Moto Parts email address was changed',
    text: `Hello,\n\nThe email address of your Moto Parts account was changed to ${newEmail}. From now on you sign in with it, and the shop writes to it.\n\nIf you did not make this change, contact us at once by replying to this email.\n\nMoto Parts`,
  }),
};
