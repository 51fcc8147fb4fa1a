// Apart from server-render.ts, which a page hydrated as islands imports too: this one needs the router.
import { useContext } from 'react';
import { useLocation } from 'react-router';
import { ServerRenderContext } from './server-render';

/** Whether the server already answered this address with a 404 (so the page renders its not-found screen at once). */
export function useServerNotFound(): boolean {
  const { notFoundPath } = useContext(ServerRenderContext);
  const { pathname } = useLocation();
  return notFoundPath !== null && notFoundPath === pathname;
}
