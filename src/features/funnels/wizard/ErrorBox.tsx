import { useId } from 'react';
import { Button, styles as s } from '../../../ui';
import * as css from './wizard.css';

/** Props of {@link ErrorBox}. */
export interface ErrorBoxProps {
  /** The messages to show (the seeds' wording); nothing is rendered when empty. */
  messages: readonly string[];
  /** Closes the box (the wizard clears its messages). */
  onClose: () => void;
}

/**
 * The quick wizard's error box (001 §2 "A closable error box titled ERROR is shown on
 * failures"; §8 "Wizard error box titled ERROR, closable"): the title ERROR, the messages of
 * the failure ('Missing Page ID', 'Page path already exists', …) and a Close button.
 * Announced as an alert when it appears.
 */
export function ErrorBox({ messages, onClose }: ErrorBoxProps) {
  const id = useId();
  if (!messages.length) return null;
  return (
    <div role="alert" aria-labelledby={id} className={css.errorBox}>
      <div className={s.row}>
        <strong id={id}>ERROR</strong>
        <span className={s.spacer} />
        <Button size="sm" variant="ghost" aria-label="Close error" onPress={onClose}>
          ×
        </Button>
      </div>
      <ul>
        {messages.map((m) => (
          <li key={m}>{m}</li>
        ))}
      </ul>
    </div>
  );
}
