import { appRoutes } from '../../../../core/app-routes.ts';
import { ComingSoon } from '../../../components/coming-soon.tsx';
import { PageTitle } from '../../../components/page-title.tsx';

export function FollowUpPage() {
  return (
    <>
      <PageTitle>{appRoutes.followUp.title}</PageTitle>
      <ComingSoon />
    </>
  );
}
