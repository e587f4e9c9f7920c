/** Roomcast's mark (a camera with a recording light), used where no logo image is configured. */
export function ProductMark({ size = 28 }: { size?: number }) {
  return (
    <svg viewBox="0 0 32 32" width={size} height={size} aria-hidden focusable="false">
      <rect x="1" y="6" width="22" height="20" rx="4" fill="#4fa3ff" />
      <path d="M23 13l8-5v16l-8-5z" fill="#4fa3ff" />
      <circle cx="12" cy="16" r="4.5" fill="#0d2538" />
      <circle cx="12" cy="16" r="2" fill="#ff5a5f" />
    </svg>
  );
}
