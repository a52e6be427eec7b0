/** Types of tests/chromium.mjs (its TSDoc is there). */
export declare const CHROMIUM_PATH: string;
export declare const EXTRA_DISABLED_FEATURES: string[];
export declare function playwrightDisabledFeatures(): string[];
export declare const CHROMIUM_SWITCHES: string[];
export declare const CHROMIUM_ARGS: string[];
export declare const CHROMIUM_LAUNCH: { executablePath: string; args: string[] };
