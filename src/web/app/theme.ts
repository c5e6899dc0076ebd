import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core';
import notificationClasses from './notification.module.css';

/** The brand green of the original product (Tailwind's green scale). */
const green: MantineColorsTuple = [
  '#f0fdf4',
  '#dcfce7',
  '#bbf7d0',
  '#86efac',
  '#4ade80',
  '#22c55e',
  '#16a34a',
  '#15803d',
  '#166534',
  '#14532d',
];

/** The 'cool' grey scale of the original product (Tailwind's cool grey): bluish and darker than Mantine's, so dimmed text keeps its contrast. */
const gray: MantineColorsTuple = [
  '#f9fafb',
  '#f3f4f6',
  '#e5e7eb',
  '#d1d5db',
  '#9ca3af',
  '#6b7280',
  '#4b5563',
  '#374151',
  '#1f2937',
  '#111827',
];

/**
 * Tailwind's yellow and orange, for the statuses "Retornar" and "Não atendeu": with Mantine's own,
 * the light badges' text (shade 9 on shade 1) and white on a filled button (shade 7) fall below
 * the 4.5:1 contrast ratio of WCAG AA.
 */
const yellow: MantineColorsTuple = [
  '#fefce8',
  '#fef9c3',
  '#fef08a',
  '#fde047',
  '#facc15',
  '#eab308',
  '#ca8a04',
  '#a16207',
  '#854d0e',
  '#713f12',
];
const orange: MantineColorsTuple = [
  '#fff7ed',
  '#ffedd5',
  '#fed7aa',
  '#fdba74',
  '#fb923c',
  '#f97316',
  '#ea580c',
  '#c2410c',
  '#9a3412',
  '#7c2d12',
];

/** Tailwind's red: white on a filled red button (shade 7) keeps 4.5:1, Mantine's does not. */
const red: MantineColorsTuple = [
  '#fef2f2',
  '#fee2e2',
  '#fecaca',
  '#fca5a5',
  '#f87171',
  '#ef4444',
  '#dc2626',
  '#b91c1c',
  '#991b1b',
  '#7f1d1d',
];

export const theme = createTheme({
  primaryColor: 'green',
  // Shade 7 keeps white button text above the 4.5:1 contrast ratio of WCAG AA, on either scheme.
  primaryShade: { light: 7, dark: 7 },
  colors: { green, gray, yellow, orange, red },
  defaultRadius: 'md',
  cursorType: 'pointer',
  // Mantine's built-in labels are in English; the whole interface is pt-BR.
  components: {
    Menu: { defaultProps: { offset: 8 } },
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Fechar' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Fechar' } } },
    // A table wider than a phone scrolls sideways in its container: Tab must reach it there.
    TableScrollContainer: { defaultProps: { tabIndex: 0 } },
    Notification: {
      classNames: { description: notificationClasses.description },
      defaultProps: { closeButtonProps: { 'aria-label': 'Fechar aviso' } },
    },
    PasswordInput: {
      defaultProps: {
        visibilityToggleButtonProps: { 'aria-label': 'Mostrar ou ocultar o que foi digitado' },
      },
    },
  },
});

/**
 * In the dark scheme Mantine's dimmed and placeholder texts (dark.2 and dark.3 on dark.7, 4:1
 * and less) fall below WCAG AA's 4.5:1; dark.1 keeps hints, descriptions, placeholders and
 * secondary figures legible.
 */
export const cssVariablesResolver: CSSVariablesResolver = (mantineTheme) => ({
  variables: {},
  light: {},
  dark: {
    '--mantine-color-dimmed': mantineTheme.colors.dark[1] as string,
    '--mantine-color-placeholder': mantineTheme.colors.dark[1] as string,
    // A field's error in red 8 on the dark background falls below 4.5:1; red 4 keeps it.
    '--mantine-color-error': mantineTheme.colors.red[4] as string,
  },
});
