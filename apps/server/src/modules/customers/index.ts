// The customers module's public surface: other modules and the app import only this file.
export { agentsAdminRoutes } from './agents-admin.routes.js';
export { accountRoutes, default as authRoutes, UserResponse } from './auth.routes.js';
export { authenticate, clearLoginThrottle, toSessionUser, verifyPasswordThrottled } from './auth.service.js';
export { customersAdminRoutes, impersonationRoutes } from './customers-admin.routes.js';
export { staffEditsRoutes } from './staff-edits.routes.js';
export { DEMO_USERS, seedDemoUsers } from './demo-users.js';
export { finishImpersonation, type ImpersonationEnd } from './impersonation.service.js';
export { DEVICE_COOKIE, KNOWN_DEVICE_TTL_MS } from './known-devices.service.js';
export { oidcRoutes } from './oidc.routes.js';
export { default as passwordResetRoutes } from './password-reset.routes.js';
export { PasswordResetService } from './password-reset.service.js';
export { hashPassword, unusablePasswordHash, verifyPassword } from './password.js';
export { REMEMBER_COOKIE, revokeOtherDevices } from './remember-me.service.js';
export {
  createSession,
  deleteSession,
  findSession,
  hashToken,
  SESSION_TTL_MS,
  type SessionState,
  type SessionUser,
  setSessionStore,
  touchSession,
} from './sessions.repository.js';
export { signInLinkRoutes } from './sign-in-link.routes.js';
export { SignInLinksService } from './sign-in-links.service.js';
export { sweepSignInLeftovers } from './sign-in-sweep.js';
export { deviceRoutes, signInRoutes } from './sign-in.routes.js';
export { findUserByEmail, normaliseEmail } from './users.repository.js';
