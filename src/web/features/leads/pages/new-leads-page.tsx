import { appRoutes } from '../../../../core/app-routes.ts';
import { ComingSoon } from '../../../components/coming-soon.tsx';
import { PageTitle } from '../../../components/page-title.tsx';

export function NewLeadsPage() {
  return (
    <>
      <PageTitle>{appRoutes.newLeads.title}</PageTitle>
      <ComingSoon />
    </>
  );
}
