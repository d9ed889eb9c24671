/** Brand marks of the social sign-in row (simple single-path glyphs, coloured by the theme). */
import type { ReactNode } from 'react';

function Glyph({ children }: { children: ReactNode }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

export const SOCIAL_PROVIDERS = [
  {
    id: 'google',
    name: 'Google',
    icon: (
      <Glyph>
        <path
          fill="currentColor"
          d="M21.35 11.1H12v2.95h5.35c-.25 1.45-1.7 4.25-5.35 4.25a5.9 5.9 0 0 1 0-11.8c1.85 0 3.1.8 3.8 1.45l2.6-2.5C16.75 3.9 14.6 3 12 3a9 9 0 1 0 0 18c5.2 0 8.65-3.65 8.65-8.8 0-.6-.05-1.05-.15-1.5z"
        />
      </Glyph>
    ),
  },
  {
    id: 'telegram',
    name: 'Telegram',
    icon: (
      <Glyph>
        <path
          fill="currentColor"
          d="M21.9 4.3 18.8 19c-.2 1-.85 1.25-1.7.8l-4.7-3.45-2.25 2.2c-.25.25-.45.45-.95.45l.35-4.8 8.7-7.85c.4-.35-.1-.55-.6-.2L6.9 12.9l-4.6-1.45c-1-.3-1-1 .2-1.5l18-6.95c.85-.3 1.6.2 1.4 1.3z"
        />
      </Glyph>
    ),
  },
  {
    id: 'x',
    name: 'X',
    icon: (
      <Glyph>
        <path
          fill="currentColor"
          d="M17.75 3h3.1l-6.8 7.75L22 21h-6.25l-4.9-6.4L5.25 21h-3.1l7.25-8.3L2 3h6.4l4.45 5.85zm-1.1 16.2h1.7L7.45 4.7H5.6z"
        />
      </Glyph>
    ),
  },
  {
    id: 'discord',
    name: 'Discord',
    icon: (
      <Glyph>
        <path
          fill="currentColor"
          d="M19.6 5.3A16.5 16.5 0 0 0 15.5 4l-.5 1a15.3 15.3 0 0 0-6 0l-.5-1a16.5 16.5 0 0 0-4.1 1.3C1.8 9.2 1.1 13 1.4 16.7A16.6 16.6 0 0 0 6.5 19.2l1.1-1.8c-.6-.2-1.2-.5-1.7-.9l.4-.3a11.8 11.8 0 0 0 11.4 0l.4.3c-.5.4-1.1.7-1.7.9l1.1 1.8a16.6 16.6 0 0 0 5.1-2.5c.4-4.3-.7-8-3-11.4zM8.7 14.5c-1 0-1.8-.9-1.8-2s.8-2 1.8-2 1.8.9 1.8 2-.8 2-1.8 2zm6.6 0c-1 0-1.8-.9-1.8-2s.8-2 1.8-2 1.8.9 1.8 2-.8 2-1.8 2z"
        />
      </Glyph>
    ),
  },
] as const;

/** A fox-like mark for the browser wallet button (not the vendor's logo). */
export function WalletMark() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path fill="#e2761b" d="m21.3 2-8 5.9 1.5-3.5z" />
      <path
        fill="#e4761b"
        d="m2.7 2 7.9 6-1.4-3.6zM18.4 16.2l-2.1 3.3 4.6 1.3 1.3-4.5zM1.8 16.3l1.3 4.5 4.6-1.3-2.1-3.3z"
      />
      <path
        fill="#f6851b"
        d="m7.4 10.6-1.3 1.9 4.6.2-.2-4.9zM16.6 10.6l-3.2-2.9-.1 5 4.6-.2zM7.7 19.5l2.8-1.3-2.4-1.9zM13.5 18.2l2.8 1.3-.4-3.2z"
      />
      <path fill="#c0ad9e" d="m16.3 19.5-2.8-1.3.2 1.8v.8zM7.7 19.5l2.6 1.3v-.8l.2-1.8z" />
      <path fill="#763d16" d="m10.4 15-2.3-.7 1.6-.7zM13.6 15l.7-1.4 1.6.7z" />
      <path fill="#f6851b" d="m6.1 12.5 2 3.8-.1-1.9zM15.9 14.4l-.1 1.9 2-3.8z" />
    </svg>
  );
}
