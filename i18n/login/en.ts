/** Login service pages (sign-in, profile, terms of use). Interpolation uses %{name}. */
export default {
  common: {
    appName: 'Publish',
    language: 'Language',
    backToApp: 'Back to the application',
    signout: 'Sign out',
    required: 'This field is required.',
    csrf: 'Your form has expired. Please try again.',
  },
  signin: {
    title: 'Sign in',
    intro: 'Sign in with your platform account.',
    username: 'Username',
    password: 'Password',
    submit: 'Sign in',
    invalidCredentials: 'Unable to sign in with the provided credentials.',
    tooManyAttempts: 'Too many attempts. Please wait a minute and try again.',
  },
  profile: {
    title: 'My profile',
    identityTitle: 'Identity',
    username: 'Username',
    firstName: 'First name',
    lastName: 'Last name',
    email: 'Email address',
    save: 'Save',
    saved: 'Your profile has been saved.',
    invalidEmail: 'Enter a valid email address.',
    passwordTitle: 'Change password',
    currentPassword: 'Current password',
    newPassword: 'New password',
    confirmPassword: 'Confirm the new password',
    changePassword: 'Change password',
    passwordChanged: 'Your password has been changed.',
    wrongPassword: 'The current password is incorrect.',
    passwordMismatch: 'The two passwords do not match.',
  },
  terms: {
    title: 'Terms of use',
    version: 'Version %{version}',
    paragraph1:
      'This back-office is reserved for the staff of the organisations and user groups of the regional open-data platform.',
    paragraph2:
      'You undertake to publish only data you are entitled to distribute, under the licence you choose, and to keep your credentials confidential.',
    paragraph3:
      'Your name, email address and actions are recorded to run the platform. You may ask the platform administrators to access or correct them.',
    accept: 'I accept the terms of use',
    accepted: 'You accepted these terms on %{date}.',
    continue: 'Continue',
  },
};
