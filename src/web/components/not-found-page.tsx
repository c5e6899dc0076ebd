import { useLocation } from 'react-router';
import { ErrorPageContent } from './error-page-content.tsx';

export const notFoundTitle = 'Page Not Found';

export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <ErrorPageContent
      statusCode={404}
      statusMessage={notFoundTitle}
      message={`Page not found: ${pathname}`}
      description="O endereço não existe ou foi digitado errado."
    />
  );
}
