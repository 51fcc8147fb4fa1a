import { LogoutScreen } from '../../../shared/auth';

/** `/logout`: ends the customer's session and goes to the shop's home. */
export function LogoutRoute() {
  return <LogoutScreen redirectTo="/" />;
}
