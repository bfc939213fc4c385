import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation, useNavigate, type Location } from 'react-router';
import { useAdminStatus } from '@/api/users/get-admin-status';
import { ErrorPanel } from '@/components/ui/error-panel';
import { PageLoader } from '@/components/ui/page-loader';
import { paths } from '@/config/paths';
import { mayOpen, viewerOf, type PageAccess } from './access';
import { clearAccessToken } from './access-token';
import { isApiError } from './api-client';
import { signOut, useAuth } from './session';
import { toast } from './toast';

/** SPEC section 6: the guards' own words. */
export const guardCopy = {
  checking: 'Checking your account…',
  adminOnly: "Sorry! It's Procte for Admin",
  userOnly: "Sorry BOSS! It's procte for User",
  loadFailed: 'Your account could not be checked. Please try again.',
  retry: 'Try again',
} as const;

const isEndedSession = (error: unknown) => isApiError(error) && (error.status === 401 || error.status === 403);

/**
 * Replaces the page with sign-in, remembering where the visitor was so that signing in
 * brings them back.
 */
function useRedirectToSignIn(from: Location) {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate(paths.auth.signIn.getHref(), { replace: true, state: { from } });
  }, [navigate, from]);
}

function ToSignIn({ from }: { from: Location }) {
  useEffect(() => clearAccessToken(), []);
  useRedirectToSignIn(from);
  return null;
}

/** SPEC section 6, signed-in guard: a loader while the session is checked, sign-in without one. */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const location = useLocation();
  const { user, isLoading, error, retry } = useAuth();
  if (isLoading) return <PageLoader label={guardCopy.checking} />;
  if (error) return <GuardError onRetry={retry} />;
  if (!user) return <ToSignIn from={location} />;
  return children;
}

/** Who may open the page: see `PageAccess` (a dashboard page's comes from `dashboardAccess`). */
export type AllowedRole = Exclude<PageAccess, 'everyone'>;

/**
 * SPEC section 6, admin and user-only guards, with SPEC-3's staff: 'staff' pages open to staff
 * and admins, 'user' pages to customers and staff. Anyone else is told why, signed out and sent
 * to sign-in. The message is a toast, so it stays readable on the sign-in page.
 */
export function Authorization({ allow, children }: { allow: AllowedRole; children: ReactNode }) {
  const { user, isLoading, error, retry } = useAuth();
  const adminStatus = useAdminStatus(user?.email ?? null);
  const deniedMessage = allow === 'user' ? guardCopy.userOnly : guardCopy.adminOnly;

  if (isLoading || (user && adminStatus.isPending)) return <PageLoader label={guardCopy.checking} />;
  if (error) return <GuardError onRetry={retry} />;
  if (adminStatus.isError && !isEndedSession(adminStatus.error)) {
    return <GuardError onRetry={() => void adminStatus.refetch()} />;
  }
  const allowed = user !== null && adminStatus.isSuccess && mayOpen(viewerOf(adminStatus.data), allow);
  if (!allowed) return <AccessDenied message={deniedMessage} />;
  return children;
}

function AccessDenied({ message }: { message: string }) {
  const location = useLocation();
  const queryClient = useQueryClient();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    toast.error(message, { toastId: message });
    void signOut(queryClient);
  }, [message, queryClient]);
  // The same return address the signed-in guard gives, whichever of the two redirects first:
  // signing in with an account that may see the page brings the visitor back to it.
  useRedirectToSignIn(location);
  return null;
}

function GuardError({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-12">
      <ErrorPanel message={guardCopy.loadFailed} retryLabel={guardCopy.retry} onRetry={onRetry} />
    </div>
  );
}
