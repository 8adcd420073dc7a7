import { defineConfig } from '@pandacss/dev';
import { globalCss } from './src/theme/global-css';
import { keyframes } from './src/theme/keyframes';
import { recipes, slotRecipes } from './src/theme/recipes';
import { semanticTokens } from './src/theme/semantic-tokens';

export default defineConfig({
  preflight: true,
  jsxFramework: 'react',
  include: ['./src/**/*.{ts,tsx}'],
  exclude: ['./src/**/*.spec.{ts,tsx}'],
  outdir: 'styled-system',
  globalCss,
  // The UI kit passes variants through props, so emit every variant of our (few) recipes.
  staticCss: { recipes: '*' },
  theme: {
    extend: {
      tokens: {
        fonts: {
          body: {
            value:
              "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', 'Noto Sans', Arial, sans-serif",
          },
          heading: { value: '{fonts.body}' },
        },
        durations: { toast: { value: '200ms' } },
      },
      semanticTokens,
      keyframes,
      recipes,
      slotRecipes,
    },
  },
});
