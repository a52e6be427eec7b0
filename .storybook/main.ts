import type { StorybookConfig } from '@storybook/react-vite';

/** Storybook 10 for the component library: stories in /stories, a11y checks, msw's worker served from ./public. */
const config: StorybookConfig = {
  stories: ['../stories/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-a11y'],
  framework: { name: '@storybook/react-vite', options: {} },
  staticDirs: ['./public'],
  core: { disableTelemetry: true },
  viteFinal(config) {
    // The app's vite.config roots Vite at src/app; stories are served from the project root.
    return { ...config, root: process.cwd() };
  },
};
export default config;
