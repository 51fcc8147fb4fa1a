import { Outlet } from 'react-router';
import { RouteBoundary } from '../lazy-route';
import { ShopFrame } from './shop-frame';
import { useRouteFocus } from './use-route-focus';

/** The shop's layout of the app's routes: the frame (shop-frame.tsx) around the page of the address shown. */
export function ShopLayout() {
  useRouteFocus();
  return (
    <ShopFrame>
      <RouteBoundary>
        <Outlet />
      </RouteBoundary>
    </ShopFrame>
  );
}
