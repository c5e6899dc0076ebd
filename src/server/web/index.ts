/** The built web app (dist/web) served beside the API. */
export { registerWebApp } from './web.routes.ts';
