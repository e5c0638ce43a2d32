export interface DemoAdminCredentials {
  email: string;
  password: string;
}

const RULE = '='.repeat(72);

/**
 * What `npm start` prints once for the demo admin it just created: plain text between two rules,
 * with a blank line around it, so it stands out from the log lines and can be copied. The
 * password is never logged through pino (logs are often shipped elsewhere and kept).
 */
export function demoAdminNotice(admin: DemoAdminCredentials, siteUrl: string): string {
  return [
    '',
    RULE,
    '  Demo admin account (shown only this once)',
    '',
    `    E-mail:    ${admin.email}`,
    `    Password:  ${admin.password}`,
    `    Sign in:   ${siteUrl}/api/login`,
    '',
    '  Only a hash of the password is stored, in the users of this database. To set a new one:',
    `    npm run users -- reset-password ${admin.email}`,
    RULE,
    '',
    '',
  ].join('\n');
}
