import type { ErrorTable } from '../../shared/app-error.js';
import type { ServerMessages } from '../../i18n/server-messages.js';

/** The error codes of customers and signing in and the HTTP status each answers (docs/architecture.md, "Errors and messages"). */
export const CUSTOMERS_ERRORS = {
  INVALID_CREDENTIALS: 401,
  EMAIL_TAKEN: 409,
  RESET_TOKEN_INVALID: 400,
  SIGN_IN_LINK_INVALID: 400,
  IMPERSONATION_REFUSED: 409,
  AGENT_CHANGE_REFUSED: 409,
  CUSTOMER_CHANGED: 409,
  REMEMBER_INVALID: 401,
  REMEMBER_RETRY: 409,
  OIDC_NOT_CONFIGURED: 404,
  OIDC_FAILED: 401,
  OIDC_EMAIL_NOT_VERIFIED: 403,
  OIDC_NO_ROLE: 403,
} as const satisfies ErrorTable;

const es = {
  INVALID_CREDENTIALS: 'Error de acceso',
  EMAIL_TAKEN: 'Ya existe una cuenta con este email. Inicia sesión o recupera tu contraseña.',
  RESET_TOKEN_INVALID:
    'El enlace para restablecer la contraseña no es válido, ya se ha usado o ha caducado. Solicita uno nuevo.',
  SIGN_IN_LINK_INVALID: 'El enlace para entrar no es válido, ya se ha usado o ha caducado. Pide uno nuevo.',
  IMPERSONATION_REFUSED: 'Solo un administrador puede entrar como un cliente, y solo en cuentas de cliente activas.',
  AGENT_CHANGE_REFUSED:
    'No puedes desactivarte ni quitarte el rol de administrador, ni dejar la tienda sin administradores.',
  CUSTOMER_CHANGED: 'Esta cuenta ha cambiado desde que la abriste. Se ha recargado: revisa y vuelve a intentarlo.',
  REMEMBER_INVALID: 'Tu sesión recordada ha caducado o se ha cerrado. Inicia sesión de nuevo.',
  REMEMBER_RETRY: 'Se está iniciando tu sesión en otra pestaña. Vuelve a intentarlo.',
  OIDC_NOT_CONFIGURED: 'Este acceso no está disponible.',
  OIDC_FAILED: 'Error de acceso',
  OIDC_EMAIL_NOT_VERIFIED:
    'Tu proveedor de identidad no ha verificado tu email: no podemos usarlo para entrar. Verifícalo allí o entra con tu contraseña.',
  OIDC_NO_ROLE:
    'Tu cuenta del proveedor de identidad no tiene acceso al back office. Pide a un administrador que te añada al grupo correspondiente.',
  'customer.email_admin_only': 'Solo un administrador puede cambiar el email de un cliente (es su acceso).',
};

/** The user messages of customers and signing in in es, en and pt (one per error code, whose key it is). */
export const CUSTOMERS_MESSAGES: ServerMessages<keyof typeof es> = {
  es,
  en: {
    INVALID_CREDENTIALS: 'Sign-in error: the email or password is not correct.',
    EMAIL_TAKEN: 'An account with this email already exists. Sign in or reset your password.',
    RESET_TOKEN_INVALID:
      'The password reset link is not valid, has already been used or has expired. Ask for a new one.',
    SIGN_IN_LINK_INVALID: 'The sign-in link is not valid, has already been used or has expired. Ask for a new one.',
    IMPERSONATION_REFUSED: 'Only an admin can log in as a customer, and only into active customer accounts.',
    AGENT_CHANGE_REFUSED: 'You cannot deactivate yourself or drop your admin role, nor leave the shop without admins.',
    CUSTOMER_CHANGED: 'This account changed since you opened it. It has been reloaded: check and try again.',
    REMEMBER_INVALID: 'Your remembered session has expired or was signed out. Please sign in again.',
    REMEMBER_RETRY: 'Your session is being opened in another tab. Please try again.',
    OIDC_NOT_CONFIGURED: 'This sign-in option is not available.',
    OIDC_FAILED: 'Sign-in error',
    OIDC_EMAIL_NOT_VERIFIED:
      'Your identity provider has not verified your email, so we cannot use it to sign you in. Verify it there or sign in with your password.',
    OIDC_NO_ROLE:
      'Your identity provider account has no access to the back office. Ask an administrator to add you to the right group.',
    'customer.email_admin_only': "Only an admin can change a customer's e-mail (it is their login).",
  },
  pt: {
    INVALID_CREDENTIALS: 'Erro de acesso: o email ou a palavra-passe não estão corretos.',
    EMAIL_TAKEN: 'Já existe uma conta com este email. Inicie sessão ou recupere a sua palavra-passe.',
    RESET_TOKEN_INVALID:
      'A ligação para redefinir a palavra-passe não é válida, já foi usada ou expirou. Peça uma nova.',
    SIGN_IN_LINK_INVALID: 'A ligação para entrar não é válida, já foi usada ou expirou. Peça uma nova.',
    IMPERSONATION_REFUSED: 'Só um administrador pode entrar como um cliente, e só em contas de cliente ativas.',
    AGENT_CHANGE_REFUSED:
      'Não pode desativar-se nem retirar-se o papel de administrador, nem deixar a loja sem administradores.',
    CUSTOMER_CHANGED: 'Esta conta mudou desde que a abriu. Foi recarregada: reveja e tente de novo.',
    REMEMBER_INVALID: 'A sua sessão memorizada expirou ou foi terminada. Inicie sessão novamente.',
    REMEMBER_RETRY: 'A sua sessão está a ser aberta noutro separador. Tente novamente.',
    OIDC_NOT_CONFIGURED: 'Esta opção de acesso não está disponível.',
    OIDC_FAILED: 'Erro de acesso',
    OIDC_EMAIL_NOT_VERIFIED:
      'O seu fornecedor de identidade não verificou o seu email, por isso não o podemos usar para entrar. Verifique-o lá ou entre com a sua palavra-passe.',
    OIDC_NO_ROLE:
      'A sua conta do fornecedor de identidade não tem acesso ao back office. Peça a um administrador que o adicione ao grupo certo.',
    'customer.email_admin_only': 'Só um administrador pode alterar o email de um cliente (é o seu acesso).',
  },
};

declare module '../../shared/app-error.js' {
  interface ModuleErrorCodes {
    customers: typeof CUSTOMERS_ERRORS;
  }
}
declare module '../../i18n/server-messages.js' {
  interface ModuleMessageKeys {
    customers: keyof typeof es;
  }
}
