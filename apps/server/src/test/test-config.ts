import { loadConfig, type AppConfig } from '../config.ts';

/** Known passwords of the seeded demo users in test databases. */
export const TEST_PASSWORDS = { admin: 'admin-test-pass-1', analyst: 'analyst-test-pass-1', user: 'user-test-pass-1' } as const;

/** Configuration for tests: no env leakage except DATABASE_URL, known seed passwords. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  const base = loadConfig({
    DATABASE_URL: process.env.DATABASE_URL,
    OPENCRT_ADMIN_PASSWORD: TEST_PASSWORDS.admin,
    OPENCRT_ANALYST_PASSWORD: TEST_PASSWORDS.analyst,
    OPENCRT_USER_PASSWORD: TEST_PASSWORDS.user,
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
  });
  // Demo content (vendor scenarios…) would change what every list call answers: tests seed their own.
  return { ...base, seedDemoData: false, ...overrides };
}
