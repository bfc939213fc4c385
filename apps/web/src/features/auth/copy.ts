/** Every text of the sign-up, sign-in and password reset pages. SPEC strings are verbatim. */
export const authCopy = {
  fields: {
    name: 'Name',
    email: 'Email',
    password: 'Password',
    newPassword: 'New Password',
    seePassword: 'See Password',
  },
  signUp: {
    documentTitle: 'SignUp | Moto Parts',
    heading: 'SignUp',
    intro: 'Create an account to order parts, pay by card and follow your orders.',
    submit: 'SignUp',
    haveAccount: 'Already have an account?',
    signInLink: 'Please SignIn',
    checkEmail: (email: string) =>
      `Check your email: we have sent a message to ${email}. If this address already has an account, it says how to sign in or choose a new password.`,
  },
  signIn: {
    documentTitle: 'SignIn | Moto Parts',
    heading: 'SignIn',
    intro: 'Welcome back. Sign in to order parts and see your dashboard.',
    submit: 'SignIn',
    forgotPassword: 'Forgotten password?',
    emailSent: 'Email Sent',
    emailSentDetail: (email: string) =>
      `If an account exists for ${email}, a link to choose a new password is on its way. It is valid for one hour.`,
    newHere: 'New to Moto Parts?',
    signUpLink: 'Create New Account',
  },
  google: {
    continue: 'Continue with Google',
    or: 'OR',
    notConfigured: 'Google sign-in is not configured for this shop. Please use your email and password.',
    completing: 'Signing you in with Google…',
    failed: 'Google sign-in did not complete. Please try again.',
    startFailed: 'Google sign-in could not be started. Please try again.',
  },
  resetPassword: {
    documentTitle: 'Reset Password | Moto Parts',
    heading: 'Reset Password',
    intro: 'Choose a new password for your account.',
    submit: 'Change Password',
    changed: 'Your password has been changed. Please sign in.',
    invalidLink: 'This password reset link is invalid or has expired.',
    requestNew: 'Enter your email and we will send you a new link.',
    sendNewLink: 'Send New Link',
    backToSignIn: 'Back to SignIn',
  },
  /** On the sign-in and sign-up pages when checkout sent the visitor there. */
  checkoutReturn: 'Sign in or create an account to check out: your cart is kept',
  /** Where the link of the address confirmation email lands. */
  emailConfirmation: {
    confirmed: 'Your email address is confirmed.',
    failed: 'This confirmation link is invalid or has expired.',
    close: 'Close',
  },
  failed: 'Something went wrong. Please try again.',
} as const;
