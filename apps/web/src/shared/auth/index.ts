export {
  useConsumeSignInLink,
  useLogin,
  useLogout,
  useRegister,
  useRequestSignInLink,
  useSignInOptions,
  type SignInOptions,
} from './auth-api';
export { ProviderSignIn, SignInErrorAlert } from './provider-sign-in';
export { EmailInput, PasswordInput } from './auth-inputs';
export { errorText } from './error-text';
export { problemErrors, toFormErrors, NO_ERRORS, type FormErrors } from './form-errors';
export { useFormMutation } from './use-form-mutation';
export { loadPasswordRules, usePasswordRules } from './load-password-rules';
export { LoginForm } from './login-form';
export { LogoutScreen } from './logout-screen';
export { RegisterForm } from './register-form';
export { useImpersonation } from './impersonation';
export { isStaff, userCan } from './permissions';
export { refreshAfterAuthChange, sessionQueryOptions, useSession, useStoreInfo, useUser } from './session';
