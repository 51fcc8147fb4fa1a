export { useLogin, useLogout, useRegister } from './auth-api';
export { EmailInput, PasswordInput } from './auth-inputs';
export { errorText, toFormErrors, NO_ERRORS, type FormErrors } from './form-errors';
export { LoginForm } from './login-form';
export { LogoutScreen } from './logout-screen';
export { RegisterForm } from './register-form';
export {
  isStaff,
  refreshAfterAuthChange,
  sessionQueryOptions,
  useSession,
  useStoreInfo,
  useUser,
} from './session';
