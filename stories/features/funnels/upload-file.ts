/**
 * Files for the upload stories of a funnel's tabs: a file as the browser hands it over, a file
 * chooser set to "All files" picking it, and the error an upload the server refuses rejects with.
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

/**
 * The error an upload the API refuses (422) rejects with: `<file> file upload failed.`, its
 * `reason` and the bad rows, as src/api's client raises it.
 */
export const refusedUpload = (file: string, reason: string, errors: { line: number; message: string }[]) =>
  Object.assign(new Error(`${file} file upload failed.`), { status: 422, body: { message: `${file} file upload failed.`, reason, errors } });
