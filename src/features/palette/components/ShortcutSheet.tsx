/**
 * The keyboard shortcut sheet (`?` outside a text field, or "Keyboard shortcuts" in the
 * palette): every shortcut of {@link SHORTCUT_GROUPS}, grouped by where it works, in a
 * dialog that Escape or Close closes.
 */
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Button } from '../../../ui/Button';
import * as ui from '../../../ui/styles.css';
import { SHORTCUT_GROUPS } from '../shortcuts';
import * as css from './palette.css';

/** Props of {@link ShortcutSheet}. */
export interface ShortcutSheetProps {
  isOpen: boolean;
  onClose: () => void;
  /** Write ⌘ for Ctrl (a Mac); default: as the platform says. */
  mac?: boolean;
}

/** See the module comment. */
export function ShortcutSheet({ isOpen, onClose, mac = false }: ShortcutSheetProps) {
  const name = (k: string) => (mac && k === 'Ctrl' ? '⌘' : k);
  return (
    <ModalOverlay isOpen={isOpen} onOpenChange={(o) => !o && onClose()} isDismissable className={ui.overlay}>
      <Modal className={ui.modal}>
        <Dialog className={ui.dialog}>
          <Heading slot="title">Keyboard shortcuts</Heading>
          {SHORTCUT_GROUPS.map((g) => (
            <section key={g.where} aria-label={g.where}>
              <h3 className={css.group}>{g.where}</h3>
              <table>
                <tbody>
                  {g.shortcuts.map((s) => (
                    <tr key={s.does}>
                      <td className={css.keys}>
                        {s.keys.map((combo, i) => (
                          <span key={combo.join('+')}>
                            {i > 0 && ' or '}
                            {combo.map((k, j) => (
                              <span key={k}>
                                {j > 0 && '+'}
                                <kbd className={css.kbd}>{name(k)}</kbd>
                              </span>
                            ))}
                          </span>
                        ))}
                      </td>
                      <td>{s.does}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          ))}
          <div className={ui.dialogFooter}>
            <Button onPress={onClose}>Close</Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
