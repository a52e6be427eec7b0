/**
 * A list's "Export CSV" (001 §2 lists; the list as searched, filtered and sorted, every page):
 * the button on the list's toolbar and the same action in the command palette while the list is
 * shown. The screen gives the request (its list's export route with the list's query, through
 * src/api); the answer's file is handed to the browser's download under the name the server
 * gives, and the outcome is said in a toast.
 */
import { useState } from 'react';
import { Button } from '../Button';
import { useScreenActions } from '../screen-actions';
import { notify } from '../Toast';

/** Props of {@link ExportCsvButton}. */
export interface ExportCsvButtonProps {
  /** Asks the server for the file (resolves with its 200 answer; rejects with the API client's error). */
  request: () => Promise<Response>;
  /** The file's name when the answer names none (`offers.csv`). */
  fallbackName: string;
  /** Nothing to export (an empty list): the button is disabled and the palette has no action. */
  isDisabled?: boolean;
}

/** The file name of a `Content-Disposition: attachment; filename="…"` header, or `fallback`. */
export const attachmentName = (header: string | null, fallback: string) => /filename="([^"]+)"/.exec(header ?? '')?.[1] ?? fallback;

/**
 * Hands `res`'s body to the browser's download as a file.
 * @returns the file's name.
 */
export async function saveDownload(res: Response, fallbackName: string): Promise<string> {
  const name = attachmentName(res.headers.get('Content-Disposition'), fallbackName);
  const url = URL.createObjectURL(await res.blob());
  try {
    const a = document.createElement('a');
    a.href = url;
    a.download = name;
    document.body.append(a);
    a.click();
    a.remove();
  } finally {
    // The click has handed the file to the browser by now.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
  return name;
}

/** See the module comment. */
export function ExportCsvButton({ request, fallbackName, isDisabled = false }: ExportCsvButtonProps) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      notify.success(`Downloaded ${await saveDownload(await request(), fallbackName)}`);
    } catch (e) {
      notify.error(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  useScreenActions(isDisabled ? [] : [{ id: 'export-csv', label: 'Export CSV', run: () => void run() }]);
  return (
    <Button isDisabled={busy || isDisabled} onPress={() => void run()}>
      {busy ? 'Exporting…' : 'Export CSV'}
    </Button>
  );
}
