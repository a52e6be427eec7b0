/** jsdom's console sink, beside src/server/uploads/jsdom.d.ts (jsdom ships no types): the page-script test runs scripts and silences navigation notices. */
declare module 'jsdom' {
  export class VirtualConsole {}
}
