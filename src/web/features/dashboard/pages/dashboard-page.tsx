import { appRoutes } from '../../../../core/app-routes.ts';
import { ComingSoon } from '../../../components/coming-soon.tsx';
import { PageTitle } from '../../../components/page-title.tsx';

export function DashboardPage() {
  return (
    <>
      <PageTitle>{appRoutes.dashboard.title}</PageTitle>
      <ComingSoon />
    </>
  );
}
