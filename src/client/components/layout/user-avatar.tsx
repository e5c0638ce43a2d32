import { useState } from 'react';
import type { AuthUser } from '#client/lib/use-auth';
import { cn } from '#client/lib/cn';

interface UserAvatarProps {
  user: AuthUser;
  className?: string;
}

function initialsOf(user: AuthUser): string {
  const fromName = [user.firstName, user.lastName]
    .map((part) => part?.trim().charAt(0) ?? '')
    .join('');
  return (fromName || user.email?.charAt(0) || '?').toUpperCase();
}

export function UserAvatar({ user, className }: UserAvatarProps) {
  const [failed, setFailed] = useState(false);
  const base = cn('size-10 shrink-0 rounded-full', className);
  if (user.profileImageUrl && !failed) {
    return (
      <img
        src={user.profileImageUrl}
        alt=""
        width={40}
        height={40}
        referrerPolicy="no-referrer"
        onError={() => setFailed(true)}
        className={cn(base, 'object-cover ring-2 ring-gold-400')}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={cn(
        base,
        'inline-flex items-center justify-center bg-ink-800 text-sm font-semibold text-gold-300 ring-2 ring-gold-400/70',
      )}
    >
      {initialsOf(user)}
    </span>
  );
}
