/** Values shared by the global setup and the tests. */
export const TEST_DEMO_PASSWORD = 'demo-password-for-tests';
export const TEST_TERMS_VERSION = '1';
