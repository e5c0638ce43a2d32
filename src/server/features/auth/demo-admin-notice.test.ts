import { describe, expect, it } from 'vitest';
import { demoAdminNotice } from './demo-admin-notice.js';

describe('demoAdminNotice', () => {
  it('is a ruled plain-text block with the e-mail, the password and how to reset it', () => {
    const text = demoAdminNotice(
      { email: 'admin@palmares.local', password: 'Secret123' },
      'http://127.0.0.1:5000',
    );
    const lines = text.split('\n');
    expect(lines[0]).toBe('');
    expect(lines[1]).toMatch(/^=+$/);
    expect(lines.filter((l) => /^=+$/.test(l))).toHaveLength(2);
    expect(text).toMatch(/E-mail: +admin@palmares\.local\n/);
    expect(text).toMatch(/Password: +Secret123\n/);
    expect(text).toContain('http://127.0.0.1:5000/api/login');
    expect(text).toContain('npm run users -- reset-password admin@palmares.local');
    expect(text.endsWith('\n\n')).toBe(true);
    expect(lines.some((l) => l.trim().startsWith('{'))).toBe(false);
  });
});
