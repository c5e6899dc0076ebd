import { appRoutes } from '../../../../core/app-routes.ts';
import { ComingSoon } from '../../../components/coming-soon.tsx';
import { PageTitle } from '../../../components/page-title.tsx';

export function AssessorLeadsPage() {
  return (
    <>
      <PageTitle>{appRoutes.assessorLeads.title}</PageTitle>
      <ComingSoon />
    </>
  );
}
