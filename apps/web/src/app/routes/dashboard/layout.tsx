import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { NavItems } from '@/app/layout/navbar';
import { PageLoader } from '@/components/ui/page-loader';
import { DashboardShell } from '@/features/dashboard/components/dashboard-shell';
import { SideMenu } from '@/features/dashboard/components/side-menu';
import { dashboardCopy } from '@/features/dashboard/copy';
import { useViewer } from '@/lib/access';
import { ProtectedRoute } from '@/lib/auth';

function DashboardFrame() {
  const viewer = useViewer();
  return (
    <DashboardShell
      menu={(close) => <SideMenu viewer={viewer} onNavigate={close} />}
      siteLinks={(close) => <NavItems signedIn onNavigate={close} />}
    >
      <Suspense fallback={<PageLoader label={dashboardCopy.pageLoading} />}>
        <Outlet />
      </Suspense>
    </DashboardShell>
  );
}

/** /dashbord: signed-in only; the side menu and the nested page. */
export function DashboardRoute() {
  return (
    <ProtectedRoute>
      <DashboardFrame />
    </ProtectedRoute>
  );
}
