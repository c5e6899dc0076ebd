import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorPageContent, type ErrorPageContentProps } from './error-page-content.tsx';

function describeError(error: unknown): ErrorPageContentProps {
  if (isRouteErrorResponse(error)) {
    const statusCode = error.status;
    return {
      statusCode,
      statusMessage: statusCode === 404 ? 'Page Not Found' : 'Internal Server Error',
      message:
        error.statusText || (statusCode === 404 ? 'Página não encontrada.' : 'Erro no servidor.'),
      description: typeof error.data === 'string' ? error.data : undefined,
    };
  }
  return {
    statusCode: 500,
    statusMessage: 'Internal Server Error',
    message: error instanceof Error ? error.message : 'Erro inesperado.',
    description:
      'Algo deu errado ao abrir esta página. Recarregue a página ou tente novamente em instantes.',
  };
}

/** The generic error page: whatever a route throws while loading or rendering ends here. */
export function RouteErrorPage() {
  const error = useRouteError();
  const content = describeError(error);

  useEffect(() => {
    if (!isRouteErrorResponse(error)) console.error(error);
    document.title = `${content.statusCode} - ${content.statusMessage}`;
  }, [error, content.statusCode, content.statusMessage]);

  return (
    <main>
      <ErrorPageContent {...content} />
    </main>
  );
}
