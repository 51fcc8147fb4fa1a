export { useLogin, useLogout, useRegister } from './auth-api';
export { EmailInput, PasswordInput } from './auth-inputs';
export { errorText } from './error-text';
export { problemErrors, toFormErrors, NO_ERRORS, type FormErrors } from './form-errors';
export { LoginForm } from './login-form';
export { LogoutScreen } from './logout-screen';
export { RegisterForm } from './register-form';
export { isStaff, userCan } from './permissions';
export { refreshAfterAuthChange, sessionQueryOptions, useSession, useStoreInfo, useUser } from './session';
