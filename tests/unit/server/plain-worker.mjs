/**
 * A worker module in plain JavaScript, as the production build's are (tests/unit/server/workers.test.ts):
 * it tells whether its thread can import a TypeScript file, which only tsx's loader allows.
 */
export async function importsTypeScript() {
  try {
    await import('./slow-start-worker.ts');
    return true;
  } catch (e) {
    // Only Node's refusal of the file type means "no loader"; anything else is the test's failure.
    if (e?.code === 'ERR_UNKNOWN_FILE_EXTENSION') return false;
    throw e;
  }
}
