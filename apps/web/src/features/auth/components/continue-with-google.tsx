import { useAuthProviders } from '@/api/auth/get-auth-providers';
import { startGoogleSignIn } from '@/api/auth/start-google-sign-in';
import { GoogleSignInButton, type GoogleAvailability } from './google-sign-in-button';

interface ContinueWithGoogleProps {
  /** The shop page to land on once Google has signed the visitor in. */
  returnTo: string;
  message?: string | null;
}

/** The Google button wired to the shop's configuration and the identity service. */
export function ContinueWithGoogle({ returnTo, message }: ContinueWithGoogleProps) {
  const providers = useAuthProviders();
  // If the configuration cannot be read, let the visitor try: the start call then says what is wrong.
  const availability: GoogleAvailability = providers.isPending
    ? 'checking'
    : providers.data?.google === false
      ? 'unavailable'
      : 'available';
  return <GoogleSignInButton availability={availability} onStart={() => startGoogleSignIn(returnTo)} message={message ?? null} />;
}
