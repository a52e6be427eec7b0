import type { StorybookConfig } from '@storybook/react-vite';

/**
 * Storybook 10 for the component library: stories in /stories, a11y checks, docs pages for every
 * component (autodocs: TSDoc and props from react-docgen), msw's worker served from ./public.
 */
const config: StorybookConfig = {
  stories: ['../stories/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-a11y', '@storybook/addon-docs'],
  framework: { name: '@storybook/react-vite', options: {} },
  staticDirs: ['./public'],
  core: { disableTelemetry: true },
  viteFinal(config) {
    // The app's vite.config roots Vite at src/app; stories are served from the project root.
    return { ...config, root: process.cwd() };
  },
};
export default config;
