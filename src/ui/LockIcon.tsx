import { lockIcon } from './styles.css';

/** The lock icon shown next to a locked funnel's name (001 §2); an image named "Locked". */
export function LockIcon({ size = 14 }: { size?: number }) {
  return (
    <svg role="img" aria-label="Locked" width={size} height={size} viewBox="0 0 16 16" className={lockIcon}>
      <path
        fill="currentColor"
        d="M4 7V5a4 4 0 1 1 8 0v2h.5A1.5 1.5 0 0 1 14 8.5v6A1.5 1.5 0 0 1 12.5 16h-9A1.5 1.5 0 0 1 2 14.5v-6A1.5 1.5 0 0 1 3.5 7H4Zm2 0h4V5a2 2 0 1 0-4 0v2Z"
      />
    </svg>
  );
}
