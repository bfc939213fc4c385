// The account pages share one script: whoever opens one of them is likely to open another.
export { ResetPasswordRoute } from './reset-password';
export { SignInRoute } from './sign-in';
export { SignUpRoute } from './sign-up';
