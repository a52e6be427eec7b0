/**
 * Files for the upload stories of a funnel's tabs: a file as the browser hands it over, and a
 * file chooser set to "All files" picking it.
 */

/** A file named `name` holding `text`: text/csv when the name ends in .csv, else a binary type. */
export const fileNamed = (name: string, text: string) => new File([text], name, { type: name.endsWith('.csv') ? 'text/csv' : 'application/octet-stream' });

/** Sets the input's file as a file chooser set to "All files" does (userEvent.upload would honour `accept`). */
export function chooseFile(input: HTMLElement, file: File) {
  const dt = new DataTransfer();
  dt.items.add(file);
  (input as HTMLInputElement).files = dt.files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
}
