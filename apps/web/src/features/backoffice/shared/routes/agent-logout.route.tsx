import { LogoutScreen } from '../../../../shared/auth';

/** `/agentes/logout`: ends the agent's session and shows the agents' login again. */
export function AgentLogoutRoute() {
  return <LogoutScreen redirectTo="/agentes" />;
}
