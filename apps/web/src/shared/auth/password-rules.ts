// The domain's password rules in a chunk of their own: the strength estimator (zxcvbn) and its dictionaries weigh a
// few hundred kB, which only the forms that set a password need. Loaded when such a form appears (loadPasswordRules),
// so it is there by the time it is submitted; the server applies the same rules again.
export { checkNewPassword, checkPasswordChange, checkRegistration, passwordUserInputs } from '@ventanilla/domain';
